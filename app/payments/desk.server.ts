/**
 * The receivables page of the organizers' desk (issue 53): an edition's
 * invoices filtered, totalled and paged, and the forms that run the
 * registered actions of ./receivables.server.ts on one invoice.
 */
import type * as z from "zod/mini";
import { invoiceStatusLabels } from "~/content/invoices";
import { formatUsd } from "~/content/pricing";
import type { Intent } from "~/forms/intent-action.server";
import { actionIntent } from "~/organize/action-intent.server";
import { deskEditionName, deskEditionOptions } from "~/organize/desk-editions.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import { paged } from "~/organize/paging";
import {
  invoicesList,
  ListSchema,
  receivableFilters,
  receivableRow,
  resendInvoice,
  settleInvoiceOutside,
  settleLargeInvoiceOutside,
  voidInvoice,
} from "./receivables.server";

export async function receivablesDeskView(desk: Desk, url: URL) {
  const parsed = ListSchema.safeParse(
    Object.fromEntries([...url.searchParams].filter(([key, value]) => value !== "" && key !== "page")),
  );
  const filter = parsed.success ? parsed.data : {};
  const editionId = filter.edition ?? desk.edition.id;
  const status = filter.status ?? "";
  const rows = await invoicesList(desk.db, { editionId, status }, desk.action.now);
  const query = new URLSearchParams({ edition: editionId, ...(status ? { status } : {}) });
  const items = rows.map((row) => receivableRow(row, desk.action.now));
  const total = (list: typeof items) => formatUsd(list.reduce((sum, r) => sum + r.amountCents, 0));
  return {
    header: deskHeader(desk),
    editionName: deskEditionName(desk, editionId),
    filter: { edition: editionId, status },
    options: {
      editions: deskEditionOptions(desk),
      statuses: receivableFilters.map((s) => ({
        value: s,
        label: s === "" ? "Any" : s === "overdue" ? "Overdue" : invoiceStatusLabels[s],
      })),
    },
    totals: {
      open: total(items.filter((r) => r.status === "open")),
      paid: total(items.filter((r) => r.status === "paid")),
    },
    canResend: desk.can("resend:invoice"),
    canVoid: desk.can("void:invoice"),
    canSettle: desk.can("settle:invoice"),
    csv: `/organize/invoices.csv?${query.toString()}`,
    invoices: paged(items, url),
  };
}

export type ReceivablesDeskView = Awaited<ReturnType<typeof receivablesDeskView>>;

const withInstance = <S extends z.ZodMiniObject>(i: Intent<S, Desk>): Intent<S, Desk> => ({
  ...i,
  instanceField: "id",
});

export const receivablesDeskIntents = {
  "invoice-resend": withInstance(
    actionIntent(resendInvoice, { title: "Invoice resent", redirectTo: "/organize/invoices" }),
  ),
  "invoice-void": withInstance(
    actionIntent(voidInvoice, { title: "Invoice voided", redirectTo: "/organize/invoices" }),
  ),
  "invoice-paid-outside": withInstance(
    actionIntent(settleInvoiceOutside, { title: "Payment recorded", redirectTo: "/organize/invoices" }),
  ),
  "invoice-paid-outside-large": withInstance(
    actionIntent(settleLargeInvoiceOutside, { title: "Payment proposed", redirectTo: "/organize/invoices" }),
  ),
};
