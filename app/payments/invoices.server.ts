/**
 * Paying by invoice (issue 53, ADR 025). An organization asks for an invoice
 * (a Workforce Package or a sponsorship); the server prices it, writes the
 * record (pending) and the invoice row (draft) first, then has Stripe create,
 * finalize and e-mail the invoice. The record is fulfilled on `invoice.paid`
 * through fulfilRecord, the one guarded path a card payment takes too, so
 * however many times and in whatever order Stripe's events arrive, or a
 * cheque is recorded on the desk, it is fulfilled once.
 */
import { and, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Edition } from "~/content/editions";
import { editionOf } from "~/clock/clock.server";
import { pricingPhaseLabels, sponsorPaymentTerms, type PricingPhase } from "~/content/pricing";

const pricingPhases = Object.keys(pricingPhaseLabels) as PricingPhase[];
import { invoiceMessages } from "~/content/invoices";
import { formatUsd } from "~/content/pricing";
import { site } from "~/content/site";
import { formatMountain } from "~/clock/format";
import { unverifiedEmailMessages } from "~/content/registration";
import { getDb, type Db } from "~/db/client.server";
import { invoices, registrations, sponsorships, type Invoice } from "~/db/schema";
import { editionAt } from "~/clock/clock.server";
import { log } from "~/lib/log.server";
import { checkoutAllowed, enrollmentClosedMessage, sponsorshipClosedMessage } from "./checkout.server";
import { fulfilRecord, type Found } from "./fulfill.server";
import type { InvoiceRequestInput, InvoicePurchase } from "./invoice-form";
import { invoiceGateway, type InvoiceView } from "./invoice-gateway.server";
import { quoteRegistration, quoteSponsorship, type Quote } from "./plans.server";
import { PaymentError, type StartOptions } from "./start";
import { registrationWindowEnd } from "./expiry.server";

export { markOverdueInvoices } from "./overdue.server";

export type InvoiceRequestResult = { invoiceId: string; hostedUrl: string | null; created: boolean };

/** What a purchase costs at `now`, and until when that price holds (a quote's validity). */
export function priceOfPurchase(
  env: Env,
  purchase: InvoicePurchase,
  now: Date,
  edition: Edition,
): Quote & { validUntil: Date } {
  if (purchase === "workforce") {
    return { ...quoteRegistration(env, "workforce", now, edition), validUntil: registrationWindowEnd(now, edition) };
  }
  return { ...quoteSponsorship(purchase), validUntil: edition.sponsorshipClosesAt };
}

/** Why this purchase cannot be invoiced now, or null. */
export function invoiceClosedMessage(purchase: InvoicePurchase, now: Date, edition: Edition): string | null {
  return purchase === "workforce" ? enrollmentClosedMessage(now, edition) : sponsorshipClosedMessage(now, edition);
}

function addressText(input: InvoiceRequestInput): string {
  return [input.addressLine1, input.addressLine2, `${input.city}, ${input.state} ${input.postalCode}`]
    .filter(Boolean)
    .join("\n");
}

export async function requestInvoice(
  env: Env,
  input: InvoiceRequestInput,
  options: StartOptions,
): Promise<InvoiceRequestResult> {
  const { now, userId, requestId } = options;
  const db = getDb(env);
  const idempotencyKey = `${userId}:${input.requestKey}`;
  const existing = await invoiceByKey(db, idempotencyKey);
  // A double submit: the first request's invoice, nothing new.
  if (existing && existing.status !== "draft") {
    return { invoiceId: existing.id, hostedUrl: existing.hostedUrl, created: false };
  }

  const edition = editionAt(env, now);
  const closed = invoiceClosedMessage(input.purchase, now, edition);
  if (closed)
    throw new PaymentError(input.purchase === "workforce" ? "enrollment_closed" : "sponsorship_closed", closed);
  if (input.purchase === "workforce" && !options.emailVerified) {
    throw new PaymentError("email_unverified", unverifiedEmailMessages.workforce);
  }
  await checkoutAllowed(env, options.clientIp);

  const row = existing ?? (await insertDraft(env, db, input, { userId, now, edition, idempotencyKey }));
  await ensureRecord(db, row, input, now);

  let view: InvoiceView;
  try {
    view = await invoiceGateway(env).createAndSend({
      key: row.id,
      billingEmail: input.billingEmail,
      billingName: input.billingName,
      legalName: input.legalName,
      address: {
        line1: input.addressLine1,
        line2: input.addressLine2 ?? null,
        city: input.city,
        state: input.state,
        postalCode: input.postalCode,
      },
      taxExempt: input.taxExempt,
      amountCents: row.amountCents,
      description: row.item,
      poNumber: row.poNumber,
      // "Idaho AI Challenge: 2026 Challenge": what the money is for, on the invoice itself.
      editionName: `${site.name}: ${editionOf(env, row.editionId).name}`,
      daysUntilDue: sponsorPaymentTerms.dueDaysFromInvoice,
      metadata: { kind: row.recordKind, record_id: row.recordId, invoice_id: row.id, edition_id: row.editionId },
      now,
    });
  } catch (error) {
    // The draft stays: the same form submitted again repeats the same idempotent calls.
    log("error", "payments.invoice_create_failed", { requestId, invoiceId: row.id, error });
    throw new PaymentError("checkout_failed", invoiceMessages.createFailed);
  }
  const at = now.toISOString();
  await db
    .update(invoices)
    .set({
      stripeInvoiceId: view.id,
      stripeCustomerId: view.customerId,
      hostedUrl: view.hostedUrl,
      number: view.number,
      status: view.status === "draft" ? "open" : view.status,
      dueAt: view.dueDate ? new Date(view.dueDate * 1000).toISOString() : null,
      updatedAt: at,
    })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, "draft")));
  log("info", "payments.invoice_sent", { requestId, invoiceId: row.id, stripeInvoiceId: view.id });
  return { invoiceId: row.id, hostedUrl: view.hostedUrl, created: true };
}

