/**
 * Payment verification by Checkout Session id (SPEC.md §7
 * verify-registration-payment): the success pages and the JSON API. It goes
 * through fulfil(), so a success page reached before the webhook fulfils the
 * record, exactly once either way.
 */
import { and, eq } from "drizzle-orm";
import { plans, pricingPhaseLabels, sponsorTiersById } from "~/content/pricing";
import { getDb } from "~/db/client.server";
import { registrations, sponsorships } from "~/db/payments-schema";
import { liveCodeFor } from "./company-codes.server";
import { fulfil, type RecordKind } from "./fulfil.server";

export type PaymentStatus = "completed" | "pending" | "expired" | "unknown";

export interface VerificationResult {
  /** The verification itself worked (the session exists and is ours). */
  success: boolean;
  /** 'completed' means paid (SPEC.md §3). */
  paymentStatus: PaymentStatus;
}

const statusOf = { paid: "completed", unpaid: "pending", expired: "expired" } as const;

/** Throws when the payment provider cannot be reached: callers show 'Verification Error'. */
export async function verifyPayment(
  env: Env,
  sessionId: string,
  options: { now: Date; requestId?: string },
): Promise<VerificationResult & { kind?: RecordKind; recordId?: string }> {
  const result = await fulfil(env, sessionId, options);
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
