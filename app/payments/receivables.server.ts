/**
 * Receivables on the organizers' desk (issue 53, ADR 025): the invoices of
 * an edition (open, overdue, paid, void) with their amounts, due dates and
 * PO numbers, and the registered actions on one invoice — resend it, void it
 * (with a reason), or record a payment received outside Stripe (a cheque:
 * who, the day received, its reference). Above INVOICE_TWO_PERSON_CENTS the
 * last is one-way, under the two-person rule. Each is the desk's, the
 * organizer API's and the CLI's, with its audit row.
 */
import { and, asc, count, desc, eq, exists, inArray, isNotNull, isNull, or, lt, type SQL } from "drizzle-orm";
import * as z from "zod/mini";
import { formatMountain } from "~/clock/format";
import { INVOICE_TWO_PERSON_CENTS, invoiceStatusLabels, receivablesText } from "~/content/invoices";
import { deskRules } from "~/content/organize";
import { formatUsd } from "~/content/pricing";
import { invoices, registrations, sponsorships, type Invoice } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { refusal, type Refusal } from "~/lib/refusal";
import {
  actorLabel,
  defineOrganizerAction,
  defineOrganizerQuery,
  type ActionContext,
  type Planned,
} from "~/organize/action.server";
import { invoiceGateway } from "./invoice-gateway.server";
import { isOverdue, settleInvoice } from "./invoices.server";

export const receivableFilters = ["", "open", "overdue", "paid", "void", "uncollectible"] as const;
export type ReceivableFilter = (typeof receivableFilters)[number];

const InvoiceIdSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
const VoidSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  reason: z
    .string({ error: receivablesText.reasonRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: receivablesText.reasonRequired }),
      z.maxLength(500, { error: receivablesText.reasonRequired }),
    ),
});
const SettleSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  receivedOn: z
    .string({ error: receivablesText.receivedOnInvalid })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: receivablesText.receivedOnInvalid })),
  reference: z
    .string({ error: receivablesText.referenceRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: receivablesText.referenceRequired }),
      z.maxLength(100, { error: receivablesText.referenceRequired }),
    ),
});

async function openInvoice(ctx: ActionContext, id: string): Promise<Invoice | Refusal> {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!row || !row.stripeInvoiceId) return refusal(receivablesText.unknown, 404);
  if (row.status !== "open") return refusal(receivablesText.notOpen(invoiceStatusLabels[row.status]), 409);
  return row;
}

/** The invoice row as it was when the action read it: still open, for the batch's guard. */
function stillOpen(ctx: ActionContext, id: string): SQL {
  return exists(
    ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.status, "open"))),
  );
}

function targets(row: Invoice) {
  return {
    invoiceId: row.id,
    stripeInvoiceId: row.stripeInvoiceId,
    editionId: row.editionId,
    userId: row.userId,
    [row.recordKind === "registration" ? "registrationId" : "sponsorshipId"]: row.recordId,
    legalName: row.legalName,
    amount: formatUsd(row.amountCents),
  };
}

function subject(row: Invoice) {
  return {
    editionId: row.editionId,
    userId: row.userId,
    organizationId: row.recordKind === "registration" ? row.recordId : null,
  };
}

export const resendInvoice = defineOrganizerAction({
  id: "invoices.resend",
  permission: "resend:invoice",
  input: InvoiceIdSchema,
  async run({ id }, ctx): Promise<Planned<{ id: string }> | Refusal> {
    const row = await openInvoice(ctx, id);
    if (!("id" in row)) return row;
    await invoiceGateway(ctx.env).resend(row.stripeInvoiceId!);
    const at = ctx.now.toISOString();
    return {
      ok: true,
      statements: [ctx.db.update(invoices).set({ updatedAt: at }).where(eq(invoices.id, row.id))],
      holds: stillOpen(ctx, row.id),
      audit: {
        summary: `Resent the invoice ${row.number ?? row.id} (${row.item}) to ${row.billingEmail}`,
        targets: targets(row),
        subject: subject(row),
      },
      message: receivablesText.resent(row.billingEmail),
      result: { id: row.id },
    };
  },
});

export const voidInvoice = defineOrganizerAction({
  id: "invoices.void",
  permission: "void:invoice",
  input: VoidSchema,
  async run({ id, reason }, ctx): Promise<Planned<{ id: string }> | Refusal> {
    const row = await openInvoice(ctx, id);
    if (!("id" in row)) return row;
    // Stripe first: it is where the buyer pays, so it must stop taking the money before the site says void.
    await invoiceGateway(ctx.env).void(row.stripeInvoiceId!);
    const at = ctx.now.toISOString();
    const table = row.recordKind === "registration" ? registrations : sponsorships;
    return {
      ok: true,
      statements: [
        ctx.db
          .update(invoices)
          .set({ status: "void", endedAt: at, endReason: reason, updatedAt: at })
          .where(and(eq(invoices.id, row.id), eq(invoices.status, "open"))),
        ctx.db
          .update(table)
          .set({ status: "failed", updatedAt: at })
          .where(and(eq(table.id, row.recordId), eq(table.status, "pending"))),
      ],
      holds: exists(
        ctx.db
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.id, row.id), eq(invoices.status, "void"), eq(invoices.endedAt, at))),
      ),
      audit: {
        summary: `Voided the invoice ${row.number ?? row.id} (${row.item}, ${formatUsd(row.amountCents)}) of ${row.legalName}`,
        targets: targets(row),
        subject: subject(row),
        reason,
        before: { status: "open" },
        after: { status: "void" },
      },
      message: receivablesText.voided,
      result: { id: row.id },
    };
  },
});

