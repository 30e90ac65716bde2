/**
 * Refunds and disputes (issue 16, docs/payments.md "Refunds and disputes").
 * Stripe's signed `charge.refunded`, `charge.dispute.created` and
 * `charge.dispute.closed` events find the record by its payment intent and,
 * in one db.batch():
 *   1. mark it (refunded_cents / refunded_at, dispute_status / disputed_at);
 *   2. revoke a Workforce Package's live company code on a full refund, an
 *      open dispute or a lost one; restore it when a dispute is won (unless
 *      the payment was also refunded in full meanwhile);
 *   3. write one e-mail to the organizers and one to the owner, with ids
 *      derived from the Stripe event, so a redelivery writes nothing new.
 * The status stays 'paid': the record was paid; these columns say what
 * happened to the money since. Employees already enrolled stay enrolled.
 * A full refund of an individual registration ends the person's team
 * memberships in the Challenge Portal unless another enrollment keeps them a
 * participant (app/portal/departure.server.ts, issue 22).
 */
import { siteContact } from "~/lib/site-config.server";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { formatUsd, plans, pricingPhaseLabels, sponsorTiersById } from "~/content/pricing";
import { getDb, type Db } from "~/db/client.server";
import { companyCodes, notifications, registrations, sponsorships, type DisputeStatus } from "~/db/schema";
import { log } from "~/lib/log.server";
import { organizersRecipient } from "~/notifications/recipients.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import {
  paymentAdjustmentNotification,
  type AdjustmentEvent,
  type PaymentAdjustmentPayload,
} from "~/payments/adjustment-notification.server";
import type { Found } from "./fulfill.server";
import { accountEmailOf } from "~/auth/session.server";
import { endMembershipsUnlessEnrolled } from "~/portal/departure.server";
import { reconcileTierCredential } from "~/organization/tier-credential.server";

/** The parts of Stripe's Charge this needs. */
export interface ChargeFacts {
  id: string;
  paymentIntentId: string | null;
  amount: number;
  amountRefunded: number;
  refunded: boolean;
}

/** The parts of Stripe's Dispute this needs. */
export interface DisputeFacts {
  id: string;
  paymentIntentId: string | null;
  amount: number;
  /** Stripe's status: needs_response, under_review, won, lost, warning_closed… */
  status: string;
}

interface Context {
  eventId: string;
  now: Date;
  requestId?: string;
}

export type AdjustmentOutcome = { handled: true; event: AdjustmentEvent; recordId: string } | { handled: false };

async function recordForPaymentIntent(db: Db, paymentIntentId: string): Promise<Found | null> {
  const [registration] = await db
    .select()
    .from(registrations)
    .where(eq(registrations.paymentIntentId, paymentIntentId))
    .limit(1);
  if (registration) return { kind: "registration", row: registration };
  const [sponsorship] = await db
    .select()
    .from(sponsorships)
    .where(eq(sponsorships.paymentIntentId, paymentIntentId))
    .limit(1);
  return sponsorship ? { kind: "sponsorship", row: sponsorship } : null;
}

function itemOf(found: Found): string {
  if (found.kind === "sponsorship") return `${sponsorTiersById[found.row.tier].name} sponsorship`;
  return `${plans[found.row.plan].name} (${pricingPhaseLabels[found.row.pricingPhase]})`;
}

function isWorkforce(found: Found): boolean {
  return found.kind === "registration" && found.row.registrationType === "workforce";
}

