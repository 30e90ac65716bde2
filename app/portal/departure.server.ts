/**
 * When someone stops being a participant (issue 22): their account is
 * deleted, their registration is refunded in full, or their organization
 * removes them. Their team memberships end then, rather than every member
 * check asking "still a participant?": downloads, the team's size and the
 * confirmation's recipients all read team_members, so one removal covers
 * them all, and the rules below hold whichever way a person goes.
 *   - A team whose last member goes is deleted with its project: texts, file
 *     rows (ON DELETE CASCADE) and the files' R2 objects.
 *   - A lead who goes is replaced by the longest-standing member.
 *   - The open invitations they sent are revoked.
 */
import { and, asc, eq, inArray, ne, notExists, sql, type Query } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { submissionFiles, teamInvitations, teamMembers, teams } from "~/db/schema";
import { isUnusedInvitation } from "~/lib/invitation.server";
import { log } from "~/lib/log.server";
import { enrollmentOf } from "./participant.server";
import { deleteStoredObjects } from "./upload.server";

/** A batchable drizzle statement that can also be read as SQL (account deletion batches D1's own). */
export type DepartureStatement = BatchItem<"sqlite"> & { toSQL(): Query };

export interface Departure {
  /** For the caller's db.batch(), before anything there deletes the user row. */
  statements: DepartureStatement[];
  /** After the batch: deletes the R2 objects of the teams it deleted. */
  deleteFiles(bucket: R2Bucket): Promise<void>;
}

const other = alias(teamMembers, "other");
const led = alias(teamMembers, "led");

/**
 * The statements that take `userId` out of every team they are in, or, with
 * `editionId`, out of that edition's teams only: a refund or removal ends one
 * edition's enrollment and leaves the other editions' projects alone (issue 23).
 */
export async function departureOf(db: Db, userId: string, now: Date, editionId?: string): Promise<Departure> {
  const mine = editionId
    ? and(eq(teamMembers.userId, userId), eq(teamMembers.editionId, editionId))
    : eq(teamMembers.userId, userId);
  const noOtherMember = notExists(
    db
      .select({ one: sql`1` })
      .from(other)
      .where(and(eq(other.teamId, teamMembers.teamId), ne(other.userId, userId))),
  );
  const lastOf = (
    await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(and(mine, noOtherMember))
  ).map((row) => row.teamId);
  const files =
    lastOf.length === 0
      ? []
      : await db
          .select({ teamId: submissionFiles.teamId, key: submissionFiles.objectKey })
          .from(submissionFiles)
          .where(inArray(submissionFiles.teamId, lastOf));

  const statements: DepartureStatement[] = [];
  if (lastOf.length > 0) {
    // Still nobody else in it when the batch runs (someone may have joined since).
    statements.push(
      db.delete(teams).where(
        and(
          inArray(teams.id, lastOf),
          notExists(
            db
              .select({ one: sql`1` })
              .from(other)
              .where(and(eq(other.teamId, teams.id), ne(other.userId, userId))),
          ),
        ),
      ),
    );
  }
  statements.push(
    db
      .update(teamMembers)
      .set({ role: "lead" })
      .where(
        and(
          eq(teamMembers.role, "member"),
          inArray(
            teamMembers.teamId,
            db
              .select({ teamId: led.teamId })
              .from(led)
              .where(
                and(eq(led.userId, userId), eq(led.role, "lead"), editionId ? eq(led.editionId, editionId) : undefined),
              ),
          ),
          eq(
            teamMembers.userId,
            db
              .select({ userId: other.userId })
              .from(other)
              .where(and(eq(other.teamId, teamMembers.teamId), ne(other.userId, userId)))
              .orderBy(asc(other.joinedAt), asc(other.userId))
              .limit(1),
          ),
        ),
      ),
    db
      .update(teamInvitations)
      .set({ revokedAt: now.toISOString() })
      .where(
        and(
          eq(teamInvitations.invitedBy, userId),
          editionId
            ? inArray(
                teamInvitations.teamId,
                db.select({ id: teams.id }).from(teams).where(eq(teams.editionId, editionId)),
              )
            : undefined,
          isUnusedInvitation(teamInvitations),
        ),
      ),
    db.delete(teamMembers).where(mine),
  );

  return {
    statements,
    async deleteFiles(bucket) {
      if (files.length === 0) return;
      const remaining = new Set(
        (await db.select({ id: teams.id }).from(teams).where(inArray(teams.id, lastOf))).map((row) => row.id),
      );
      await deleteStoredObjects(
        bucket,
        files.filter((file) => !remaining.has(file.teamId)).map((file) => file.key),
      );
    },
  };
}

/**
 * After a full refund or a removal: if no other enrollment in the same
 * edition keeps `userId` a participant, their team memberships of that
 * edition end (the rules above). Safe to repeat: a redelivered webhook finds
 * nothing left to do.
 */
export async function endMembershipsUnlessEnrolled(
  env: Pick<Env, "DB" | "SUBMISSION_FILES">,
  db: Db,
  userId: string,
  editionId: string,
  { now, requestId, reason }: { now: Date; requestId?: string; reason: "refund" | "removed" },
): Promise<void> {
  if (await enrollmentOf(db, userId, editionId)) return;
  const departure = await departureOf(db, userId, now, editionId);
  const [first, ...rest] = departure.statements;
  await db.batch([first!, ...rest]);
  await departure.deleteFiles(env.SUBMISSION_FILES);
  log("info", "portal.memberships_ended", { requestId, userId, reason });
}
