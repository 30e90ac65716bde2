/**
 * The judging tables of the desk read a page at a time in SQL (issue 56):
 * /organize/assignments' judges' loads, projects with their judges and
 * conflicts, and /organize/judges' judges, each as one page of rows and the
 * counts the page shows, unrun, so each page sends them in one batch and
 * never reads the whole edition to show fifty rows of it. The API and the
 * CLI keep their whole lists (./actions.server.ts, ./assignment-actions.server.ts).
 */
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  judgeAdvisorInterests,
  judges,
  judgingAssignments,
  judgingConflicts,
  submissions,
  teams,
  user,
} from "~/db/schema";
import { isSubmittedProject } from "~/portal/submitted.server";
import { criteriaCount } from "./assign";
import { isOpenAssignment, lowerEmail, scoredCriteria } from "./assign.server";

export interface TablePage {
  limit: number;
  offset: number;
}

/** `instr`, not LIKE: the needle is matched as typed (lower() folds ASCII, as the people search does). */
const contains = (column: SQL, needle: string) => sql`instr(lower(${column}), ${needle.toLowerCase()}) > 0`;

const judgesOpenAssignments = and(
  eq(judgingAssignments.editionId, judges.editionId),
  eq(judgingAssignments.judgeUserId, judges.userId),
  isOpenAssignment,
);

export type JudgeStatus = "active" | "left" | "all";

function judgeWhere(editionId: string, status: JudgeStatus, needle: string) {
  return and(
    eq(judges.editionId, editionId),
    status === "active" ? isNull(judges.leftAt) : status === "left" ? isNotNull(judges.leftAt) : undefined,
    needle ? sql`(${contains(sql`${judges.name}`, needle)} OR ${contains(lowerEmail, needle)})` : undefined,
  );
}

/** One page of the edition's judges with their progress (as `judgeProgress` lists them), and their count. */
export function judgesPageQueries(db: Db, editionId: string, status: JudgeStatus, needle: string, page: TablePage) {
  const where = judgeWhere(editionId, status, needle);
  // The page's judges first, then their counts: counted in the select list of the sorted query, every judge of
  // the edition would be counted before the sort kept fifty (issue 56).
  const pageIds = db
    .select({ userId: judges.userId })
    .from(judges)
    .innerJoin(user, eq(user.id, judges.userId))
    .where(where)
    .orderBy(isNotNull(judges.leftAt), asc(judges.name), asc(user.email))
    .limit(page.limit)
    .offset(page.offset);
  return [
    db
      .select({
        userId: judges.userId,
        name: judges.name,
        email: lowerEmail,
        joinedAt: judges.joinedAt,
        leftAt: judges.leftAt,
        assigned: db.$count(judgingAssignments, judgesOpenAssignments),
        scored: db.$count(judgingAssignments, and(judgesOpenAssignments, gte(scoredCriteria(db), criteriaCount))),
      })
      .from(judges)
      .innerJoin(user, eq(user.id, judges.userId))
      .where(and(eq(judges.editionId, editionId), inArray(judges.userId, pageIds)))
      .orderBy(isNotNull(judges.leftAt), asc(judges.name), asc(user.email)),
    db.select({ n: count() }).from(judges).innerJoin(user, eq(user.id, judges.userId)).where(where),
  ] as const;
}

/** The edition's judges by status: active and left. */
export function judgeCountsQuery(db: Db, editionId: string) {
  return db
    .select({
      active: sql<number>`coalesce(sum(${judges.leftAt} IS NULL), 0)`,
      left: sql<number>`coalesce(sum(${judges.leftAt} IS NOT NULL), 0)`,
    })
    .from(judges)
    .where(eq(judges.editionId, editionId));
}

/** The submitted projects whose team id or name contains `needle`, in the order the desk lists them. */
function projectsMatching(db: Db, editionId: string, needle: string) {
  return and(
    eq(submissions.editionId, editionId),
    isSubmittedProject,
    needle
      ? sql`(${contains(sql`${submissions.teamId}`, needle)} OR ${contains(sql`coalesce(${teams.name}, '')`, needle)})`
      : undefined,
  );
}

/**
 * One page of the submitted projects (filtered by team), each with its open
 * assignments' judges (as `projectJudges` lists them), the count of the
 * projects matching, and the counts of every project and of those short of
 * `judgesPerProject` judges.
 */
