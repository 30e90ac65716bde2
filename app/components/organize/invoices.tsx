/**
 * /organize/invoices (issue 53): the receivables of an edition, filtered by a
 * GET form, paged, with their CSV; on an open invoice the registered actions
 * (resend, void with a reason, a payment received outside Stripe), plain
 * forms that work without JavaScript.
 */
import type { IntentActionData } from "~/forms/intent-action.server";
import type { ReceivablesDeskView } from "~/payments/desk.server";
import { IntentForm, intentErrors, Refusals } from "../intent-form";
import { cellClass, deskControlClass, deskLabelClass, deskLinkClass } from "./desk";
import { FilteredList, Select } from "./people";

type Row = ReceivablesDeskView["invoices"]["items"][number];

export function InvoicesSection({ view, actionData }: { view: ReceivablesDeskView; actionData?: IntentActionData }) {
  const { invoices: list, filter, options, totals } = view;
  const refusals = ["invoice-resend", "invoice-void", "invoice-paid-outside", "invoice-paid-outside-large"].flatMap(
    (intent) => intentErrors(actionData, intent),
  );
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="invoice-totals">
        Open (committed): {totals.open} · Paid: {totals.paid}
      </p>
      <Refusals messages={refusals} />
      <FilteredList
        id="invoices"
        title="Invoices"
        csv={view.csv}
        filters={
          <>
            <Select id="in-edition" name="edition" label="Edition" value={filter.edition} options={options.editions} />
            <Select id="in-status" name="status" label="Status" value={filter.status} options={options.statuses} />
          </>
        }
        list={list}
        none="No invoice matches."
        caption="Invoices"
        head={["Invoice", "Organization", "For", "Amount", "PO", "Due", "Status", "Actions"]}
        row={(r: Row) => (
          <tr key={r.id} data-testid="invoice-row" data-status={r.overdue ? "overdue" : r.status}>
            <td className={cellClass}>{r.number}</td>
            <td className={`${cellClass} break-words`}>
              <a href={`/organize/people/${encodeURIComponent(r.userId)}`} className={deskLinkClass}>
                {r.legalName}
              </a>
              <span className="block text-xs text-slate-600">{r.billingEmail}</span>
            </td>
            <td className={cellClass}>{r.item}</td>
            <td className={cellClass}>{r.amount}</td>
            <td className={cellClass}>{r.poNumber ?? ""}</td>
            <td className={cellClass}>{r.due ?? ""}</td>
            <td className={cellClass}>
              <span className={r.overdue ? "font-semibold text-red-800" : ""}>{r.statusLabel}</span>
              {r.paidOutside ? <span className="block text-xs">Outside Stripe: {r.paidOutside}</span> : null}
              {r.ended ? <span className="block text-xs">{r.ended}</span> : null}
            </td>
            <td className={cellClass}>{r.status === "open" ? <InvoiceActions row={r} view={view} /> : null}</td>
          </tr>
        )}
      />
    </>
  );
}

function InvoiceActions({ row, view }: { row: Row; view: ReceivablesDeskView }) {
  const settleIntent = row.large ? "invoice-paid-outside-large" : "invoice-paid-outside";
  return (
    <div className="space-y-3">
      {view.canResend ? (
        <IntentForm intent="invoice-resend" errors={[]}>
          <input type="hidden" name="id" value={row.id} />
          <button type="submit" className="btn-outline">
            Resend<span className="sr-only"> the invoice {row.number}</span>
          </button>
        </IntentForm>
      ) : null}
      {view.canVoid ? (
        <IntentForm intent="invoice-void" errors={[]}>
          <input type="hidden" name="id" value={row.id} />
          <label htmlFor={`void-reason-${row.id}`} className={deskLabelClass}>
            Reason
          </label>
          <input id={`void-reason-${row.id}`} name="reason" required maxLength={500} className={deskControlClass} />
          <button type="submit" className="btn-outline mt-1">
            Void<span className="sr-only"> the invoice {row.number}</span>
          </button>
        </IntentForm>
      ) : null}
      {view.canSettle ? (
        <IntentForm intent={settleIntent} errors={[]}>
          <input type="hidden" name="id" value={row.id} />
          <label htmlFor={`received-on-${row.id}`} className={deskLabelClass}>
            Received on
          </label>
          <input id={`received-on-${row.id}`} name="receivedOn" type="date" required className={deskControlClass} />
          <label htmlFor={`reference-${row.id}`} className={deskLabelClass}>
            Cheque or transfer reference
          </label>
          <input id={`reference-${row.id}`} name="reference" required maxLength={100} className={deskControlClass} />
          <button type="submit" className="btn-outline mt-1">
            {row.large ? "Propose: paid outside Stripe" : "Paid outside Stripe"}
            <span className="sr-only"> (invoice {row.number})</span>
          </button>
        </IntentForm>
      ) : null}
    </div>
  );
}

/** The person's and the organization's desk pages: their invoices. */
export function InvoicesOf({ invoices }: { invoices: readonly Row[] }) {
  if (invoices.length === 0) return null;
  return (
    <section aria-labelledby="their-invoices" className="mt-6" data-testid="their-invoices">
      <h2 id="their-invoices" className="text-lg font-bold text-brand-950">
        Invoices
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {invoices.map((r) => (
          <li key={r.id}>
            <a href={`/organize/invoices?edition=all`} className={deskLinkClass}>
              {r.number}
            </a>{" "}
            · {r.item} · {r.amount}
            {r.poNumber ? ` · PO ${r.poNumber}` : ""} · due {r.due ?? "—"} ·{" "}
            <span className={r.overdue ? "font-semibold text-red-800" : ""}>{r.statusLabel}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
