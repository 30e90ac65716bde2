import { data, Form, redirect } from "react-router";
import { formatUsd } from "~/content/pricing";
import { formatMountain } from "~/clock/format";
import { requestContext } from "~/context";
import { requestNow } from "~/clock/page-clock.server";
import { isProduction } from "~/lib/config.server";
import { pageMeta } from "~/lib/meta";
import { invoiceGateway, localInvoice, payLocalInvoice } from "~/payments/invoice-gateway.server";
import { endInvoice, settleInvoice } from "~/payments/invoices.server";
import type { Route } from "./+types/dev.checkout.invoice.$id";

/**
 * The local stand-in for Stripe's hosted invoice page (issue 53): used only
 * while STRIPE_SECRET_KEY is unset, never in production. "Pay the invoice"
 * is the billing contact's bank transfer arriving, "Void" the organizers
 * voiding it in Stripe; each runs the same handler as Stripe's webhook event.
 */
function assertStandIn(env: Env) {
  if (isProduction(env) || env.STRIPE_SECRET_KEY) throw data(null, { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  assertStandIn(env);
  const invoice = await localInvoice(env, params.id);
  if (!invoice) throw data(null, { status: 404 });
  return {
    description: invoice.description,
    amount: formatUsd(invoice.amountDue),
    customer: invoice.customerName,
    email: invoice.customerEmail,
    poNumber: invoice.poNumber,
    due: formatMountain(new Date(invoice.dueDate * 1000), "longDate"),
    status: invoice.status,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  assertStandIn(env);
  const invoice = await localInvoice(env, params.id);
  if (!invoice) throw data(null, { status: 404 });
  const intent = (await request.formData()).get("intent");
  const now = requestNow(context);
  if (intent === "pay" && (await payLocalInvoice(env, invoice.id))) {
    await settleInvoice(env, invoice.id, { now, requestId });
  } else if (intent === "void") {
    await invoiceGateway(env).void(invoice.id);
    await endInvoice(env, invoice.id, { now, reason: "invoice.voided" });
  }
  return redirect(`/dev/checkout/invoice/${invoice.id}`, 303);
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Test invoice", "The local stand-in for the payment provider's invoice page."),
  { name: "robots", content: "noindex" },
];

export default function DevInvoice({ loaderData }: Route.ComponentProps) {
  const { description, amount, customer, email, poNumber, due, status } = loaderData;
  return (
    <section className="container-page section">
      <div className="mx-auto max-w-lg card p-6 sm:p-8">
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Local test invoice: no money moves. With STRIPE_SECRET_KEY set, invoices go to Stripe instead.
        </p>
        <h1 className="mt-6 text-2xl font-bold text-brand-950">Invoice</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-semibold text-slate-600">For</dt>
          <dd>{description}</dd>
          <dt className="font-semibold text-slate-600">Billed to</dt>
          <dd>
            {customer} ({email})
          </dd>
          <dt className="font-semibold text-slate-600">Amount due</dt>
          <dd className="text-xl font-bold text-brand-950">{amount}</dd>
          {poNumber ? (
            <>
              <dt className="font-semibold text-slate-600">PO number</dt>
              <dd data-testid="dev-invoice-po">{poNumber}</dd>
            </>
          ) : null}
          <dt className="font-semibold text-slate-600">Due</dt>
          <dd data-testid="dev-invoice-due">{due}</dd>
          <dt className="font-semibold text-slate-600">Status</dt>
          <dd data-testid="dev-invoice-status">{status}</dd>
        </dl>
        {status === "open" ? (
          <Form method="post" className="mt-8 flex flex-wrap gap-4">
            <button type="submit" name="intent" value="pay" className="btn-primary">
              Pay the invoice
            </button>
            <button type="submit" name="intent" value="void" className="btn-secondary">
              Void
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
