import { data, Link } from "react-router";
import { formatUsd } from "~/content/pricing";
import { requestContext } from "~/context";
import { paymentToasts } from "~/payments/registration-form";
import { requestNow } from "~/clock/page-clock.server";
import { log } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import type { Toast } from "~/lib/toast";
import {
  purchaseDetailsForOwner,
  verifyPayment,
  type PaymentStatus,
  type PurchaseDetails,
} from "~/payments/verify.server";
import { getSessionUser } from "~/accounts/session.server";
import type { Route } from "./+types/sponsor-success";

/**
 * Thank-you page after sponsor checkout. It reads session_id and verifies it
 * through fulfil(), which records a payment once however often this page loads.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, requestId } = context.get(requestContext);
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  log("info", "sponsor.success_page", { requestId, sessionId: sessionId.slice(0, 80) });
  let paymentStatus: PaymentStatus = "unknown";
  let details: PurchaseDetails | null = null;
  let toast: Toast | null = null;
  try {
    const verification = await verifyPayment(env, sessionId, { now: requestNow(context), requestId, request });
    paymentStatus = verification.paymentStatus;
    if (!verification.success) toast = { id: crypto.randomUUID(), ...paymentToasts.verificationError };
    if (verification.paymentStatus === "completed" && verification.kind && verification.recordId) {
      const user = await getSessionUser(request, env);
      details = await purchaseDetailsForOwner(env, {
        kind: verification.kind,
        recordId: verification.recordId,
        userId: user?.id,
      });
    }
  } catch (error) {
    log("error", "payments.verification_failed", { requestId, error });
    toast = { id: crypto.randomUUID(), ...paymentToasts.verificationError };
  }
  return data({ paymentStatus, details, toast }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Thank You for Sponsoring", "Thank you for sponsoring the Idaho AI Challenge."),
  { name: "robots", content: "noindex" },
];

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
