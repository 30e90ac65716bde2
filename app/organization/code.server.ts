/**
 * Regenerating the company code from the dashboard (issue 14). One batch:
 * the live code is revoked (revoked_reason NULL: an admin's or operator's
 * regeneration, as migrations/0006 defines it), the audit entry is written
 * only if this batch revoked it, a new code is issued, and every admin is
 * told by e-mail. A code revoked by a refund or dispute is not live, so it
 * cannot be regenerated into a working one; employees already enrolled keep
 * their registrations (they point at the organization, not at a code).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import type { Db } from "~/db/client.server";
import { companyCodes } from "~/db/schema";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { liveCodeFor, unusedCompanyCode } from "~/payments/company-codes.server";
import type { SessionUser } from "~/auth/session.server";
import type { Organization } from "./access.server";
import { adminsOf } from "./dashboard.server";
import { commitOrganizationChange } from "./events.server";
import { codeRegenerated } from "./notification.server";

export type RegenerateResult = { ok: true } | { ok: false; reason: "suspended" | "conflict" };

export async function regenerateCode(
  env: Pick<Env, "NOTIFICATIONS">,
  db: Db,
  organization: Organization,
  actor: SessionUser,
  { now, origin, requestId }: { now: Date; origin: string; requestId?: string },
): Promise<RegenerateResult> {
  const old = await liveCodeFor(db, organization.id);
  if (!old) return { ok: false, reason: "suspended" };
  const code = await unusedCompanyCode(db);
  const at = now.toISOString();
  const notices = (await adminsOf(db, organization)).map((admin) =>
    outboxInsert(db, codeRegenerated, {
      recipient: admin.email,
      now,
      payload: {
        organizationName: organization.name,
        actorEmail: actor.email,
        when: formatMountain(now, "dateTime"),
        dashboardUrl: `${origin}/organization/${organization.id}`,
      },
    }),
  );
  const committed = await commitOrganizationChange(db, {
    organizationId: organization.id,
    actorUserId: actor.id,
    kind: "organization.code-regenerated",
    payload: { notified: notices.length },
    now,
    statements: [
      db
        .update(companyCodes)
        .set({ revokedAt: at, revokedReason: null })
        .where(and(eq(companyCodes.code, old), isNull(companyCodes.revokedAt))),
      // A regenerated code belongs to the package's edition, like the code it replaces.
      db
        .insert(companyCodes)
        .values({ code, registrationId: organization.id, editionId: organization.editionId, createdAt: at }),
      ...notices.map((notice) => notice.statement),
    ],
    holds: sql`EXISTS (SELECT 1 FROM company_codes WHERE code = ${old} AND revoked_at = ${at} AND revoked_reason IS NULL)`,
  });
  if (!committed.ok) return { ok: false, reason: "conflict" };
  await enqueueNotifications(
    env,
    notices.map((notice) => notice.id),
    { requestId, kind: codeRegenerated.kind },
  );
  return { ok: true };
}
