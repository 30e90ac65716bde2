import { Link } from "react-router";
import { formatUsd } from "~/content/pricing";
import { pageMeta } from "~/lib/meta";
import { successLoader } from "~/payments/success-loader.server";
import type { Route } from "./+types/sponsor-success";

/**
 * Thank-you page after sponsor checkout: the shared success loader verifies
 * the session (fulfilling it once, however often the page loads).
 */
export const meta: Route.MetaFunction = () => [
  ...pageMeta("Thank You for Sponsoring", "Thank you for sponsoring the Idaho AI Challenge."),
  { name: "robots", content: "noindex" },
];

export function loader(args: Route.LoaderArgs) {
  return successLoader(args);
}

export default function SponsorSuccess({ loaderData }: Route.ComponentProps) {
  const { paymentStatus, details } = loaderData;
  const confirmed = paymentStatus === "completed";
  return (
    <section className="section bg-slate-50">
      <div className="container-page max-w-xl">
        <div className="card p-8 text-center" data-testid="success-card" data-payment-status={paymentStatus}>
          <h1 className="text-3xl font-bold text-brand-950">Thank You for Your Sponsorship!</h1>
          <p className="mt-3 text-slate-700">
            {confirmed
              ? "Your sponsorship payment is confirmed. A confirmation e-mail is on its way, and Stripe sends your paid invoice."
              : "We couldn't confirm a payment for this link yet. If you paid, your confirmation e-mail will follow; otherwise please contact us."}
          </p>
          {details ? (
            <dl
              className="mx-auto mt-6 grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-left"
              data-testid="purchase-details"
            >
              <dt className="font-semibold text-slate-600">Sponsorship</dt>
              <dd>{details.item}</dd>
              <dt className="font-semibold text-slate-600">Amount</dt>
              <dd data-testid="paid-amount">{formatUsd(details.amountCents)}</dd>
              <dt className="font-semibold text-slate-600">Company</dt>
              <dd>{details.organizationName}</dd>
            </dl>
          ) : null}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/" className="btn-primary">
              Return to Home
            </Link>
            <Link to="/sponsors#tiers" className="btn-secondary">
              View Sponsorship Tiers
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
