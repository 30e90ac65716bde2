/**
 * Removing an employee from the organization (issue 14): their registration
 * goes from 'enrolled' to 'removed' (so they no longer count for the tier
 * and their free enrollment ends), they are told by e-mail at their account's
 * address, and the change is logged, in one batch that commits only if the
 * person was still enrolled with this organization. Unless another
 * enrollment keeps them a participant, their Challenge Portal team
 * memberships end too (app/portal/departure.server.ts, issue 22), and a
 * tier credential the count no longer supports is revoked (issue 54).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { registrations } from "~/db/schema";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { accountEmailOf } from "~/auth/session.server";
import type { SessionUser } from "~/auth/session.server";
import type { Organization } from "./access.server";
import { commitOrganizationChange } from "./events.server";
import { employeeRemoved } from "./notification.server";
import { endMembershipsUnlessEnrolled } from "~/portal/departure.server";
import { reconcileTierCredentialAfter } from "./tier-credential.server";

export type RemoveResult = { ok: true; name: string } | { ok: false; reason: "not_found" };

export async function removeEmployee(
  env: Env,
  db: Db,
  organization: Organization,
  actor: SessionUser,
  registrationId: string,
  { now, origin, requestId }: { now: Date; origin: string; requestId?: string },
): Promise<RemoveResult> {
  const ofThisOrganization = and(
    eq(registrations.id, registrationId),
    eq(registrations.organizationRegistrationId, organization.id),
    eq(registrations.status, "enrolled"),
  );
  const [row] = await db
    .select({
      userId: registrations.userId,
      editionId: registrations.editionId,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      email: registrations.email,
    })
    .from(registrations)
    .where(ofThisOrganization)
    .limit(1);
  if (!row) return { ok: false, reason: "not_found" };
  const at = now.toISOString();
  const notice = outboxInsert(db, employeeRemoved, {
    recipient: (await accountEmailOf(env, row.userId)) ?? row.email,
    now,
    payload: {
      firstName: row.firstName,
      organizationName: organization.name,
      registerUrl: `${origin}/register?tab=individual`,
    },
  });
  const committed = await commitOrganizationChange(db, {
    organizationId: organization.id,
    actorUserId: actor.id,
    kind: "organization.employee-removed",
    payload: { registrationId },
    subjectUserId: row.userId,
    now,
    statements: [
      db.update(registrations).set({ status: "removed", updatedAt: at }).where(ofThisOrganization),
      notice.statement,
    ],
    holds: sql`EXISTS (SELECT 1 FROM registrations WHERE id = ${registrationId} AND status = 'removed' AND updated_at = ${at})`,
  });
  if (!committed.ok) return { ok: false, reason: "not_found" };
  await enqueueNotifications(env, [notice.id], { requestId, kind: employeeRemoved.kind });
  await endMembershipsUnlessEnrolled(env, db, row.userId, row.editionId, { now, requestId, reason: "removed" });
  // One fewer may take the organization below its tier (issue 54).
  await reconcileTierCredentialAfter(env, organization.id, { now, requestId });
  return { ok: true, name: `${row.firstName} ${row.lastName}` };
}
