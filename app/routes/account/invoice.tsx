import { data } from "react-router";
import { InvoiceStatus } from "~/components/invoices/invoice-list";
import { PageHero } from "~/components/page";

import { requestContext, signedInContext } from "~/context";
import { pageMeta } from "~/lib/meta";
import { siteContact } from "~/lib/site-config.server";
import { invoiceById, invoiceListItem } from "~/payments/invoices.server";
import type { Route } from "./+types/invoice";

/**
 * One invoice, for the account that requested it (issue 53): what it is for,
 * its PO number, its due date and status ("overdue" past it), and the link to
 * pay it online. Anyone else gets the site's 404.
 */
export const meta: Route.MetaFunction = () => pageMeta("Your invoice", "An invoice and how to pay it.");

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const { user, now } = context.get(signedInContext);
  const row = await invoiceById(env, params.id);
  if (!row || row.userId !== user.id) throw data(null, { status: 404 });
  return data(
    {
      invoice: { ...invoiceListItem(row, now, ""), number: row.number, hostedUrl: row.hostedUrl, address: row.address },
      kind: row.recordKind,
      organizer: siteContact(env).organizerLegalName,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function AccountInvoice({ loaderData }: Route.ComponentProps) {
  const { invoice, kind, organizer } = loaderData;
  return (
    <>
      <PageHero eyebrow="Your invoice" title={invoice.item} lead={<p>Invoiced by {organizer}.</p>} />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl card p-6 sm:p-8" data-testid="invoice">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="font-semibold text-slate-600">Invoice</dt>
            <dd>{invoice.number ?? "Being created"}</dd>
            <dt className="font-semibold text-slate-600">Billed to</dt>
            <dd className="whitespace-pre-line">
              {invoice.legalName}
              {"\n"}
              {invoice.address}
            </dd>
            <dt className="font-semibold text-slate-600">Amount</dt>
            <dd>{invoice.amount}</dd>
            {invoice.poNumber ? (
              <>
                <dt className="font-semibold text-slate-600">PO number</dt>
                <dd data-testid="invoice-po">{invoice.poNumber}</dd>
              </>
            ) : null}
            <dt className="font-semibold text-slate-600">Due</dt>
            <dd data-testid="invoice-due">{invoice.due ?? "—"}</dd>
            <dt className="font-semibold text-slate-600">Status</dt>
            <dd>
              <InvoiceStatus status={invoice.status} overdue={invoice.overdue} />
              {invoice.status === "open" && kind === "sponsorship"
                ? " (your sponsorship is committed; it counts as paid once the invoice is paid)"
                : null}
            </dd>
          </dl>
          {invoice.status === "open" && invoice.hostedUrl ? (
            <p className="mt-6">
              The invoice was e-mailed to your billing contact.{" "}
              <a
                href={invoice.hostedUrl}
                className="font-medium text-brand-700 underline"
                data-testid="invoice-pay-link"
              >
                View and pay it online
              </a>{" "}
              (bank transfer, ACH or card).
              {kind === "registration" ? " Your company code is issued as soon as the invoice is paid." : ""}
            </p>
          ) : null}
        </div>
      </section>
    </>
  );
}
