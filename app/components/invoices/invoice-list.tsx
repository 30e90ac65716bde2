import { Link } from "react-router";
import { invoiceStatusLabels } from "~/content/invoices";

export interface InvoiceListItem {
  id: string;
  item: string;
  amount: string;
  status: keyof typeof invoiceStatusLabels;
  overdue: boolean;
  due: string | null;
  poNumber: string | null;
  legalName: string;
  /** The buyer's own page; the desk links elsewhere. */
  href: string;
}

/** "Overdue" beside an open invoice past its due date (ADR 025); an open sponsorship invoice is committed, not paid. */
export function InvoiceStatus({ status, overdue }: { status: InvoiceListItem["status"]; overdue: boolean }) {
  if (overdue) {
    return (
      <span className="rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800" data-testid="invoice-overdue">
        Overdue
      </span>
    );
  }
  return <span data-testid="invoice-status">{invoiceStatusLabels[status]}</span>;
}

export function InvoiceList({
  invoices,
  title = "Invoices",
}: {
  invoices: readonly InvoiceListItem[];
  title?: string;
}) {
  if (invoices.length === 0) return null;
  return (
    <section className="card p-6" aria-labelledby="invoices-heading" data-testid="invoices">
      <h2 id="invoices-heading" className="text-xl font-bold text-brand-950">
        {title}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span>
              <Link to={invoice.href} className="font-medium text-brand-700 underline">
                {invoice.item}
              </Link>{" "}
              · {invoice.legalName}
              {invoice.poNumber ? ` · PO ${invoice.poNumber}` : ""}
            </span>
            <span className="text-sm">
              {invoice.amount}
              {invoice.due ? ` · due ${invoice.due}` : ""} ·{" "}
              <InvoiceStatus status={invoice.status} overdue={invoice.overdue} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
