/**
 * An organization's recognition tier as a verifiable credential (issue 54,
 * ADR 028): issued when the count of employees enrolled with its company
 * code reaches a tier, replaced when it reaches a higher one, revoked when
 * it falls below the tier or its Workforce Package is refunded or disputed.
 *
 * One function, `reconcileTierCredential`, makes the credentials agree with
 * the facts, whatever changed them: it reads the same count the dashboard
 * shows (`participantCount`, `tierProgress`), revokes a live credential the
 * facts no longer support and issues the one they do. It runs where those
 * facts are written (an enrollment with the code, an employee's removal, a
 * refund or dispute) and, as a safety net, in the daily job. Running it
 * twice changes nothing: the partial unique index of migration 0038 allows
 * one live tier credential per organization and edition, and the insert is
 * ON CONFLICT DO NOTHING, so two racing runs issue one credential.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  organizationHolder,
  organizationOfHolder,
  tierAchievementId,
  tierBadgeAlt,
  TIER_BADGE_SIZE,
  TIER_REVOKED_BY,
  tierRevocationReasons,
  achievementOf,
  badgePng,
} from "~/content/credentials";
import { recognitionTiers, type RecognitionTier } from "~/content/program";
import { getDb } from "~/db/client.server";
import { credentials, registrations } from "~/db/schema";
import { escapeHtml } from "~/lib/html";
import { log } from "~/lib/log.server";
import { configuredOrigin, credentialPath, signAndKeep, type CredentialRow } from "~/credentials/credential.server";
import { participantCount } from "./dashboard.server";
import { paidWorkforce } from "./paid-workforce.server";
import { tierProgress } from "./tier";

export interface TierReconciliation {
  /** The credential issued now, if any. */
  issued: CredentialRow | null;
  /** How many live tier credentials were revoked now. */
  revoked: number;
}

const tierOfAchievement = (achievement: string): RecognitionTier | undefined =>
  recognitionTiers.find((tier) => tierAchievementId(tier.id) === achievement);

