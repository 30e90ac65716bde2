/**
 * Who may work in the Challenge Portal (issue 15), and when. A participant is
 * an account with a verified address and an enrollment: a paid individual
 * registration, or one through an organization's company code. Everyone else
 * is told the one step that gets them in. Writes are accepted only while the
 * portal is open: from its launch to the submission deadline.
 */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { isDeadlinePassed } from "~/clock/schedule";
import type { Deadline, Edition } from "~/content/editions";
import type { Db } from "~/db/client.server";
import { registrations } from "~/db/schema";
import type { SessionUser } from "~/auth/session.server";

export interface Enrollment {
  registrationId: string;
  how: "individual" | "organization";
  /** The organization whose code enrolled them; null for a paid individual registration. */
  organizationName: string | null;
  firstName: string;
  lastName: string;
}

const organization = alias(registrations, "organization");

/**
 * A registration that enrolls its account into `editionId`: an individual
 * one, paid or through a company code, not fully refunded. The portal's
 * access and the desk's "registrants" segment (app/notifications/segments.server.ts) both read it.
 */
export function enrollingRegistration(editionId: string) {
  return and(
    eq(registrations.editionId, editionId),
    eq(registrations.registrationType, "individual"),
    inArray(registrations.status, ["paid", "enrolled"]),
    or(eq(registrations.amountCents, 0), sql`${registrations.refundedCents} < ${registrations.amountCents}`),
  );
}

/**
 * The account's enrollment in `editionId`, or null. A registration enrolls
 * into the edition it was bought for and no other (issue 23): a 2026
 * registration does not make anyone a 2027 participant. A registration fully
 * refunded no longer enrolls anyone; an employee an organization removed is
 * not enrolled either.
 */
export async function enrollmentOf(db: Db, userId: string, editionId: string): Promise<Enrollment | null> {
  const [row] = await db
    .select({
      id: registrations.id,
      status: registrations.status,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      organizationName: organization.companyName,
    })
    .from(registrations)
    .leftJoin(organization, eq(organization.id, registrations.organizationRegistrationId))
    .where(and(eq(registrations.userId, userId), enrollingRegistration(editionId)))
    // A paid registration first, then the oldest enrollment.
    .orderBy(sql`${registrations.status} = 'paid' DESC`, asc(registrations.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    registrationId: row.id,
    how: row.status === "paid" ? "individual" : "organization",
    organizationName: row.status === "enrolled" ? (row.organizationName ?? "Your organization") : null,
    firstName: row.firstName,
    lastName: row.lastName,
  };
}

export type PortalAccess =
  | { kind: "signed-out" }
  | { kind: "unverified"; user: SessionUser }
  | { kind: "not-enrolled"; user: SessionUser }
  | { kind: "participant"; user: SessionUser; enrollment: Enrollment };

/** How `user` may take part in `editionId`, the clock's current edition: the portal is always that edition's. */
export async function portalAccess(db: Db, user: SessionUser | null, editionId: string): Promise<PortalAccess> {
  if (!user) return { kind: "signed-out" };
  if (!user.emailVerified) return { kind: "unverified", user };
  const enrollment = await enrollmentOf(db, user.id, editionId);
  return enrollment ? { kind: "participant", user, enrollment } : { kind: "not-enrolled", user };
}

/** "notYetOpen" before the portal's launch, "open" until the deadline, then "closed" (read-only). */
export type PortalWindow = "notYetOpen" | "open" | "closed";

/** `deadline`: the team's (./deadline.server.ts `teamSubmissionDeadline`); the edition's for someone without a team. */
export function portalWindow(
  now: Date,
  edition: Edition,
  deadline: Deadline = edition.submissionDeadline,
): PortalWindow {
  if (isDeadlinePassed(deadline, now)) return "closed";
  return now.getTime() < edition.standardRegistrationOpens.getTime() ? "notYetOpen" : "open";
}
