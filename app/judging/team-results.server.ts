/**
 * What a team sees of its judging on /portal (issue 24), and only once its
 * edition's finalists are published: before that, nothing — not even that
 * scores exist. Per criterion the normalized and raw averages, the overall
 * result, whether it is a finalist, the judges' comments for the team, and
 * its appeal. Never a judge's name or id, never a private note: nothing
 * here selects them.
 */
import { isSubmittedProject } from "~/portal/submitted.server";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { businessDaysDeadline } from "~/clock/business-days";
import { formatMountain } from "~/clock/format";
import type { Edition } from "~/content/editions";
import { appeals, judgingCriteria } from "~/content/program";
import type { Db } from "~/db/client.server";
import {
  judgingAppeals,
  judgingAssignments,
  judgingReviews,
  judgingScores,
  publishedResults,
  submissions,
} from "~/db/schema";
import { isOpenAssignment } from "./assign.server";
import { normalize, type ScoreRow } from "./normalize";
import { finalistsPublishedAt, publishedBy } from "./published.server";

/**
 * The scores that count (the worker's form of `editionScoresSql` in
 * ./report.ts: keep the two in step): a submitted project's, by a judge whose
 * assignment to it is still open.
 */
export async function editionScores(db: Db, editionId: string): Promise<ScoreRow[]> {
  return db
    .select({
      judgeId: judgingScores.judgeUserId,
      teamId: judgingScores.teamId,
      criterion: judgingScores.criterion,
      score: judgingScores.score,
    })
    .from(judgingScores)
    .innerJoin(
      judgingAssignments,
      and(
        eq(judgingAssignments.teamId, judgingScores.teamId),
        eq(judgingAssignments.judgeUserId, judgingScores.judgeUserId),
        isOpenAssignment,
      ),
    )
    .innerJoin(submissions, and(eq(submissions.teamId, judgingScores.teamId), isSubmittedProject))
    .where(eq(judgingScores.editionId, editionId));
}

/** Whether the team's project of the edition was submitted: only such a project was judged, and may be appealed. */
export async function projectWasSubmitted(db: Db, teamId: string, editionId: string): Promise<boolean> {
  const [row] = await db
    .select({ teamId: submissions.teamId })
    .from(submissions)
    .where(and(eq(submissions.teamId, teamId), eq(submissions.editionId, editionId), isSubmittedProject))
    .limit(1);
  return row !== undefined;
}

/** The appeal window: from the publication, `appeals.fileWithinBusinessDays` business days in Mountain Time. */
export function appealWindow(publishedAt: Date, now: Date) {
  const closesAt = businessDaysDeadline(publishedAt, appeals.fileWithinBusinessDays);
  return {
    open: now.getTime() >= publishedAt.getTime() && now.getTime() < closesAt.getTime(),
    closesAt,
    // The last minute it is open, as the page says it ("Apr 10, 2026, 11:59 PM MT").
    until: formatMountain(new Date(closesAt.getTime() - 60_000), "dateTime"),
  };
}

export async function teamResultsView(db: Db, teamId: string, edition: Edition, now: Date) {
  const publishedAt = await finalistsPublishedAt(db, edition.id, now);
  if (!publishedAt) return null;
  const [scores, finalist, comments, appeal, submitted] = await Promise.all([
    editionScores(db, edition.id),
    db
      .select({ place: publishedResults.place })
      .from(publishedResults)
      .where(
        and(
          eq(publishedResults.editionId, edition.id),
          eq(publishedResults.teamId, teamId),
          eq(publishedResults.award, "finalist"),
          publishedBy(now),
        ),
      )
      .limit(1),
    // Only the words for the team, from judges still assigned to it; no name, no id, no note.
    db
      .select({ comment: judgingReviews.teamComment })
      .from(judgingReviews)
      .innerJoin(
        judgingAssignments,
        and(
          eq(judgingAssignments.teamId, judgingReviews.teamId),
          eq(judgingAssignments.judgeUserId, judgingReviews.judgeUserId),
          isOpenAssignment,
        ),
      )
      .where(
        and(
          eq(judgingReviews.teamId, teamId),
          eq(judgingReviews.editionId, edition.id),
          ne(judgingReviews.teamComment, ""),
        ),
      )
      .orderBy(asc(judgingReviews.updatedAt)),
    db
      .select({
        id: judgingAppeals.id,
        createdAt: judgingAppeals.createdAt,
        decidedAt: judgingAppeals.decidedAt,
        decision: judgingAppeals.decision,
      })
      .from(judgingAppeals)
      .where(and(eq(judgingAppeals.teamId, teamId), eq(judgingAppeals.editionId, edition.id)))
      .orderBy(desc(judgingAppeals.createdAt))
      .limit(1),
    projectWasSubmitted(db, teamId, edition.id),
  ]);
  const project = normalize(scores, { teamIds: [teamId] }).projects.find((p) => p.teamId === teamId);
  const window = appealWindow(publishedAt, now);
  const filed = appeal[0];
  return {
    published: formatMountain(publishedAt, "dateTime"),
    finalist: finalist.length > 0,
    result:
      project && project.normalized !== null
        ? {
            judges: project.judges,
            normalized: project.normalized,
            raw: project.raw!,
            criteria: judgingCriteria.map((c) => ({
              id: c.id,
              name: c.name,
              normalized: project.criteria[c.id].normalized!,
              raw: project.criteria[c.id].raw!,
            })),
          }
        : null,
    comments: comments.map((c) => c.comment?.trim() ?? "").filter((c) => c.length > 0),
    appeal: {
      open: window.open && !filed && submitted,
      submitted,
      windowOpen: window.open,
      until: window.until,
      filed: filed
        ? {
            filed: formatMountain(new Date(filed.createdAt), "dateTime"),
            decided: filed.decidedAt ? formatMountain(new Date(filed.decidedAt), "dateTime") : null,
            decision: filed.decision,
          }
        : null,
    },
  };
}

export type TeamResults = NonNullable<Awaited<ReturnType<typeof teamResultsView>>>;