async function settleOutside(
  { id, receivedOn, reference }: z.output<typeof SettleSchema>,
  ctx: ActionContext,
  large: boolean,
): Promise<Planned<{ id: string }> | Refusal> {
  const row = await openInvoice(ctx, id);
  if (!("id" in row)) return row;
  const limit = formatUsd(INVOICE_TWO_PERSON_CENTS);
  if (!large && row.amountCents > INVOICE_TWO_PERSON_CENTS) return refusal(receivablesText.needsTwo(limit), 409);
  if (large && row.amountCents <= INVOICE_TWO_PERSON_CENTS) return refusal(receivablesText.notLarge(limit), 409);
  await invoiceGateway(ctx.env).payOutOfBand(row.stripeInvoiceId!);
  const by = actorLabel(ctx.actor);
  const at = ctx.now.toISOString();
  const outside = { by, on: receivedOn, reference };
  return {
    ok: true,
    statements: [
      ctx.db
        .update(invoices)
        .set({ paidOutsideBy: by, paidOutsideOn: receivedOn, paidOutsideReference: reference, updatedAt: at })
        .where(and(eq(invoices.id, row.id), isNull(invoices.paidOutsideBy))),
    ],
    holds: exists(
      ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(eq(invoices.id, row.id), eq(invoices.paidOutsideBy, by), eq(invoices.paidOutsideReference, reference)),
        ),
    ),
    audit: {
      summary: `Recorded ${formatUsd(row.amountCents)} received outside Stripe on ${receivedOn} (${reference}) for the invoice ${row.number ?? row.id} of ${row.legalName}`,
      targets: { ...targets(row), receivedOn, reference },
      subject: subject(row),
      before: { status: "open" },
      after: { status: "paid", paidOutside: outside },
    },
    message: receivablesText.settled,
    result: { id: row.id },
    // The fulfilment's own guarded batch: the code and the confirmation, once, as for invoice.paid.
    afterwards: async () => {
      await settleInvoice(ctx.env, row.stripeInvoiceId!, { now: ctx.now, requestId: ctx.requestId, outside });
    },
  };
}

export const settleInvoiceOutside = defineOrganizerAction({
  id: "invoices.paid-outside",
  permission: "settle:invoice",
  input: SettleSchema,
  run: (input, ctx) => settleOutside(input, ctx, false),
});

/** The same above the threshold: one organizer proposes, a director confirms (ADR 018). */
export const settleLargeInvoiceOutside = defineOrganizerAction({
  id: "invoices.paid-outside-large",
  permission: "settle:invoice",
  input: SettleSchema,
  async preview({ id, receivedOn, reference }, ctx) {
    const row = await openInvoice(ctx, id);
    if (!("id" in row)) return row;
    return {
      summary: `Record ${formatUsd(row.amountCents)} received outside Stripe for the invoice ${row.number ?? row.id} of ${row.legalName}`,
      tables: [
        {
          caption: "The payment",
          columns: ["Invoice", "Organization", "Amount", "PO", "Received on", "Reference"],
          rows: [
            [row.number ?? row.id, row.legalName, formatUsd(row.amountCents), row.poNumber, receivedOn, reference],
          ],
        },
      ],
    };
  },
  run: (input, ctx) => settleOutside(input, ctx, true),
});

function statusWhere(filter: ReceivableFilter, now: Date): SQL | undefined {
  const at = now.toISOString();
  const overdue = and(eq(invoices.status, "open"), or(isNotNull(invoices.overdueAt), lt(invoices.dueAt, at)));
  switch (filter) {
    case "":
      return undefined;
    case "overdue":
      return overdue;
    case "open":
      return eq(invoices.status, "open");
    default:
      return eq(invoices.status, filter);
  }
}

function listWhere(editionId: string, status: ReceivableFilter, now: Date): SQL | undefined {
  return and(
    editionId === "all" ? undefined : eq(invoices.editionId, editionId),
    inArray(invoices.status, ["open", "paid", "void", "uncollectible"]),
    statusWhere(status, now),
  );
}

export async function invoicesList(
  db: Db,
  { editionId, status }: { editionId: string; status: ReceivableFilter },
  now: Date,
) {
  return db
    .select()
    .from(invoices)
    .where(listWhere(editionId, status, now))
    .orderBy(asc(invoices.dueAt), desc(invoices.createdAt));
}