function randomHex(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether a Workforce Package still stands behind its recognition: not
 * refunded in full and no dispute open or lost (the rule that stops its
 * company code, app/payments/adjustments.server.ts).
 */
function packageStands(row: { amountCents: number; refundedCents: number; disputeStatus: string | null }): boolean {
  const refunded = row.amountCents > 0 && row.refundedCents >= row.amountCents;
  return !refunded && row.disputeStatus !== "open" && row.disputeStatus !== "lost";
}

/**
 * Makes the organization's tier credentials agree with the facts now, for
 * the edition its package was bought for. `origin` defaults to BASE_URL;
 * without one (a local run) the new credential stays unsigned and each
 * answer signs it (`signedCredential`), like every other credential.
 */
export async function reconcileTierCredential(
  env: Env,
  organizationId: string,
  { now, origin = configuredOrigin(env) }: { now: Date; origin?: string | null },
): Promise<TierReconciliation> {
  const db = getDb(env);
  const holder = organizationHolder(organizationId);
  const [organization] = await db
    .select({
      editionId: registrations.editionId,
      amountCents: registrations.amountCents,
      refundedCents: registrations.refundedCents,
      disputeStatus: registrations.disputeStatus,
    })
    .from(registrations)
    .where(and(eq(registrations.id, organizationId), paidWorkforce))
    .limit(1);
  const stands = organization ? packageStands(organization) : false;
  const participants = organization ? await participantCount(db, organizationId, organization.editionId) : 0;
  const earned = stands ? tierProgress(participants).current : null;
  const wanted =
    earned && organization ? { editionId: organization.editionId, achievement: tierAchievementId(earned.id) } : null;

  const held = await db
    .select({
      seq: credentials.seq,
      editionId: credentials.editionId,
      achievement: credentials.achievement,
      revokedAt: credentials.revokedAt,
      revokedBy: credentials.revokedBy,
    })
    .from(credentials)
    .where(and(eq(credentials.userId, holder), eq(credentials.source, "tier")));
  const live = held.filter((row) => row.revokedAt === null);
  const isWanted = (row: { editionId: string; achievement: string }) =>
    wanted !== null && row.editionId === wanted.editionId && row.achievement === wanted.achievement;
  // A tier the organizers revoked on the desk (credentials.revoke) stays revoked for that edition:
  // the facts would otherwise issue it again at the next enrollment.
  const revokedOnDesk = held.some(
    (row) => isWanted(row) && row.revokedAt !== null && row.revokedBy !== TIER_REVOKED_BY,
  );
  const stale = live.filter((row) => !isWanted(row));
  const at = now.toISOString();

  const revocations = stale.map((row) => {
    const heldTier = tierOfAchievement(row.achievement);
    const reason = !stands
      ? tierRevocationReasons.packageWithdrawn
      : earned && heldTier && earned.minParticipants > heldTier.minParticipants
        ? tierRevocationReasons.replaced(earned.name)
        : tierRevocationReasons.belowThreshold(heldTier?.name ?? row.achievement, heldTier?.minParticipants ?? 0);
    return db
      .update(credentials)
      .set({ revokedAt: at, revokedReason: reason, revokedBy: TIER_REVOKED_BY })
      .where(and(eq(credentials.seq, row.seq), isNull(credentials.revokedAt)));
  });
  const issue =
    wanted && !live.some(isWanted) && !revokedOnDesk
      ? db
          .insert(credentials)
          .values({
            id: randomHex(),
            editionId: wanted.editionId,
            achievement: wanted.achievement,
            userId: holder,
            teamId: null,
            source: "tier",
            earnedAt: at,
            issuedAt: at,
            // An organization is named by its id and name in the credential, not by an address.
            recipientEmail: "",
            recipientSalt: "",
            isPublic: true,
            createdAt: at,
          })
          .onConflictDoNothing()
          .returning()
      : null;
  if (revocations.length === 0 && !issue) return { issued: null, revoked: 0 };

  // Revocations first: the new tier's row only fits once the old one is no longer live.
  const [first, ...rest]: BatchItem<"sqlite">[] = [...revocations, ...(issue ? [issue] : [])];
  const results = await db.batch([first!, ...rest]);
  const issuedRows = issue ? (results.at(-1) as CredentialRow[]) : [];
  const issued = issuedRows[0] ?? null;
  if (stale.length > 0) {
    log("info", "credentials.tier_revoked", { organizationId, count: stale.length, participants, stands });
  }
  if (issued) {
    log("info", "credentials.tier_issued", { organizationId, achievement: issued.achievement, participants });
    if (origin) await signAndKeep(env, issued, origin, now);
  }
  return { issued, revoked: stale.length };
}

/**
 * The same, where an enrollment or a removal was just written: the person's
 * action has succeeded whatever happens here, so a failure is logged, not
 * thrown, and the daily job's run makes the credentials agree the next day.
 */
export async function reconcileTierCredentialAfter(
  env: Env,
  organizationId: string,
  { now, requestId }: { now: Date; requestId?: string },
): Promise<void> {
  try {
    await reconcileTierCredential(env, organizationId, { now });
  } catch (error) {
    log("error", "credentials.tier_reconcile_failed", {
      requestId,
      organizationId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The daily job's safety net: every organization (a paid Workforce
 * registration) and every holder of a live tier credential, made to agree
 * with the facts. Returns how many credentials it issued and revoked.
 */
export async function reconcileAllTierCredentials(env: Env, now: Date): Promise<{ issued: number; revoked: number }> {
  const db = getDb(env);
  const organizations = await db.select({ id: registrations.id }).from(registrations).where(paidWorkforce);
  const holders = await db
    .selectDistinct({ userId: credentials.userId })
    .from(credentials)
    .where(and(eq(credentials.source, "tier"), isNull(credentials.revokedAt)));
  const ids = new Set([
    ...organizations.map((row) => row.id),
    ...holders.flatMap((row) => organizationOfHolder(row.userId) ?? []),
  ]);
  let issued = 0;
  let revoked = 0;
  for (const id of ids) {
    const outcome = await reconcileTierCredential(env, id, { now });
    if (outcome.issued) issued += 1;
    revoked += outcome.revoked;
  }
  return { issued, revoked };
}

/**
 * What the dashboard shows of the organization's live tier credential: its
 * page, its badge and the HTML the organization pastes on its website (the
 * badge, linking to the credential's page, with fixed dimensions). Null
 * while it holds none.
 */
export async function tierCredentialView(
  env: Pick<Env, "DB">,
  organization: { id: string; name: string; editionId: string },
  origin: string,
) {
  const [row] = await getDb(env)
    .select({ id: credentials.id, achievement: credentials.achievement, issuedAt: credentials.issuedAt })
    .from(credentials)
    .where(
      and(
        eq(credentials.userId, organizationHolder(organization.id)),
        eq(credentials.editionId, organization.editionId),
        eq(credentials.source, "tier"),
        isNull(credentials.revokedAt),
      ),
    )
    .limit(1);
  const achievement = row ? achievementOf(organization.editionId, row.achievement) : undefined;
  if (!row || !achievement) return null;
  const url = `${origin}${credentialPath(row.id)}`;
  const badgeSvg = `${origin}${achievement.image}`;
  const alt = tierBadgeAlt(organization.name, achievement.name, organization.editionId);
  const snippet = `<a href="${escapeHtml(url)}"><img src="${escapeHtml(badgeSvg)}" alt="${escapeHtml(alt)}" width="${TIER_BADGE_SIZE}" height="${TIER_BADGE_SIZE}"></a>`;
  return {
    tierName: achievement.name,
    issuedAt: row.issuedAt,
    url,
    path: credentialPath(row.id),
    badgeSvg,
    badgePng: `${origin}${badgePng(achievement.image)}`,
    alt,
    snippet,
  };
}

export type TierCredentialView = NonNullable<Awaited<ReturnType<typeof tierCredentialView>>>;