async function invoiceByKey(db: Db, key: string): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.idempotencyKey, key)).limit(1);
  return row ?? null;
}

async function insertDraft(
  env: Env,
  db: Db,
  input: InvoiceRequestInput,
  { userId, now, edition, idempotencyKey }: { userId: string; now: Date; edition: Edition; idempotencyKey: string },
): Promise<Invoice> {
  const price = priceOfPurchase(env, input.purchase, now, edition);
  const at = now.toISOString();
  await db
    .insert(invoices)
    .values({
      id: crypto.randomUUID(),
      editionId: edition.id,
      userId,
      recordKind: input.purchase === "workforce" ? "registration" : "sponsorship",
      recordId: crypto.randomUUID(),
      idempotencyKey,
      item: price.item,
      amountCents: price.amountCents,
      billingEmail: input.billingEmail,
      billingName: input.billingName,
      legalName: input.legalName,
      address: addressText(input),
      poNumber: input.poNumber ?? null,
      taxExempt: input.taxExempt,
      status: "draft",
      createdAt: at,
      updatedAt: at,
    })
    // Two submits racing: the second finds the first's row.
    .onConflictDoNothing({ target: invoices.idempotencyKey });
  const row = await invoiceByKey(db, idempotencyKey);
  if (!row) throw new Error("invoice row vanished after insert");
  return row;
}

/** The record the invoice pays for, pending until it is paid; written once whatever the retries. */
async function ensureRecord(db: Db, row: Invoice, input: InvoiceRequestInput, now: Date): Promise<void> {
  const at = now.toISOString();
  const person = {
    id: row.recordId,
    editionId: row.editionId,
    userId: row.userId,
    amountCents: row.amountCents,
    status: "pending" as const,
    firstName: input.firstName,
    lastName: input.lastName,
    title: input.title,
    companyName: row.legalName,
    email: input.billingEmail,
    phone: input.phone,
    createdAt: at,
    updatedAt: at,
  };
  if (input.purchase === "workforce") {
    // The phase the draft was priced in, as its item names it ("Workforce Package (Early Bird)").
    const phase =
      pricingPhases.find((p) => row.item.endsWith(`(${pricingPhaseLabels[p]})`)) ?? ("regular" as PricingPhase);
    await db
      .insert(registrations)
      .values({
        ...person,
        registrationType: "workforce",
        plan: "workforce",
        pricingPhase: phase,
        employerWebsite: input.website,
      })
      .onConflictDoNothing({ target: registrations.id });
  } else {
    await db
      .insert(sponsorships)
      .values({ ...person, tier: input.purchase, companyUrl: input.website })
      .onConflictDoNothing({ target: sponsorships.id });
  }
}

async function recordOfInvoice(db: Db, row: Invoice): Promise<Found | null> {
  if (row.recordKind === "registration") {
    const [found] = await db.select().from(registrations).where(eq(registrations.id, row.recordId)).limit(1);
    return found ? { kind: "registration", row: found } : null;
  }
  const [found] = await db.select().from(sponsorships).where(eq(sponsorships.id, row.recordId)).limit(1);
  return found ? { kind: "sponsorship", row: found } : null;
}

/** The site's row for a Stripe invoice, only when Stripe's metadata names it too. */
async function invoiceOf(db: Db, view: InvoiceView): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.stripeInvoiceId, view.id)).limit(1);
  if (!row || view.metadata.invoice_id !== row.id) return null;
  return row;
}

export type InvoiceOutcome =
  { state: "unknown" } | { state: InvoiceView["status"]; invoiceId: string; fulfilledNow: boolean };

/**
 * invoice.paid (and the desk's "paid outside Stripe", the stand-in's Pay
 * button): reads the invoice from Stripe, never the event's copy, and
 * fulfils through the one guarded path, marking the invoice paid in the same batch.
 */
