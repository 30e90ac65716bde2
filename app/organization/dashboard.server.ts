/**
 * What the dashboard reads (issue 14): the live code, the enrolled employees,
 * its admins, pending co-administrator invitations, today's invitation
 * count and the recent activity. Only after requireOrganization().
 */
import { and, asc, count, desc, eq, ne, sql, type SQLWrapper } from "drizzle-orm";
import { mountainDateKey } from "~/clock/schedule";
import { organizationLimits } from "~/content/organization";
import {
  user,
  organizationAdminInvitations,
  organizationAdmins,
  organizationEmployeeInvitations,
  registrations,
  submissions,
  teamMembers,
} from "~/db/schema";
import type { Db } from "~/db/client.server";
import { isOpenInvitation } from "~/lib/invitation.server";
import { organizationHistory } from "~/events/history.server";
import { liveCodeFor } from "~/payments/company-codes.server";
import type { Organization } from "./access.server";

export interface Employee {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  enrolledAt: string;
}

/** The search text as typed, trimmed and bounded; "" for none. */
export function searchText(value: string | null): string {
  return (value ?? "").trim().slice(0, organizationLimits.searchMax);
}

/**
 * Employees enrolled in `editionId` (status 'enrolled'), newest first; `q`
 * matches name or e-mail, case-insensitively. The dashboard and its CSV ask
 * for the current edition's: earlier editions are counted, not listed (issue 23).
 */
export async function enrolledEmployees(
  db: Db,
  organizationId: string,
  editionId: string,
  q = "",
): Promise<Employee[]> {
  const where = [
    eq(registrations.organizationRegistrationId, organizationId),
    eq(registrations.editionId, editionId),
    eq(registrations.status, "enrolled"),
  ];
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`lower(${registrations.firstName} || ' ' || ${registrations.lastName} || ' ' || ${registrations.email}) LIKE ${pattern} ESCAPE '\\'`,
    );
  }
  return db
    .select({
      id: registrations.id,
      userId: registrations.userId,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      email: registrations.email,
      enrolledAt: registrations.createdAt,
    })
    .from(registrations)
    .where(and(...where))
    .orderBy(desc(registrations.createdAt), asc(registrations.id));
}

/**
 * Who the recognition tier counts: employees enrolled in `editionId` with the
 * organization's code and not removed, today. The dashboard's count and the
 * public list of recognized organizations (./recognized.server.ts) both ask
 * here, the ids as values or as an outer query's columns.
 */
export function countedForTier(organizationId: string | SQLWrapper, editionId: string | SQLWrapper) {
  return and(
    eq(registrations.organizationRegistrationId, organizationId),
    eq(registrations.editionId, editionId),
    eq(registrations.status, "enrolled"),
  );
}

/** The recognition tier's count (`countedForTier`). */
export async function participantCount(db: Db, organizationId: string, editionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(registrations).where(countedForTier(organizationId, editionId));
  return row?.n ?? 0;
}

/** How many employees were enrolled in each edition other than `currentEditionId`, oldest edition first. */
export async function pastEditionCounts(db: Db, organizationId: string, currentEditionId: string) {
  return db
    .select({ editionId: registrations.editionId, employees: count() })
    .from(registrations)
    .where(
      and(
        eq(registrations.organizationRegistrationId, organizationId),
        ne(registrations.editionId, currentEditionId),
        eq(registrations.status, "enrolled"),
      ),
    )
    .groupBy(registrations.editionId)
    .orderBy(asc(registrations.editionId));
}

/** One of the people who manage an organization: its owner or a co-administrator. */
export interface Admin {
  userId: string;
  email: string;
  role: "owner" | "admin";
  since: string | null;
}

/** The owner first, then co-administrators by when they were added; account addresses. */
export async function adminsOf(db: Db, organization: Organization): Promise<Admin[]> {
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, organization.ownerUserId));
  const coAdmins = await db
    .select({ userId: organizationAdmins.userId, email: user.email, since: organizationAdmins.createdAt })
    .from(organizationAdmins)
    .innerJoin(user, eq(user.id, organizationAdmins.userId))
    .where(eq(organizationAdmins.registrationId, organization.id))
    .orderBy(asc(organizationAdmins.createdAt));
  return [
    ...(owner
      ? [{ userId: organization.ownerUserId, email: owner.email, role: "owner" as const, since: organization.paidAt }]
      : []),
    ...coAdmins.map((a) => ({ ...a, role: "admin" as const })),
  ];
}

export async function pendingAdminInvitations(db: Db, organizationId: string, now: Date) {
  return db
    .select({
      id: organizationAdminInvitations.id,
      email: organizationAdminInvitations.email,
      expiresAt: organizationAdminInvitations.expiresAt,
    })
    .from(organizationAdminInvitations)
    .where(
      and(
        eq(organizationAdminInvitations.registrationId, organizationId),
        isOpenInvitation(organizationAdminInvitations, now),
      ),
    )
    .orderBy(asc(organizationAdminInvitations.createdAt));
}

/** Employee invitations sent today (Mountain Time), for the daily limit. */
export async function invitationsSentToday(db: Db, organizationId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizationEmployeeInvitations)
    .where(
      and(
        eq(organizationEmployeeInvitations.registrationId, organizationId),
        eq(organizationEmployeeInvitations.day, mountainDateKey(now)),
      ),
    );
  return row?.n ?? 0;
}

/** The latest entries of the organization's activity with the actor's address (NULL once the account is gone). */
export async function recentEvents(db: Db, organizationId: string, limit = 20) {
  const rows = await organizationHistory(db, organizationId, { limit, accountsOnly: true });
  // The activity names a kind without its area (code-regenerated, …).
  return rows.map((row) => ({
    id: row.id,
    action: row.action.replace(/^organization\./, ""),
    detail: row.payload,
    at: row.createdAt,
    actorEmail: row.actorEmail,
  }));
}

/**
 * Each enrolled employee's project this edition (issue 15): draft or
 * submitted, with when; employees without one are absent from the map.
 */
export async function projectStatuses(db: Db, organizationId: string, editionId: string) {
  const rows = await db
    .select({
      userId: registrations.userId,
      status: submissions.status,
      submittedAt: submissions.submittedAt,
      updatedAt: submissions.updatedAt,
    })
    .from(registrations)
    .innerJoin(teamMembers, and(eq(teamMembers.userId, registrations.userId), eq(teamMembers.editionId, editionId)))
    .innerJoin(submissions, eq(submissions.teamId, teamMembers.teamId))
    .where(
      and(
        eq(registrations.organizationRegistrationId, organizationId),
        eq(registrations.editionId, editionId),
        eq(registrations.status, "enrolled"),
      ),
    );
  return new Map(rows.map(({ userId, ...status }) => [userId, status]));
}

export { liveCodeFor };
