/**
 * The judging report as an organizer query (issue 32): coverage, each
 * submitted project's raw and normalized result per criterion, and the
 * ranking. The numbers are app/judging/report.ts's `judgingReport` over
 * app/judging/normalize.ts, the one implementation the publication of
 * finalists (app/results/) and the team's results use too; this file only reads D1.
 * The desk's /organize/report, its CSV and `npm run admin -- judging-report`
 * (through GET /api/organize/queries/judging.report) all read it.
 */
import { isSubmittedProject } from "~/portal/submitted.server";
import { and, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import type { Db } from "~/db/client.server";
import { judges, judgingAssignments, submissions } from "~/db/schema";
import { defineOrganizerQuery } from "~/organize/action.server";
import { isOpenAssignment } from "./assign.server";
import { editionTeamNameQueries, teamNamesOf } from "./appeal-decisions.server";
import { judgingRules } from "~/content/judging";
import { criterionIds } from "./normalize";
import { judgingReport, reportRows, type JudgingReport } from "./report";
import { editionScores } from "./team-results.server";
import { findEdition } from "~/clock/clock.server";

/**
 * Everything the report needs, in one round trip beside the scores' read
 * (issue 56): the names of every team come from two edition-wide
 * statements, not from a list of ids a chunk at a time.
 */
export async function loadJudgingReport(db: Db, editionId: string): Promise<JudgingReport> {
  const [[submitted, assignments, judgeRows, named, people], scores] = await Promise.all([
    db.batch([
      db
        .select({ teamId: submissions.teamId })
        .from(submissions)
        .where(and(eq(submissions.editionId, editionId), isSubmittedProject))
        .orderBy(submissions.teamId),
      db
        .select({ teamId: judgingAssignments.teamId, judgeId: judgingAssignments.judgeUserId })
        .from(judgingAssignments)
        .where(and(eq(judgingAssignments.editionId, editionId), isOpenAssignment)),
      db.select({ judgeId: judges.userId, name: judges.name }).from(judges).where(eq(judges.editionId, editionId)),
      ...editionTeamNameQueries(db, editionId),
    ]),
    editionScores(db, editionId),
  ]);
  const teamIds = submitted.map((s) => s.teamId);
  const names = teamNamesOf(teamIds, named, people);
  const projects = teamIds.map((teamId) => ({ teamId, name: names.get(teamId) ?? teamId }));
  return judgingReport({ projects, assignments, judges: judgeRows, scores });
}

/**
 * Score coverage as the report counts it (./report.ts: a project's complete
 * sets are its open-assignment judges with a score on every criterion; it
 * needs max(assigned, judges per project) of them), aggregated in D1 for the
 * overview: one statement and one row whatever the edition's size, never the
 * report itself. A query, so the overview can batch it;
 * tests/integration/organize-overview.test.ts holds the two to the same
 * numbers.
 */
export function scoreCoverageQuery(db: Db, editionId: string) {
  const criteria = sql.join(
    criterionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // The tables go unaliased so the shared rules (`isOpenAssignment`, `isSubmittedProject`) apply as written;
  // a select builder over a raw FROM, since drizzle cannot batch a raw statement with parameters.
  const perProject = sql`(
    SELECT coalesce(complete_sets.n, 0) AS judges, coalesce(open_assignments.n, 0) AS assigned
    FROM submissions
    LEFT JOIN (
      SELECT team_id, count(*) AS n FROM (
        SELECT judging_scores.team_id AS team_id
        FROM judging_scores
        JOIN judging_assignments
          ON judging_assignments.team_id = judging_scores.team_id
          AND judging_assignments.judge_user_id = judging_scores.judge_user_id
          AND ${isOpenAssignment}
        WHERE judging_scores.edition_id = ${editionId} AND judging_scores.criterion IN (${criteria})
        GROUP BY judging_scores.team_id, judging_scores.judge_user_id
        HAVING count(*) = ${criterionIds.length}
      ) GROUP BY team_id
    ) AS complete_sets ON complete_sets.team_id = submissions.team_id
    LEFT JOIN (
      SELECT team_id, count(*) AS n FROM judging_assignments
      WHERE judging_assignments.edition_id = ${editionId} AND ${isOpenAssignment}
      GROUP BY team_id
    ) AS open_assignments ON open_assignments.team_id = submissions.team_id
    WHERE submissions.edition_id = ${editionId} AND ${isSubmittedProject}
  ) AS per_project`;
  const needed = judgingRules.judgesPerProject;
  return db
    .select({
      projects: sql<number>`count(*)`.as("projects"),
      projectsComplete: sql<number>`coalesce(sum(judges >= max(assigned, ${needed})), 0)`.as("projects_complete"),
      setsNeeded: sql<number>`coalesce(sum(max(judges, assigned, ${needed})), 0)`.as("sets_needed"),
      setsComplete: sql<number>`coalesce(sum(judges), 0)`.as("sets_complete"),
    })
    .from(perProject);
}

export const judgingReportQuery = defineOrganizerQuery({
  id: "judging.report",
  permission: "read:report",
  input: z.object({ edition: z.optional(z.string().check(z.regex(/^[\w-]{1,32}$/))) }),
  read: async ({ edition }, ctx) => {
    const editionId = edition ?? ctx.edition.id;
    const report = await loadJudgingReport(ctx.db, editionId);
    // The CLI names the edition as the site does (it holds no editions of its own, ADR 024).
    const editionName = findEdition(ctx.env, editionId)?.name ?? editionId;
    return { editionId, editionName, report, rows: reportRows(report) };
  },
  personalData: { read: "report.export", rows: (result) => result.rows.length },
});
