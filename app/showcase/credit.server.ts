/**
 * What `publicCredit` (./credit.ts) is given about each participant, read
 * once for the showcase's project pages and for published results
 * (app/results/publication.server.ts): their registration for the edition,
 * with the registered name and the organization they may choose to show
 * (the one whose company code enrolled them, else the company they
 * registered with).
 */
import { and, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { registrations } from "~/db/schema";

const organization = alias(registrations, "organization");

/** The edition's participants' registrations, only those of `userIds` (a subquery) when given. */
export function participantRegistrations(db: Db, editionId: string, userIds?: SQLWrapper) {
  return db
    .select({
      userId: registrations.userId,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      company: sql<string | null>`coalesce(${organization.companyName}, ${registrations.companyName})`,
    })
    .from(registrations)
    .leftJoin(organization, eq(organization.id, registrations.organizationRegistrationId))
    .where(
      and(
        userIds ? inArray(registrations.userId, userIds) : undefined,
        eq(registrations.editionId, editionId),
        eq(registrations.registrationType, "individual"),
        inArray(registrations.status, ["paid", "enrolled"]),
      ),
    );
}
