import { data, Form } from "react-router";
import { PageHero } from "~/components/page";
import { PrintButton } from "~/components/invoices/print-button";
import { plans, sponsorPaymentTerms, sponsorTiersById, formatUsd } from "~/content/pricing";
import { requestClock } from "~/clock/page-clock.server";
import { formatMountain } from "~/clock/format";
import { requestContext } from "~/context";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { siteContact } from "~/lib/site-config.server";
import { invoicePurchase } from "~/payments/invoice-form";
import { invoiceClosedMessage, priceOfPurchase } from "~/payments/invoices.server";
import type { Route } from "./+types/quote";

/**
 * A printable quote (issue 53): what a finance office attaches to a purchase
 * order. The price is the server's for today, valid until the pricing phase
 * (or sponsorships) end; the payee is the organizer's legal name, with the
 * payee details and the W-9 only where the organizers have set them. The PDF
 * is the browser's "Save as PDF" from its print dialog (a print stylesheet
 * drops the site's header and footer). One button turns it into an invoice request.
 */
export const handle = { hydrate: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta("Quote", "A printable quote for the Workforce Package or a sponsorship.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const purchase = invoicePurchase(new URL(request.url).searchParams.get("for"));
  if (!purchase) throw data(null, { status: 404 });
  const { env } = context.get(requestContext);
  const { now, edition } = requestClock(context);
  const price = priceOfPurchase(env, purchase, now, edition);
  return {
    purchase,
    item: price.item,
    amount: formatUsd(price.amountCents),
    includes: purchase === "workforce" ? plans.workforce.includes : sponsorTiersById[purchase].benefits,
    editionName: edition.name,
    issued: formatMountain(now, "longDate"),
    validUntil: formatMountain(price.validUntil, "longDate"),
    dueDays: sponsorPaymentTerms.dueDaysFromInvoice,
    organizer: siteContact(env).organizerLegalName,
    contactEmail: siteContact(env).email,
    payeeDetails: env.INVOICE_PAYEE_DETAILS?.trim() || null,
    w9Url: env.W9_URL?.trim() || null,
    closedMessage: invoiceClosedMessage(purchase, now, edition),
  };
}

export default function Quote({ loaderData }: Route.ComponentProps) {
  const q = loaderData;
  return (
    <>
      <div className="print:hidden">
        <PageHero eyebrow="Pay by invoice" title="Quote" lead="Print it or save it as a PDF for your purchase order." />
      </div>
      <section className="section bg-slate-50 print:bg-white print:p-0">
        <div className="container-page max-w-3xl">
          <article className="card p-6 sm:p-8 print:border-0 print:shadow-none" data-testid="quote">
            <header className="flex flex-wrap justify-between gap-4">
              <div>
                <h2 className="text-2xl font-bold text-brand-950">Quote</h2>
                <p className="text-slate-600">Issued {q.issued}</p>
              </div>
              <div className="text-right">
                <p className="font-semibold" data-testid="quote-payee">
                  {q.organizer}
                </p>
                <p className="text-slate-600">{q.contactEmail}</p>
              </div>
            </header>
            <table className="mt-6 w-full text-left">
              <thead>
                <tr className="border-b border-slate-300">
                  <th className="py-2">Item</th>
                  <th className="py-2 text-right">Price (USD)</th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-slate-200">
                  <td className="py-2">
                    {q.item} — {q.editionName}
                  </td>
                  <td className="py-2 text-right font-semibold" data-testid="quote-amount">
                    {q.amount}
                  </td>
                </tr>
              </tbody>
            </table>
            <h2 className="mt-6 font-bold text-brand-950">Included</h2>
            <ul className="mt-2 list-disc pl-5">
              {q.includes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <h2 className="mt-6 font-bold text-brand-950">Terms</h2>
            <p className="mt-2" data-testid="quote-validity">
              This price is valid until {q.validUntil}. Payment is due {q.dueDays} days after the invoice is issued, by
              bank transfer (ACH), check or card.
            </p>
            {q.payeeDetails ? (
              <>
                <h2 className="mt-6 font-bold text-brand-950">Payee details</h2>
                <p className="mt-2 whitespace-pre-line" data-testid="quote-payee-details">
                  {q.payeeDetails}
                </p>
              </>
            ) : null}
            {q.w9Url ? (
              <p className="mt-4">
                Form W-9:{" "}
                <a href={q.w9Url} className="font-medium text-brand-700 underline" data-testid="quote-w9">
                  {q.w9Url}
                </a>
              </p>
            ) : null}
          </article>
          <div className="mt-6 flex flex-wrap items-center gap-4 print:hidden">
            <PrintButton />
            {q.closedMessage ? (
              <p>{q.closedMessage}</p>
            ) : (
              <Form method="get" action="/request-invoice">
                <input type="hidden" name="for" value={q.purchase} />
                <button type="submit" className="btn-primary">
                  Request an invoice for this quote
                </button>
              </Form>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
