/**
 * Who an announcement goes to (issue 33): each segment of
 * app/content/organize.ts's `messageSegments` is ONE drizzle query here,
 * answering `{ key, email, name }` per person, once each. The key is the
 * outbox id's last part (`announcement:<id>:<key>`): the subscriber's id
 * for the next-edition list, the account's id for everyone else, so a
 * person is one recipient however many rows make them part of a segment.
 * The desk's preview, the send and the tests all read these.
 */
import { and, eq, inArray, isNull, or, type SQLWrapper } from "drizzle-orm";
import type { MessageSegment } from "~/content/organize";
import type { Db } from "~/db/client.server";
import {
  judges,
  nextEditionSubscribers,
  organizationAdmins,
  publishedResults,
  registrations,
  submissions,
  teamMembers,
  user,
} from "~/db/schema";
import { enrollingRegistration } from "~/portal/participant.server";
import { isSubmittedProject } from "~/portal/submitted.server";

/** Accounts whose id is in `ids`, as recipients. */
function accounts(db: Db, ...ids: SQLWrapper[]) {
  return db
    .select({ key: user.id, email: user.email, name: user.name })
    .from(user)
    .where(or(...ids.map((subquery) => inArray(user.id, subquery))));
}

/** The members of the edition's teams whose ids `teamIds` selects. */
function membersOf(db: Db, editionId: string, teamIds: SQLWrapper) {
  return accounts(
    db,
    db
      .select({ id: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.editionId, editionId), inArray(teamMembers.teamId, teamIds))),
  );
}

/** A paid Workforce Package of the edition: an organization (app/organization/access.server.ts). */
const paidWorkforceOf = (editionId: string) =>
  and(
    eq(registrations.editionId, editionId),
    eq(registrations.registrationType, "workforce"),
    eq(registrations.status, "paid"),
  );

/** The recipients of `segment` in `editionId` (the next-edition list belongs to no edition). */
export function segmentQuery(db: Db, segment: MessageSegment, editionId: string) {
  switch (segment) {
    case "next-edition":
      return db
        .select({
          key: nextEditionSubscribers.id,
          email: nextEditionSubscribers.email,
          name: nextEditionSubscribers.name,
        })
        .from(nextEditionSubscribers)
        .where(eq(nextEditionSubscribers.status, "confirmed"));
    case "registrants":
      return accounts(
        db,
        db.select({ id: registrations.userId }).from(registrations).where(enrollingRegistration(editionId)),
      );
    case "participants":
      return accounts(
        db,
        db.select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.editionId, editionId)),
      );
    case "submitted":
      return membersOf(
        db,
        editionId,
        db
          .select({ id: submissions.teamId })
          .from(submissions)
          .where(and(eq(submissions.editionId, editionId), isSubmittedProject)),
      );
    case "finalists":
      return membersOf(
        db,
        editionId,
        db
          .select({ id: publishedResults.teamId })
          .from(publishedResults)
          .where(and(eq(publishedResults.editionId, editionId), eq(publishedResults.award, "finalist"))),
      );
    case "judges":
      return accounts(
        db,
        db
          .select({ id: judges.userId })
          .from(judges)
          .where(and(eq(judges.editionId, editionId), isNull(judges.leftAt))),
      );
    case "organization-admins": {
      // Each organization's owner (who bought it) and the co-administrators it added.
      const organizations = db.select({ id: registrations.id }).from(registrations).where(paidWorkforceOf(editionId));
      return accounts(
        db,
        db.select({ id: registrations.userId }).from(registrations).where(paidWorkforceOf(editionId)),
        db
          .select({ id: organizationAdmins.userId })
          .from(organizationAdmins)
          .where(inArray(organizationAdmins.registrationId, organizations)),
      );
    }
  }
}

/** The members of one team (a message to one team). */
export function teamQuery(db: Db, editionId: string, teamId: string) {
  return accounts(
    db,
    db
      .select({ id: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.editionId, editionId), eq(teamMembers.teamId, teamId))),
  );
}

export type RecipientQuery = ReturnType<typeof teamQuery>;
