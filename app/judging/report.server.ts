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
import { and, eq } from "drizzle-orm";
import * as z from "zod/mini";
import type { Db } from "~/db/client.server";
import { judges, judgingAssignments, submissions } from "~/db/schema";
import { defineOrganizerQuery } from "~/organize/action.server";
import { isOpenAssignment } from "./assign.server";
import { reportTeamNames } from "./appeal-decisions.server";
import { judgingReport, reportRows, type JudgingReport } from "./report";
import { editionScores } from "./team-results.server";

export async function loadJudgingReport(db: Db, editionId: string): Promise<JudgingReport> {
  const [submitted, assignments, judgeRows, scores] = await Promise.all([
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
    editionScores(db, editionId),
  ]);
  const teamIds = submitted.map((s) => s.teamId);
  const names = new Map<string, string>();
  // D1 binds at most 100 values a statement.
  for (let i = 0; i < teamIds.length; i += 90) {
    for (const [id, name] of await reportTeamNames(db, teamIds.slice(i, i + 90))) names.set(id, name);
  }
  const projects = teamIds.map((teamId) => ({ teamId, name: names.get(teamId) ?? teamId }));
  return judgingReport({ projects, assignments, judges: judgeRows, scores });
}

export const judgingReportQuery = defineOrganizerQuery({
  id: "judging.report",
  permission: "read:report",
  input: z.object({ edition: z.optional(z.string().check(z.regex(/^[\w-]{1,32}$/))) }),
  read: async ({ edition }, ctx) => {
    const editionId = edition ?? ctx.edition.id;
    const report = await loadJudgingReport(ctx.db, editionId);
    return { editionId, report, rows: reportRows(report) };
  },
  personalData: { read: "report.export", rows: (result) => result.rows.length },
});
