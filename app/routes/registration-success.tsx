import { useEffect, useRef } from "react";
import { Link, useNavigation, useRevalidator } from "react-router";
import { formatUsd } from "~/content/pricing";
import { formatCompanyCode } from "~/payments/company-code";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { successLoader } from "~/payments/success-loader.server";
import type { PurchaseDetails } from "~/payments/verify.server";
import type { Route } from "./+types/registration-success";

// With JavaScript, a payment still processing is re-checked behind a spinner.
export const handle = { hydrate: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Registration", "Your Idaho AI Challenge registration."),
  { name: "robots", content: "noindex" },
];

export function loader(args: Route.LoaderArgs) {
  return successLoader(args, { enrollment: true });
}

const POLL_INTERVAL_MS = 3000;
const POLL_LIMIT = 20;

export default function RegistrationSuccess({ loaderData }: Route.ComponentProps) {
  const { paymentStatus, details } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const polls = useRef(0);
  const processing = paymentStatus === "pending";
  useEffect(() => {
    if (!processing || polls.current >= POLL_LIMIT) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      void revalidator.revalidate();
    }, POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [processing, revalidator, loaderData]);
  const verifying = revalidator.state === "loading" || navigation.state === "loading";
  const confirmed = paymentStatus === "completed" || paymentStatus === "enrolled";

  return (
    <section className="section bg-slate-50">
      <div className="container-page max-w-xl">
        {processing || verifying ? (
          <div
            role="status"
            className="mb-6 flex items-center justify-center gap-3 text-slate-700"
            data-testid="verifying"
          >
            <span
              aria-hidden="true"
              className="size-6 animate-spin rounded-full border-4 border-brand-600 border-r-transparent motion-reduce:animate-none"
            />
            Verifying your payment...
          </div>
        ) : null}
        <div className="card p-8 text-center" data-testid="success-card" data-payment-status={paymentStatus}>
          <span
            aria-hidden="true"
            className={`mx-auto flex size-14 items-center justify-center rounded-full text-2xl font-bold text-white ${confirmed ? "bg-green-600" : "bg-brand-600"}`}
          >
            {confirmed ? "✓" : "i"}
          </span>
          <h1 className="mt-4 text-3xl font-bold text-brand-950">
            {paymentStatus === "completed"
              ? "Payment Successful!"
              : paymentStatus === "enrolled"
                ? "You're Enrolled!"
                : processing
                  ? "Payment Processing"
                  : "Thank You"}
          </h1>
          <p className="mt-3 text-slate-700">
            {paymentStatus === "completed"
              ? "Your registration for the Idaho AI Challenge is confirmed. A confirmation e-mail is on its way."
              : paymentStatus === "enrolled"
                ? "You're enrolled through your organization's Workforce Package. A confirmation e-mail is on its way."
                : processing
                  ? "Your payment is still being processed. We'll e-mail you as soon as it is confirmed."
                  : "We couldn't confirm a payment for this link. If you paid, your confirmation e-mail will follow; otherwise please contact support."}
          </p>
          {details ? <Details details={details} /> : null}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/submission-guidelines" className="btn-primary">
              View Submission Guidelines
            </Link>
            <Link to="/" className="btn-secondary">
              Return to Home
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function Details({ details }: { details: PurchaseDetails }) {
  return (
    <dl
      className="mx-auto mt-6 grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-left"
      data-testid="purchase-details"
    >
      <dt className="font-semibold text-slate-600">Registration</dt>
      <dd>{details.item}</dd>
      <dt className="font-semibold text-slate-600">Amount</dt>
      <dd data-testid="paid-amount">
        {details.kind === "enrollment" ? "Covered by your organization" : formatUsd(details.amountCents)}
      </dd>
      {details.organizationName ? (
        <>
          <dt className="font-semibold text-slate-600">Organization</dt>
          <dd>{details.organizationName}</dd>
        </>
      ) : null}
      {details.companyCode ? (
        <>
          <dt className="font-semibold text-slate-600">Company code</dt>
          <dd>
            <code
              data-testid="company-code"
              className="rounded bg-slate-100 px-2 py-1 font-mono text-lg font-bold tracking-widest"
            >
              {formatCompanyCode(details.companyCode)}
            </code>
            <p className="mt-1 text-sm text-slate-600">
              Share it only with your employees: they enter it when they register and are enrolled at no charge.
            </p>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
