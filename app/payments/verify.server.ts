/**
 * Payment verification by Checkout Session id (SPEC.md §7
 * verify-registration-payment): the success pages and the JSON API. It goes
 * through fulfill(), so a success page reached before the webhook fulfills the
 * record, exactly once either way.
 */
import { and, eq } from "drizzle-orm";
import { plans, pricingPhaseLabels, sponsorTiersById } from "~/content/pricing";
import { getDb } from "~/db/client.server";
import { registrations, sponsorships } from "~/db/schema";
import { liveCodeFor } from "./company-codes.server";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { fulfill, isPlausibleSessionId, recordForSession, type RecordKind } from "./fulfill.server";

export type PaymentStatus = "completed" | "pending" | "expired" | "failed" | "unknown";

export interface VerificationResult {
  /** The verification itself worked (the session exists and is ours). */
  success: boolean;
  /** 'completed' means paid (SPEC.md §3). */
  paymentStatus: PaymentStatus;
}

const statusOf = { paid: "completed", unpaid: "pending", expired: "expired" } as const;

const settledStatus: Partial<Record<string, PaymentStatus>> = {
  paid: "completed",
  expired: "expired",
  failed: "failed",
};

/**
 * Verification for a visitor (a success page, the JSON call), who may send
 * any session id (issue 16). D1 answers first: a session this site did not
 * create is unknown, a settled one (paid, expired, failed) answers from its
 * record; only an unsettled session of ours is read from Stripe, and at most
 * `rateLimitPerMinute` times a minute per client, after which it reads as
 * still pending (the webhook settles it meanwhile). Throws when the payment
 * provider cannot be reached: callers show 'Verification Error'.
 */
export async function verifyPayment(
  env: Env,
  sessionId: string,
  options: { now: Date; requestId?: string; request: Request },
): Promise<VerificationResult & { kind?: RecordKind; recordId?: string }> {
  if (!isPlausibleSessionId(sessionId)) return { success: false, paymentStatus: "unknown" };
  const found = await recordForSession(getDb(env), sessionId);
  if (!found) return { success: false, paymentStatus: "unknown" };
  const ours = { success: true, kind: found.kind, recordId: found.row.id };
  const settled = settledStatus[found.row.status];
  if (settled) return { ...ours, paymentStatus: settled };
  if (!(await clientAllowed(env, "verify-payment", options.request))) {
    log("warn", "payments.verification_rate_limited", { requestId: options.requestId });
    return { ...ours, paymentStatus: "pending" };
  }
  const result = await fulfill(env, sessionId, options);
  if (result.state === "unknown") return { success: false, paymentStatus: "unknown" };
  return { success: true, paymentStatus: statusOf[result.state], kind: result.kind, recordId: result.recordId };
}

/** What the signed-in owner of a record may see on its success page; null for anyone else. */
export interface PurchaseDetails {
  kind: RecordKind | "enrollment";
  item: string;
  amountCents: number;
  status: string;
  companyCode: string | null;
  organizationName: string | null;
  email: string;
}

export async function purchaseDetailsForOwner(
  env: Pick<Env, "DB">,
  { kind, recordId, userId }: { kind: RecordKind; recordId: string; userId: string | null | undefined },
): Promise<PurchaseDetails | null> {
  if (!userId) return null;
  const db = getDb(env);
  if (kind === "sponsorship") {
    const [row] = await db
      .select()
      .from(sponsorships)
      .where(and(eq(sponsorships.id, recordId), eq(sponsorships.userId, userId)))
      .limit(1);
    if (!row) return null;
    return {
      kind,
      item: `${sponsorTiersById[row.tier].name} sponsorship`,
      amountCents: row.amountCents,
      status: row.status,
      companyCode: null,
      organizationName: row.companyName,
      email: row.email,
    };
  }
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, recordId), eq(registrations.userId, userId)))
    .limit(1);
  if (!row) return null;
  if (row.status === "enrolled") {
    const [organization] = row.organizationRegistrationId
      ? await db
          .select({ companyName: registrations.companyName })
          .from(registrations)
          .where(eq(registrations.id, row.organizationRegistrationId))
      : [];
    return {
      kind: "enrollment",
      item: "Individual enrollment (Workforce Package)",
      amountCents: 0,
      status: row.status,
      companyCode: null,
      organizationName: organization?.companyName ?? row.companyName,
      email: row.email,
    };
  }
  return {
    kind,
    item: `${plans[row.plan].name} (${pricingPhaseLabels[row.pricingPhase]})`,
    amountCents: row.amountCents,
    status: row.status,
    companyCode: row.registrationType === "workforce" && row.status === "paid" ? await liveCodeFor(db, row.id) : null,
    organizationName: row.registrationType === "workforce" ? row.companyName : null,
    email: row.email,
  };
}