/**
 * One page of `invoicesList`, read in SQL with the count of every row: what
 * the organizer API answers, so a large edition never comes back in one
 * response. A page past the last reads the last, as the desk's tables do.
 */
export async function invoicesListPage(
  db: Db,
  { editionId, status, page }: { editionId: string; status: ReceivableFilter; page: number },
  now: Date,
) {
  const where = listWhere(editionId, status, now);
  const [counted] = await db.select({ n: count() }).from(invoices).where(where);
  const total = counted?.n ?? 0;
  const size = deskRules.pageSize;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    // The id last: rows due and created at the same instant keep one order from page to page.
    .orderBy(asc(invoices.dueAt), desc(invoices.createdAt), asc(invoices.id))
    .limit(size)
    .offset((current - 1) * size);
  return { rows, page: current, pages, total };
}

export const ListSchema = z.object({
  edition: z.optional(z.string().check(z.maxLength(64))),
  status: z.optional(z.enum(receivableFilters)),
  /** The API's page (1 when absent); the desk pages its own table by the URL. */
  page: z.optional(z.string().check(z.regex(/^\d{1,6}$/))),
});

export const invoicesListQuery = defineOrganizerQuery({
  id: "invoices.list",
  permission: "read:invoice",
  input: ListSchema,
  async read(input, ctx) {
    const { rows, ...paging } = await invoicesListPage(
      ctx.db,
      { editionId: input.edition ?? ctx.edition.id, status: input.status ?? "", page: Number(input.page ?? 1) },
      ctx.now,
    );
    return { invoices: rows.map((row) => ({ ...row, overdue: isOverdue(row, ctx.now) })), ...paging };
  },
});

export const receivableActions = [resendInvoice, voidInvoice, settleInvoiceOutside, settleLargeInvoiceOutside];
export const receivableQueries = [invoicesListQuery];

const day = (iso: string | null) => (iso ? formatMountain(new Date(iso), "longDate") : null);

/** One invoice as the desk shows it. */
/**
 * The columns the desk shows of an invoice (`receivableRow`): selected as they are, or read as a JSON list beside
 * a person's facts (app/people/people.server.ts), from this one list.
 */
export const receivableColumns = {
  id: invoices.id,
  number: invoices.number,
  legalName: invoices.legalName,
  item: invoices.item,
  recordKind: invoices.recordKind,
  recordId: invoices.recordId,
  userId: invoices.userId,
  amountCents: invoices.amountCents,
  poNumber: invoices.poNumber,
  billingEmail: invoices.billingEmail,
  status: invoices.status,
  dueAt: invoices.dueAt,
  overdueAt: invoices.overdueAt,
  paidAt: invoices.paidAt,
  paidOutsideBy: invoices.paidOutsideBy,
  paidOutsideOn: invoices.paidOutsideOn,
  paidOutsideReference: invoices.paidOutsideReference,
  endReason: invoices.endReason,
};

export type ReceivableFields = Pick<Invoice, keyof typeof receivableColumns>;

export function receivableRow(row: ReceivableFields, now: Date) {
  return {
    id: row.id,
    number: row.number ?? row.id.slice(0, 8),
    legalName: row.legalName,
    item: row.item,
    kind: row.recordKind,
    recordId: row.recordId,
    userId: row.userId,
    amount: formatUsd(row.amountCents),
    amountCents: row.amountCents,
    large: row.amountCents > INVOICE_TWO_PERSON_CENTS,
    poNumber: row.poNumber,
    billingEmail: row.billingEmail,
    status: row.status,
    statusLabel: isOverdue(row, now) ? "Overdue" : invoiceStatusLabels[row.status],
    overdue: isOverdue(row, now),
    due: day(row.dueAt),
    paid: day(row.paidAt),
    paidOutside: row.paidOutsideReference
      ? `${row.paidOutsideReference}, ${row.paidOutsideOn} (${row.paidOutsideBy?.replace(/^organizer:/, "")})`
      : null,
    ended: row.endReason,
  };
}

/** The invoices a person requested, or of an organization's package: the desk's person and organization pages. */
export function invoicesQuery(db: Db, of: { userId: string } | { recordId: string }) {
  return db
    .select()
    .from(invoices)
    .where("userId" in of ? eq(invoices.userId, of.userId) : eq(invoices.recordId, of.recordId))
    .orderBy(desc(invoices.createdAt))
    .limit(100);
}

/** A person's or an organization's invoices as the desk lists them (from `invoicesQuery`'s rows, or a person's facts). */
export function invoicesView(rows: readonly ReceivableFields[], now: Date) {
  return rows.map((row) => receivableRow(row, now));
}

export async function invoicesOf(db: Db, of: { userId: string } | { recordId: string }, now: Date) {
  return invoicesView(await invoicesQuery(db, of), now);
}
