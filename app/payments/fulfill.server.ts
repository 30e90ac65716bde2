/**
 * Fulfillment, exactly once (issue 8). One `fulfill(sessionId)` serves Stripe's
 * webhook, the success pages' verification and the local stand-in checkout:
 * it retrieves the Checkout Session from its gateway and acts only when the
 * session is paid. Then one db.batch() (a D1 transaction):
 *   1. marks the record paid, only if it is not already;
 *   2. issues the company code (Workforce), at most one live code per record;
 *   3. writes the confirmation e-mail with an id derived from the record.
 * Every statement is a no-op the second time, and D1 runs batches one at a
 * time, so repeats and races (webhook vs success page) fulfill once and send
 * one e-mail. Only the call whose update changed the row queues the e-mail.
 */
import { and, eq, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { editionOf } from "~/clock/clock.server";
import { formatUsd, plans, pricingPhaseLabels, sponsorTiersById } from "~/content/pricing";
import { getDb, type Db } from "~/db/client.server";
import {
  companyCodes,
  notifications,
  registrations,
  sponsorships,
  type Registration,
  type Sponsorship,
} from "~/db/schema";
import { log } from "~/lib/log.server";
import { paymentProcessing, registrationConfirmation, sponsorshipConfirmation } from "~/payments/notification.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { unusedCompanyCode } from "./company-codes.server";
import { siteContact } from "~/lib/site-config.server";
import { confirmationInsert, confirmationPayload } from "./confirmation.server";
import { checkoutGateway, type CheckoutSessionView } from "./gateway.server";
import { accountEmailOf } from "~/auth/session.server";

export type RecordKind = "registration" | "sponsorship";

export type FulfillResult =
  | { state: "unknown" }
  | {
      state: "paid" | "unpaid" | "expired";
      kind: RecordKind;
      recordId: string;
      /** True only for the one call that fulfilled the record. */
      fulfilledNow: boolean;
    };

/** Stripe's ids (cs_test_…, cs_live_…) and the stand-in's (cs_local_…). */
export function isPlausibleSessionId(value: unknown): value is string {
  return typeof value === "string" && value.length <= 255 && /^cs_[A-Za-z0-9_]+$/.test(value);
}

export type Found = { kind: "registration"; row: Registration } | { kind: "sponsorship"; row: Sponsorship };

/**
 * The record this site created a session for, from D1 alone: what a visitor's
 * session id is checked against before Stripe is ever asked (issue 16).
 */
export async function recordForSession(db: Db, sessionId: string): Promise<Found | null> {
  const [registration] = await db
    .select()
    .from(registrations)
    .where(eq(registrations.checkoutSessionId, sessionId))
    .limit(1);
  if (registration) return { kind: "registration", row: registration };
  const [sponsorship] = await db
    .select()
    .from(sponsorships)
    .where(eq(sponsorships.checkoutSessionId, sessionId))
    .limit(1);
  return sponsorship ? { kind: "sponsorship", row: sponsorship } : null;
}

/** The record a session pays for: named by its metadata, confirmed by client_reference_id and the stored session id. */
async function recordOf(db: Db, session: CheckoutSessionView): Promise<Found | null> {
  const kind = session.metadata.kind;
  const recordId = session.metadata.record_id;
  if (!recordId || session.clientReferenceId !== recordId) return null;
  let found: Found | null = null;
  if (kind === "registration") {
    const [row] = await db.select().from(registrations).where(eq(registrations.id, recordId)).limit(1);
    found = row ? { kind, row } : null;
  } else if (kind === "sponsorship") {
    const [row] = await db.select().from(sponsorships).where(eq(sponsorships.id, recordId)).limit(1);
    found = row ? { kind, row } : null;
  }
  // A row not yet linked (its update after session creation failed) is linked by fulfillment.
  if (found && found.row.checkoutSessionId !== null && found.row.checkoutSessionId !== session.id) return null;
  return found;
}

/**
 * Fulfills from the gateway's word. Callers: Stripe's signed webhook, the local
 * stand-in's Pay button, and verifyPayment() once D1 has shown the session is
 * ours and unsettled; a visitor's session id never reaches it unchecked.
 */
export async function fulfill(
  env: Env,
  sessionId: string,
  {
    now,
    requestId,
    announceProcessing = false,
  }: {
    now: Date;
    requestId?: string;
    /** Stripe's checkout.session.completed: a session completed unpaid (a bank debit) tells its buyer so, once. */
    announceProcessing?: boolean;
  },
): Promise<FulfillResult> {
  if (!isPlausibleSessionId(sessionId)) return { state: "unknown" };
  const session = await checkoutGateway(env).retrieve(sessionId);
  if (!session) return { state: "unknown" };
  const db = getDb(env);
  const found = await recordOf(db, session);
  if (!found) {
    log("warn", "payments.session_without_record", { requestId, sessionId, metadata: session.metadata });
    return { state: "unknown" };
  }
  const base = { kind: found.kind, recordId: found.row.id };
  if (session.paymentStatus !== "paid") {
    if (announceProcessing && session.status === "complete" && found.row.status === "pending") {
      await queueProcessingNotice(env, found, { now, requestId });
    }
    return { ...base, state: session.status === "expired" ? "expired" : "unpaid", fulfilledNow: false };
  }
  if (found.row.status === "paid") return { ...base, state: "paid", fulfilledNow: false };
  if (session.amountTotal !== null && session.amountTotal !== found.row.amountCents) {
    // A configured STRIPE_PRICE_* that disagrees with app/content: the money is in, so fulfill, loudly.
    log("error", "payments.amount_mismatch", {
      requestId,
      sessionId,
      expected: found.row.amountCents,
      charged: session.amountTotal,
    });
  }

  const changed = await fulfilRecord(env, found, {
    now,
    requestId,
    paymentIntentId: session.paymentIntentId,
    checkoutSessionId: session.id,
  });
  return { ...base, state: "paid", fulfilledNow: changed };
}

/**
 * The one guarded path that fulfils a record, whatever paid it: a Checkout
 * Session (above) or an invoice (./invoices.server.ts, ADR 025). One batch:
 * the record marked paid only if it is not already, the company code, the
 * confirmation, and the caller's own statements (an invoice marked paid).
 * True only for the one call whose update changed the record.
 */
export async function fulfilRecord(
  env: Env,
  found: Found,
  {
    now,
    requestId,
    paymentIntentId,
    checkoutSessionId,
    alsoWrite = [],
  }: {
    now: Date;
    requestId?: string;
    paymentIntentId: string | null;
    checkoutSessionId: string | null;
    alsoWrite?: BatchItem<"sqlite">[];
  },
): Promise<boolean> {
  const db = getDb(env);
  // The account's own address (issue 16); the typed one only if the account is gone.
  const recipient = (await accountEmailOf(env, found.row.userId)) ?? found.row.email;
  const at = now.toISOString();
  const paid = {
    status: "paid" as const,
    paidAt: at,
    updatedAt: at,
    ...(checkoutSessionId ? { checkoutSessionId } : {}),
  };
  // Exactly once: the row this call moved to "paid", as the update returns it. Not D1's change count,
  // which also counts what triggers write (migrations/0034 keeps the desk's versions by trigger).
  let changed: boolean;
  let notificationId: string;

  if (found.kind === "registration") {
    const row = found.row;
    const code = row.registrationType === "workforce" ? await unusedCompanyCode(db) : null;
    const notification = confirmationInsert(db, registrationConfirmation, {
      recipient,
      now,
      payload: confirmationPayload(now, editionOf(env, found.row.editionId), {
        contactEmail: siteContact(env).email,
        recordId: row.id,
        firstName: row.firstName,
        item: `${plans[row.plan].name} (${pricingPhaseLabels[row.pricingPhase]})`,
        amountCents: row.amountCents,
        companyCode: code,
        organizationName: row.registrationType === "workforce" ? row.companyName : null,
      }),
    });
    const update = db
      .update(registrations)
      .set({ ...paid, paymentIntentId })
      .where(and(eq(registrations.id, row.id), ne(registrations.status, "paid")))
      .returning({ id: registrations.id });
    if (code) {
      const [result] = await db.batch([
        update,
        ...alsoWrite,
        db
          .insert(companyCodes)
          // The package's edition, not the clock's: a session paid after the edition rolled over still is for it.
          .values({ code, registrationId: row.id, editionId: row.editionId, createdAt: at })
          .onConflictDoNothing(),
        notification.statement,
      ]);
      changed = result.length === 1;
    } else {
      const [result] = await db.batch([update, ...alsoWrite, notification.statement]);
      changed = result.length === 1;
    }
    notificationId = notification.id;
  } else {
    const row = found.row;
    const notification = confirmationInsert(db, sponsorshipConfirmation, {
      recipient,
      now,
      payload: confirmationPayload(now, editionOf(env, found.row.editionId), {
        contactEmail: siteContact(env).email,
        recordId: row.id,
        firstName: row.firstName,
        item: `${sponsorTiersById[row.tier].name} sponsorship`,
        amountCents: row.amountCents,
        companyCode: null,
        organizationName: row.companyName,
      }),
    });
    const [result] = await db.batch([
      db
        .update(sponsorships)
        .set({ ...paid, paymentIntentId })
        .where(and(eq(sponsorships.id, row.id), ne(sponsorships.status, "paid")))
        .returning({ id: sponsorships.id }),
      ...alsoWrite,
      notification.statement,
    ]);
    changed = result.length === 1;
    notificationId = notification.id;
  }

  if (changed) {
    log("info", "payments.fulfilled", { requestId, kind: found.kind, recordId: found.row.id, checkoutSessionId });
    await enqueueNotifications(env, [notificationId], { requestId, kind: found.kind });
  }
  return changed;
}

/**
 * The one "your bank payment is processing" e-mail of a record (issue 53).
 * Its id is derived from the record, so a redelivered or repeated
 * checkout.session.completed writes nothing the second time; only the call
 * whose insert wrote the row queues it.
 */
async function queueProcessingNotice(env: Env, found: Found, { now, requestId }: { now: Date; requestId?: string }) {
  const db = getDb(env);
  const row = found.row;
  const recipient = (await accountEmailOf(env, row.userId)) ?? row.email;
  const workforce = found.kind === "registration" && found.row.registrationType === "workforce";
  const item =
    found.kind === "registration"
      ? `${plans[found.row.plan].name} (${pricingPhaseLabels[found.row.pricingPhase]})`
      : `${sponsorTiersById[found.row.tier].name} sponsorship`;
  const { id, statement } = outboxInsert(db, paymentProcessing, {
    id: `${paymentProcessing.kind}:${row.id}`,
    recipient,
    now,
    payload: {
      reference: row.id,
      firstName: row.firstName,
      item,
      amount: formatUsd(row.amountCents),
      organizationName: found.kind === "sponsorship" || workforce ? row.companyName : null,
      companyCodeFollows: workforce,
      edition: editionOf(env, row.editionId).name,
      contactEmail: siteContact(env).email,
    },
  });
  const written = await statement.onConflictDoNothing({ target: notifications.id }).returning({ id: notifications.id });
  if (written.length === 1) {
    log("info", "payments.processing", { requestId, kind: found.kind, recordId: row.id });
    await enqueueNotifications(env, [id], { requestId, kind: found.kind });
  }
}

/**
 * A session that will never be paid (expired, or its delayed payment failed):
 * its pending record says so. A paid record is never touched.
 */
export async function closeUnpaidSession(
  env: Pick<Env, "DB">,
  sessionId: string,
  outcome: "expired" | "failed",
  now: Date,
): Promise<boolean> {
  const db = getDb(env);
  const set = { status: outcome, updatedAt: now.toISOString() };
  const [a, b] = await db.batch([
    db
      .update(registrations)
      .set(set)
      .where(and(eq(registrations.checkoutSessionId, sessionId), eq(registrations.status, "pending")))
      .returning({ id: registrations.id }),
    db
      .update(sponsorships)
      .set(set)
      .where(and(eq(sponsorships.checkoutSessionId, sessionId), eq(sponsorships.status, "pending")))
      .returning({ id: sponsorships.id }),
  ]);
  // The rows closed, as fulfilment counts them: D1's change count includes what triggers write.
  return a.length + b.length > 0;
}
