/**
 * A participant's projects of earlier editions (issue 23). /portal is always
 * the current edition's; what someone built in a past edition stays theirs to
 * see, read-only: its edition, team and whether it was submitted. Nothing
 * here can be changed: every portal write works on the current edition's
 * project only (app/portal/team.server.ts, `projectOf`).
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { editionIn, type Edition } from "~/content/editions";
import type { Db } from "~/db/client.server";
import { submissions, teamMembers, teams } from "~/db/schema";

export interface PastProject {
  editionId: string;
  editionName: string;
  teamName: string | null;
  status: "draft" | "submitted" | "not-started";
  submittedAt: string | null;
}

/** The account's projects of every edition but `exceptEditionId` (all of them when it is omitted), newest first. */
export async function projectSummariesOf(
  db: Db,
  editions: readonly Edition[],
  userId: string,
  exceptEditionId?: string,
): Promise<PastProject[]> {
  return projectSummariesFrom(editions, await projectSummariesQuery(db, userId, exceptEditionId));
}

export function projectSummariesQuery(db: Db, userId: string, exceptEditionId?: string) {
  return db
    .select({
      editionId: teams.editionId,
      teamName: teams.name,
      status: submissions.status,
      submittedAt: submissions.submittedAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(submissions, eq(submissions.teamId, teams.id))
    .where(
      and(
        eq(teamMembers.userId, userId),
        exceptEditionId === undefined ? undefined : ne(teamMembers.editionId, exceptEditionId),
      ),
    )
    .orderBy(desc(teams.createdAt));
}

export type ProjectSummaryRow = Awaited<ReturnType<typeof projectSummariesQuery>>[number];

export function projectSummariesFrom(editions: readonly Edition[], rows: ProjectSummaryRow[]): PastProject[] {
  return rows.map((row) => ({
    editionId: row.editionId,
    editionName: editionIn(editions, row.editionId).name,
    teamName: row.teamName,
    status: row.status ?? "not-started",
    submittedAt: row.submittedAt && formatMountain(new Date(row.submittedAt), "dateTime"),
  }));
}

/** Earlier editions' projects, for /portal: every edition's but the current one. */
export function pastProjectsOf(
  db: Db,
  editions: readonly Edition[],
  userId: string,
  currentEditionId: string,
): Promise<PastProject[]> {
  return projectSummariesOf(db, editions, userId, currentEditionId);
}