/** The writes of one adjustment: the record's update, the code change, both e-mails. */
async function apply(
  env: Env,
  found: Found,
  event: AdjustmentEvent,
  {
    set,
    codeChange,
    amountCents,
    reference,
    context,
  }: {
    set: Record<string, unknown>;
    codeChange: "revoke" | "restore" | "none";
    amountCents: number;
    reference: string;
    context: Context;
  },
): Promise<AdjustmentOutcome> {
  const db = getDb(env);
  const at = context.now.toISOString();
  const row = found.row;
  const table = found.kind === "registration" ? registrations : sponsorships;
  const statements: BatchItem<"sqlite">[] = [];
  statements.push(
    db
      .update(table)
      .set({ ...set, updatedAt: at })
      .where(eq(table.id, row.id)),
  );

  let code: string | null = null;
  let change: PaymentAdjustmentPayload["codeChange"] = "none";
  if (isWorkforce(found) && codeChange === "revoke") {
    const [live] = await db
      .select({ code: companyCodes.code })
      .from(companyCodes)
      .where(and(eq(companyCodes.registrationId, row.id), isNull(companyCodes.revokedAt)))
      .limit(1);
    if (live) {
      code = live.code;
      change = "revoked";
      statements.push(
        db
          .update(companyCodes)
          .set({ revokedAt: at, revokedReason: event.startsWith("dispute") ? "dispute" : "refund" })
          .where(and(eq(companyCodes.code, live.code), isNull(companyCodes.revokedAt))),
      );
    }
  } else if (isWorkforce(found) && codeChange === "restore") {
    const [live] = await db
      .select({ code: companyCodes.code })
      .from(companyCodes)
      .where(and(eq(companyCodes.registrationId, row.id), isNull(companyCodes.revokedAt)))
      .limit(1);
    const [suspended] = await db
      .select({ code: companyCodes.code })
      .from(companyCodes)
      .where(and(eq(companyCodes.registrationId, row.id), eq(companyCodes.revokedReason, "dispute")))
      .orderBy(desc(companyCodes.revokedAt))
      .limit(1);
    if (!live && suspended) {
      code = suspended.code;
      change = "restored";
      statements.push(
        db
          .update(companyCodes)
          .set({ revokedAt: null, revokedReason: null })
          .where(
            and(
              eq(companyCodes.code, suspended.code),
              // The partial unique index allows one live code: never a second.
              sql`NOT EXISTS (SELECT 1 FROM company_codes WHERE registration_id = ${row.id} AND revoked_at IS NULL)`,
            ),
          ),
      );
    }
  }

  const owner = (await accountEmailOf(env, row.userId)) ?? row.email;
  const base = {
    event,
    recordId: row.id,
    recordKind: found.kind,
    firstName: row.firstName,
    lastName: row.lastName,
    email: owner,
    item: itemOf(found),
    organizationName: row.companyName ?? null,
    paid: formatUsd(row.amountCents),
    amount: formatUsd(amountCents),
    companyCode: code,
    codeChange: change,
    reference,
    contactEmail: siteContact(env).email,
  } satisfies Omit<PaymentAdjustmentPayload, "audience">;
  const ids: string[] = [];
  for (const [audience, recipient] of [
    ["organizers", organizersRecipient(env)],
    ["owner", owner],
  ] as const) {
    const insert = outboxInsert(db, paymentAdjustmentNotification, {
      id: `${paymentAdjustmentNotification.kind}:${context.eventId}:${audience}`,
      recipient,
      payload: { ...base, audience },
      now: context.now,
    });
    statements.push(insert.statement.onConflictDoNothing({ target: notifications.id }));
    ids.push(insert.id);
  }

  const [first, ...rest] = statements;
  await db.batch([first!, ...rest]);
  await enqueueNotifications(env, ids, { requestId: context.requestId, kind: paymentAdjustmentNotification.kind });
  // A refund or dispute of a Workforce Package revokes its tier credential; a won dispute issues it again
  // (issue 54). After the record is marked, so the reconciliation reads it; a failure fails the webhook,
  // and Stripe's redelivery finishes the job (nothing above is written twice).
  if (isWorkforce(found)) await reconcileTierCredential(env, row.id, { now: context.now });
  log("warn", "payments.adjusted", {
    requestId: context.requestId,
    event,
    kind: found.kind,
    recordId: row.id,
    codeChange: change,
    reference,
  });
  return { handled: true, event, recordId: row.id };
}

async function find(env: Env, paymentIntentId: string | null, reference: string, context: Context) {
  if (!paymentIntentId) {
    log("error", "payments.adjustment_without_payment_intent", { requestId: context.requestId, reference });
    return null;
  }
  const found = await recordForPaymentIntent(getDb(env), paymentIntentId);
  if (!found) {
    // A charge this site did not make (an invoice paid by hand, another product on the account).
    log("info", "payments.adjustment_not_ours", { requestId: context.requestId, reference, paymentIntentId });
  }
  return found;
}

/** `charge.refunded`: a full refund revokes the code; a partial one is recorded and reported. */
export async function handleRefund(env: Env, charge: ChargeFacts, context: Context): Promise<AdjustmentOutcome> {
  const found = await find(env, charge.paymentIntentId, charge.id, context);
  if (!found) return { handled: false };
  const full = charge.refunded || charge.amountRefunded >= charge.amount;
  const outcome = await apply(env, found, full ? "refund" : "partial-refund", {
    set: { refundedCents: charge.amountRefunded, refundedAt: context.now.toISOString() },
    codeChange: full ? "revoke" : "none",
    amountCents: charge.amountRefunded,
    reference: charge.id,
    context,
  });
  // After the record says "refunded", so the enrollment check reads it. A failure here fails the
  // webhook, and Stripe's redelivery finishes the job (the steps above write nothing twice).
  if (full && found.kind === "registration" && found.row.registrationType === "individual") {
    await endMembershipsUnlessEnrolled(env, getDb(env), found.row.userId, found.row.editionId, {
      now: context.now,
      requestId: context.requestId,
      reason: "refund",
    });
  }
  return outcome;
}

/** `charge.dispute.created`: the record is on hold and its code stops enrolling. */
export async function handleDisputeOpened(
  env: Env,
  dispute: DisputeFacts,
  context: Context,
): Promise<AdjustmentOutcome> {
  const found = await find(env, dispute.paymentIntentId, dispute.id, context);
  if (!found) return { handled: false };
  return apply(env, found, "dispute-opened", {
    set: { disputeStatus: "open" satisfies DisputeStatus, disputedAt: context.now.toISOString() },
    codeChange: "revoke",
    amountCents: dispute.amount,
    reference: dispute.id,
    context,
  });
}

/**
 * `charge.dispute.closed`: won (or an inquiry closed without a chargeback)
 * restores a code the dispute suspended; lost keeps it revoked.
 */
export async function handleDisputeClosed(
  env: Env,
  dispute: DisputeFacts,
  context: Context,
): Promise<AdjustmentOutcome> {
  const won = dispute.status === "won" || dispute.status === "warning_closed";
  if (!won && dispute.status !== "lost") return { handled: false };
  const found = await find(env, dispute.paymentIntentId, dispute.id, context);
  if (!found) return { handled: false };
  const fullyRefunded = found.row.refundedCents >= found.row.amountCents && found.row.amountCents > 0;
  return apply(env, found, won ? "dispute-won" : "dispute-lost", {
    set: { disputeStatus: (won ? "won" : "lost") satisfies DisputeStatus },
    codeChange: won && !fullyRefunded ? "restore" : "revoke",
    amountCents: dispute.amount,
    reference: dispute.id,
    context,
  });
}
