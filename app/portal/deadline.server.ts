/**
 * "The submission deadline for this team" (issue 33): the edition's, or the
 * team's own when a late-submission exception was granted to it
 * (`deadlines.extend`, ./extensions.server.ts). The portal's window, its
 * refusals, what its pages show, and AI Innovator's "submitted in time" all
 * ask here, so an exception holds for that team only and everywhere at once.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Deadline, Edition } from "~/content/editions";
import type { Db } from "~/db/client.server";
import { deadlineExtensions, submissions } from "~/db/schema";

/** A team's deadline, and the exception that set it (null: the edition's own). */
export interface TeamDeadline extends Deadline {
  extension: { hours: number; reason: string } | null;
}

/** A deadline that has passed at `until`: shown as the minute before, like the edition's 11:59 PM. */
export function deadlineUntil(until: Date): Deadline {
  return { due: new Date(until.getTime() - 60_000), closesAt: until };
}

/** The edition's deadline moved `hours` later: what an exception of that many hours gives. */
export function extendedBy(edition: Edition, hours: number): Deadline {
  return deadlineUntil(new Date(edition.submissionDeadline.closesAt.getTime() + hours * 3_600_000));
}

/** The submission deadline for `teamId` in `edition` (the edition's without a team). */
export async function teamSubmissionDeadline(db: Db, edition: Edition, teamId: string | null): Promise<TeamDeadline> {
  const general = { ...edition.submissionDeadline, extension: null };
  if (!teamId) return general;
  const [row] = await db
    .select({ until: deadlineExtensions.until, hours: deadlineExtensions.hours, reason: deadlineExtensions.reason })
    .from(deadlineExtensions)
    .where(and(eq(deadlineExtensions.editionId, edition.id), eq(deadlineExtensions.teamId, teamId)))
    .limit(1);
  if (!row) return general;
  const until = new Date(row.until);
  // An exception only ever moves the deadline later.
  if (until.getTime() <= edition.submissionDeadline.closesAt.getTime()) return general;
  return { ...deadlineUntil(until), extension: { hours: row.hours, reason: row.reason } };
}

/**
 * The same rule in SQL, for a query over many teams: the instant the
 * deadline of the submission's team has passed (ISO text, comparable with
 * `submitted_at`).
 */
export function submissionClosesAtSql(edition: Edition): SQL<string> {
  const general = edition.submissionDeadline.closesAt.toISOString();
  return sql<string>`max(${general}, coalesce((SELECT ${deadlineExtensions.until} FROM ${deadlineExtensions} WHERE ${deadlineExtensions.editionId} = ${edition.id} AND ${deadlineExtensions.teamId} = ${submissions.teamId}), ${general}))`;
}
