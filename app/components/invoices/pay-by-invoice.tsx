import { Link } from "react-router";

/**
 * The other two ways an organization pays (issue 53, ADR 025), beside the
 * pay-now form: a printable quote first, or an invoice with a purchase order.
 */
export function PayByInvoice({ purchase }: { purchase: string }) {
  return (
    <aside className="mt-6 rounded-lg border border-slate-200 bg-white p-4" data-testid="pay-by-invoice">
      <h2 className="font-bold text-brand-950">Paying with a purchase order or a bank transfer?</h2>
      <p className="mt-1 text-slate-700">
        <Link to={`/quote?for=${purchase}`} className="font-medium text-brand-700 underline">
          Get a printable quote
        </Link>{" "}
        for your finance office, or{" "}
        <Link to={`/request-invoice?for=${purchase}`} className="font-medium text-brand-700 underline">
          request an invoice
        </Link>{" "}
        (due in 30 days; bank transfer, check or card).
      </p>
    </aside>
  );
}