export async function settleInvoice(
  env: Env,
  stripeInvoiceId: string,
  {
    now,
    requestId,
    outside,
  }: { now: Date; requestId?: string; outside?: { by: string; on: string; reference: string } },
): Promise<InvoiceOutcome> {
  const view = await invoiceGateway(env).retrieve(stripeInvoiceId);
  if (!view) return { state: "unknown" };
  const db = getDb(env);
  const row = await invoiceOf(db, view);
  if (!row) {
    log("warn", "payments.invoice_not_ours", { requestId, stripeInvoiceId });
    return { state: "unknown" };
  }
  if (view.status === "void" || view.status === "uncollectible") {
    await endInvoice(env, stripeInvoiceId, { now, reason: view.status });
    return { state: view.status, invoiceId: row.id, fulfilledNow: false };
  }
  if (view.status !== "paid") return { state: view.status, invoiceId: row.id, fulfilledNow: false };
  const found = await recordOfInvoice(db, row);
  if (!found) {
    log("error", "payments.invoice_without_record", { requestId, invoiceId: row.id });
    return { state: "unknown" };
  }
  const at = now.toISOString();
  const markPaid = db
    .update(invoices)
    .set({
      status: "paid",
      paidAt: at,
      updatedAt: at,
      ...(outside
        ? { paidOutsideBy: outside.by, paidOutsideOn: outside.on, paidOutsideReference: outside.reference }
        : {}),
    })
    .where(and(eq(invoices.id, row.id), ne(invoices.status, "paid")));
  const fulfilledNow = await fulfilRecord(env, found, {
    now,
    requestId,
    paymentIntentId: view.paymentIntentId,
    checkoutSessionId: null,
    alsoWrite: [markPaid],
  });
  return { state: "paid", invoiceId: row.id, fulfilledNow };
}

/**
 * invoice.voided, invoice.marked_uncollectible: an open invoice ends and its
 * pending record fails. Read from Stripe, so a late event about an invoice
 * since paid changes nothing.
 */
export async function endInvoice(
  env: Env,
  stripeInvoiceId: string,
  { now, reason }: { now: Date; reason: string },
): Promise<boolean> {
  const view = await invoiceGateway(env).retrieve(stripeInvoiceId);
  if (!view || (view.status !== "void" && view.status !== "uncollectible")) return false;
  const db = getDb(env);
  const row = await invoiceOf(db, view);
  if (!row) return false;
  const at = now.toISOString();
  const table = row.recordKind === "registration" ? registrations : sponsorships;
  const [ended] = await db.batch([
    db
      .update(invoices)
      .set({ status: view.status, endedAt: at, endReason: reason, updatedAt: at })
      .where(and(eq(invoices.id, row.id), inArray(invoices.status, ["draft", "open"])))
      .returning({ id: invoices.id }),
    db
      .update(table)
      .set({ status: "failed", updatedAt: at })
      .where(and(eq(table.id, row.recordId), eq(table.status, "pending"))),
  ]);
  return ended.length === 1;
}

/** invoice.overdue: an open invoice past its due date says so, once. */
export async function markInvoiceOverdue(env: Env, stripeInvoiceId: string, now: Date): Promise<boolean> {
  const view = await invoiceGateway(env).retrieve(stripeInvoiceId);
  if (!view || view.status !== "open") return false;
  const db = getDb(env);
  const row = await invoiceOf(db, view);
  if (!row) return false;
  const result = await db
    .update(invoices)
    .set({ overdueAt: now.toISOString(), updatedAt: now.toISOString() })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, "open"), isNull(invoices.overdueAt)))
    .returning({ id: invoices.id });
  return result.length === 1;
}

/** Overdue as shown: flagged, or open past its due date before the sweep has run. */
export function isOverdue(row: Pick<Invoice, "status" | "overdueAt" | "dueAt">, now: Date): boolean {
  return row.status === "open" && (row.overdueAt !== null || (row.dueAt !== null && row.dueAt < now.toISOString()));
}

/** An account's own invoices, newest first (its /account page). */
export async function invoicesOfUser(env: Pick<Env, "DB">, userId: string): Promise<Invoice[]> {
  return invoicesOfUserQuery(getDb(env), userId);
}

export function invoicesOfUserQuery(db: Db, userId: string) {
  return db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt)).limit(50);
}

export async function invoiceById(env: Pick<Env, "DB">, id: string): Promise<Invoice | null> {
  const [row] = await getDb(env).select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

/** An invoice as lists show it (the account, the desk). */
export function invoiceListItem(row: Invoice, now: Date, href: string) {
  return {
    id: row.id,
    item: row.item,
    amount: formatUsd(row.amountCents),
    status: row.status,
    overdue: isOverdue(row, now),
    due: row.dueAt ? formatMountain(new Date(row.dueAt), "longDate") : null,
    poNumber: row.poNumber,
    legalName: row.legalName,
    href,
  };
}
