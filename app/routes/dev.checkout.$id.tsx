import { data, Form, redirect } from "react-router";
import { formatUsd } from "~/content/pricing";
import { requestContext } from "~/context";
import { requestNow } from "~/clock/page-clock.server";
import { isProduction } from "~/lib/config.server";
import { pageMeta } from "~/lib/meta";
import { fulfill } from "~/payments/fulfill.server";
import { completeLocalSession, localSession } from "~/payments/gateway.server";
import type { Route } from "./+types/dev.checkout.$id";

/**
 * The local stand-in for Stripe Checkout (ARCHITECTURE.md, Payments): used
 * only while STRIPE_SECRET_KEY is unset, never in production (the worker
 * entry answers 404 for /dev/*, and so does this route). "Pay" completes the
 * session and runs the same fulfill() as Stripe's webhook, then returns to the
 * success url with session_id, as Stripe does. Works without JavaScript.
 */
function assertStandIn(env: Env) {
  if (isProduction(env) || env.STRIPE_SECRET_KEY) throw data(null, { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  assertStandIn(env);
  const session = await localSession(env, params.id);
  if (!session) throw data(null, { status: 404 });
  return {
    id: session.id,
    description: session.description,
    amount: formatUsd(session.amountTotal),
    email: session.customerEmail,
    status: session.status,
    cancelUrl: session.cancelUrl,
    successUrl: successUrlFor(session.successUrl, session.id),
  };
}

function successUrlFor(template: string, sessionId: string): string {
  return template.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(sessionId));
}

export async function action({ params, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  assertStandIn(env);
  const session = await localSession(env, params.id);
  if (!session) throw data(null, { status: 404 });
  if (session.status === "expired") throw data(null, { status: 410 });
  await completeLocalSession(env, session.id);
  await fulfill(env, session.id, { now: requestNow(context), requestId });
  return redirect(successUrlFor(session.successUrl, session.id), 303);
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Test checkout", "The local stand-in for the payment provider's checkout."),
  { name: "robots", content: "noindex" },
];

export default function DevCheckout({ loaderData }: Route.ComponentProps) {
  const { description, amount, email, status, cancelUrl, successUrl } = loaderData;
  return (
    <section className="container-page section">
      <div className="mx-auto max-w-lg card p-6 sm:p-8">
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Local test checkout: no card is charged. With STRIPE_SECRET_KEY set, payments go to Stripe instead.
        </p>
        <h1 className="mt-6 text-2xl font-bold text-brand-950">Checkout</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-semibold text-slate-600">Plan</dt>
          <dd data-testid="checkout-plan">{description}</dd>
          <dt className="font-semibold text-slate-600">Amount</dt>
          <dd data-testid="checkout-amount" className="text-xl font-bold text-brand-950">
            {amount}
          </dd>
          <dt className="font-semibold text-slate-600">Email</dt>
          <dd>{email}</dd>
        </dl>
        {status === "open" ? (
          <Form method="post" className="mt-8 flex flex-wrap items-center gap-4">
            <button type="submit" className="btn-primary">
              Pay {amount}
            </button>
            <a href={cancelUrl} className="font-medium text-brand-700 underline hover:no-underline">
              Cancel and return
            </a>
          </Form>
        ) : status === "complete" ? (
          <p className="mt-8">
            This checkout is paid.{" "}
            <a href={successUrl} className="font-medium text-brand-700 underline hover:no-underline">
              Continue
            </a>
          </p>
        ) : (
          <p className="mt-8">This checkout has expired.</p>
        )}
      </div>
    </section>
  );
}