export function projectsPageQueries(
  db: Db,
  editionId: string,
  needle: string,
  page: TablePage,
  judgesPerProject: number,
) {
  const where = projectsMatching(db, editionId, needle);
  const pageIds = db
    .select({ teamId: submissions.teamId })
    .from(submissions)
    .innerJoin(teams, eq(teams.id, submissions.teamId))
    .where(where)
    .orderBy(asc(submissions.submittedAt), asc(submissions.teamId))
    .limit(page.limit)
    .offset(page.offset);
  // Each project's open assignments counted on the open assignments' index (team first), one lookup per project:
  // joined to a grouped subquery of every open assignment, each project scanned the whole of it (issue 56).
  const openOfProject = db.$count(
    judgingAssignments,
    and(eq(judgingAssignments.teamId, submissions.teamId), isOpenAssignment),
  );
  return [
    db
      .select({ teamId: submissions.teamId, name: sql<string>`coalesce(${teams.name}, '')` })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(where)
      .orderBy(asc(submissions.submittedAt), asc(submissions.teamId))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        teamId: judgingAssignments.teamId,
        email: lowerEmail,
        name: sql<string>`coalesce(${judges.name}, '')`,
        scored: scoredCriteria(db),
      })
      .from(judgingAssignments)
      .innerJoin(user, eq(user.id, judgingAssignments.judgeUserId))
      .leftJoin(
        judges,
        and(eq(judges.userId, judgingAssignments.judgeUserId), eq(judges.editionId, judgingAssignments.editionId)),
      )
      // The page's teams are the edition's: no edition condition, which D1's planner (no ANALYZE) would take for the
      // edition's index and walk every assignment of the edition; the team's open-assignment index finds fifty teams'.
      .where(and(isOpenAssignment, inArray(judgingAssignments.teamId, pageIds)))
      .orderBy(asc(user.email)),
    db.select({ n: count() }).from(submissions).innerJoin(teams, eq(teams.id, submissions.teamId)).where(where),
    db
      .select({
        projects: count(),
        short: sql<number>`coalesce(sum(${openOfProject} < ${judgesPerProject}), 0)`,
      })
      .from(submissions)
      .where(and(eq(submissions.editionId, editionId), isSubmittedProject)),
  ] as const;
}

/** Each page project with its judges, as `projectJudges` shapes them. */
export function projectsWithJudges(
  projects: readonly { teamId: string; name: string }[],
  assigned: readonly { teamId: string; email: string; name: string; scored: number }[],
) {
  const byTeam = new Map<string, { email: string; name: string; complete: boolean }[]>();
  for (const row of assigned) {
    const list = byTeam.get(row.teamId) ?? [];
    list.push({ email: row.email, name: row.name, complete: Number(row.scored) >= criteriaCount });
    byTeam.set(row.teamId, list);
  }
  return projects.map((p) => ({ teamId: p.teamId, name: p.name, judges: byTeam.get(p.teamId) ?? [] }));
}

export type ConflictStatus = "live" | "dismissed" | "all";

/** One page of the edition's conflicts with a status (as `editionConflicts` lists them), and the live and dismissed counts. */
export function conflictsPageQueries(db: Db, editionId: string, status: ConflictStatus, page: TablePage) {
  return [
    db
      .select({
        id: judgingConflicts.id,
        judge: lowerEmail,
        teamId: judgingConflicts.teamId,
        team: sql<string>`coalesce(${teams.name}, '')`,
        source: judgingConflicts.source,
        detail: judgingConflicts.detail,
        createdAt: judgingConflicts.createdAt,
        createdBy: judgingConflicts.createdBy,
        dismissedAt: judgingConflicts.dismissedAt,
        dismissedBy: judgingConflicts.dismissedBy,
        dismissedReason: judgingConflicts.dismissedReason,
      })
      .from(judgingConflicts)
      .innerJoin(user, eq(user.id, judgingConflicts.judgeUserId))
      .leftJoin(teams, eq(teams.id, judgingConflicts.teamId))
      .where(
        and(
          eq(judgingConflicts.editionId, editionId),
          status === "live"
            ? isNull(judgingConflicts.dismissedAt)
            : status === "dismissed"
              ? isNotNull(judgingConflicts.dismissedAt)
              : undefined,
        ),
      )
      .orderBy(asc(judgingConflicts.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        live: sql<number>`coalesce(sum(${judgingConflicts.dismissedAt} IS NULL), 0)`,
        dismissed: sql<number>`coalesce(sum(${judgingConflicts.dismissedAt} IS NOT NULL), 0)`,
      })
      .from(judgingConflicts)
      .innerJoin(user, eq(user.id, judgingConflicts.judgeUserId))
      .where(eq(judgingConflicts.editionId, editionId)),
  ] as const;
}

/** The addresses of the edition's active judges that an interest form names (what /organize/judges marks "judge"). */
export function activeJudgeEmailsOfInterestsQuery(db: Db, editionId: string) {
  return db
    .select({ email: lowerEmail })
    .from(judges)
    .innerJoin(user, eq(user.id, judges.userId))
    .where(
      and(
        eq(judges.editionId, editionId),
        isNull(judges.leftAt),
        inArray(
          lowerEmail,
          db
            .select({ email: sql<string>`lower(trim(${judgeAdvisorInterests.email}))` })
            .from(judgeAdvisorInterests)
            .where(eq(judgeAdvisorInterests.role, "judge")),
        ),
      ),
    );
}
