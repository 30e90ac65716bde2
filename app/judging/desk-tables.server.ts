/**
 * The judging tables of the desk read a page at a time in SQL (issue 56):
 * /organize/assignments' judges' loads, projects with their judges and
 * conflicts, and /organize/judges' judges, invitations, offers and advisors,
 * each as one page of rows, and each page's counts in one aggregate
 * statement, unrun, so a page sends what its tab shows in one batch and
 * never reads the whole edition to show twenty rows of it. The API and the
 * CLI keep their whole lists (./actions.server.ts, ./assignment-actions.server.ts).
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  advisors,
  judgeAdvisorInterests,
  judgeInvitations,
  judges,
  judgingAssignmentRuns,
  judgingAssignments,
  judgingConflicts,
  publicProfiles,
  submissions,
  teams,
  user,
} from "~/db/schema";
import { isOpenInvitation } from "~/lib/invitation.server";
import { isSubmittedProject } from "~/portal/submitted.server";
import { criteriaCount } from "./assign";
import { conflictRows, isOpenAssignment, lowerEmail, scoredCriteria } from "./assign.server";

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
 * assignments' judges (as `projectJudges` lists them), and, when a filter
 * narrows them, the count of the projects matching (unfiltered, it is the
 * page's aggregate: `assignmentsCountsQuery`).
 */
export function projectsPageQueries(db: Db, editionId: string, needle: string, page: TablePage) {
  const where = projectsMatching(db, editionId, needle);
  const pageIds = db
    .select({ teamId: submissions.teamId })
    .from(submissions)
    .innerJoin(teams, eq(teams.id, submissions.teamId))
    .where(where)
    .orderBy(asc(submissions.submittedAt), asc(submissions.teamId))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: db
      .select({ teamId: submissions.teamId, name: sql<string>`coalesce(${teams.name}, '')` })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(where)
      .orderBy(asc(submissions.submittedAt), asc(submissions.teamId))
      .limit(page.limit)
      .offset(page.offset),
    assigned: db
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
    matching: db
      .select({ n: count() })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(where),
  };
}

/**
 * A column of an aggregate, named: in a batch D1 answers each row as an object keyed by column name, and two
 * unnamed subqueries of the same text (the same count with another bound value) would share one key.
 */
const named = (value: SQLWrapper, name: string) => sql<number>`${value}`.as(name);

/** The one row an aggregate of scalar subqueries is read from: an edition's row may not exist (an edition of the content). */
const oneRow = sql`(SELECT 1)`;

/** A conflict whose judge has an account (the conflicts' table lists a conflict with the judge's address). */
const conflictOfAnAccount = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(user)
      .where(eq(user.id, judgingConflicts.judgeUserId)),
  );

/**
 * /organize/assignments' counts in one statement (issue 56): its tabs' (the
 * submitted projects, the active judges; the live and dismissed conflicts on
 * the conflicts' tab, `conflicts`), whether the assignment has run, and, for
 * the projects' tab (`judgesPerProject` given), the projects short of judges: each project's
 * open assignments counted on the open assignments' index (team first), one
 * lookup per project (joined to a grouped subquery of every open assignment,
 * each project scanned the whole of it).
 */
export function assignmentsCountsQuery(
  db: Db,
  editionId: string,
  { judgesPerProject, conflicts: withConflicts }: { judgesPerProject: number | null; conflicts: boolean },
) {
  const submitted = and(eq(submissions.editionId, editionId), isSubmittedProject);
  const openOfProject = db.$count(
    judgingAssignments,
    and(eq(judgingAssignments.teamId, submissions.teamId), isOpenAssignment),
  );
  const conflicts = (dismissed: boolean) =>
    db.$count(
      judgingConflicts,
      and(
        eq(judgingConflicts.editionId, editionId),
        dismissed ? isNotNull(judgingConflicts.dismissedAt) : isNull(judgingConflicts.dismissedAt),
        conflictOfAnAccount(db),
      ),
    );
  // Read from the submitted projects themselves: the projects and those short of judges counted in one pass.
  return db
    .select({
      projects: named(count(), "projects"),
      short: named(
        judgesPerProject === null
          ? sql<number>`0`
          : sql<number>`coalesce(sum(${openOfProject} < ${judgesPerProject}), 0)`,
        "short",
      ),
      judges: named(db.$count(judges, and(eq(judges.editionId, editionId), isNull(judges.leftAt))), "judges"),
      // Thousands of detected conflicts in a large edition: counted only where they are shown.
      live: named(withConflicts ? conflicts(false) : sql<number>`0`, "live"),
      dismissed: named(withConflicts ? conflicts(true) : sql<number>`0`, "dismissed"),
      hasRun: named(
        sql<number>`EXISTS (SELECT 1 FROM ${judgingAssignmentRuns} WHERE ${judgingAssignmentRuns.editionId} = ${editionId})`,
        "hasRun",
      ),
    })
    .from(submissions)
    .where(submitted);
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

/** One page of the edition's conflicts with a status, as `editionConflicts` lists them (their counts: `assignmentsCountsQuery`). */
export function conflictsPageQuery(db: Db, editionId: string, status: ConflictStatus, page: TablePage) {
  return conflictRows(db)
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
    .offset(page.offset);
}

/**
 * /organize/judges' counts in one statement (issue 56): each tab's (the
 * active judges and those who stepped down, the open invitations, the
 * offers to judge and to advise, the advisors, the profiles given).
 */
export function judgesDeskCountsQuery(db: Db, editionId: string, now: Date) {
  return db
    .select({
      active: named(db.$count(judges, and(eq(judges.editionId, editionId), isNull(judges.leftAt))), "active"),
      left: named(db.$count(judges, and(eq(judges.editionId, editionId), isNotNull(judges.leftAt))), "left"),
      invitations: named(
        db.$count(
          judgeInvitations,
          and(eq(judgeInvitations.editionId, editionId), isOpenInvitation(judgeInvitations, now)),
        ),
        "invitations",
      ),
      judgeOffers: named(db.$count(judgeAdvisorInterests, eq(judgeAdvisorInterests.role, "judge")), "judgeOffers"),
      advisors: named(db.$count(advisors, eq(advisors.editionId, editionId)), "advisors"),
      advisorOffers: named(
        db.$count(judgeAdvisorInterests, eq(judgeAdvisorInterests.role, "advisor")),
        "advisorOffers",
      ),
      profiles: named(db.$count(publicProfiles, eq(publicProfiles.editionId, editionId)), "profiles"),
    })
    .from(oneRow);
}

/** One page of the edition's open invitations, newest first (as `openJudgeInvitations` lists them). */
export function openInvitationsPageQuery(db: Db, editionId: string, now: Date, page: TablePage) {
  return db
    .select({
      id: judgeInvitations.id,
      email: judgeInvitations.email,
      name: judgeInvitations.name,
      standing: judgeInvitations.standing,
      advisoryGroup: judgeInvitations.advisoryGroup,
      createdAt: judgeInvitations.createdAt,
      expiresAt: judgeInvitations.expiresAt,
    })
    .from(judgeInvitations)
    .where(and(eq(judgeInvitations.editionId, editionId), isOpenInvitation(judgeInvitations, now)))
    .orderBy(desc(judgeInvitations.createdAt), asc(judgeInvitations.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** An interest form's address as invitations (lower-cased) and accounts are compared with it. */
const interestEmail = sql<string>`lower(trim(${judgeAdvisorInterests.email}))`;

/**
 * One page of the interest forms offering to judge or to advise, newest
 * first (as `judgeInterests` lists them), each with where it stands, asked
 * of this page's rows only: whether the address is an active judge's (an
 * advisor's) of the edition, and whether an open invitation with that
 * standing waits for it.
 */
export function interestsPageQuery(db: Db, editionId: string, role: "judge" | "advisor", now: Date, page: TablePage) {
  const one = { one: sql`1` };
  const already =
    role === "judge"
      ? exists(
          db
            .select(one)
            .from(judges)
            .innerJoin(user, eq(user.id, judges.userId))
            .where(and(eq(judges.editionId, editionId), isNull(judges.leftAt), eq(lowerEmail, interestEmail))),
        )
      : exists(
          db
            .select(one)
            .from(advisors)
            .innerJoin(user, eq(user.id, advisors.userId))
            .where(and(eq(advisors.editionId, editionId), eq(lowerEmail, interestEmail))),
        );
  const invited = exists(
    db
      .select(one)
      .from(judgeInvitations)
      .where(
        and(
          eq(judgeInvitations.editionId, editionId),
          eq(judgeInvitations.email, interestEmail),
          eq(judgeInvitations.standing, role),
          isOpenInvitation(judgeInvitations, now),
        ),
      ),
  );
  return db
    .select({
      id: judgeAdvisorInterests.id,
      firstName: judgeAdvisorInterests.firstName,
      lastName: judgeAdvisorInterests.lastName,
      email: judgeAdvisorInterests.email,
      organization: judgeAdvisorInterests.organization,
      title: judgeAdvisorInterests.title,
      createdAt: judgeAdvisorInterests.createdAt,
      already: named(already, "already"),
      invited: named(invited, "invited"),
    })
    .from(judgeAdvisorInterests)
    .where(eq(judgeAdvisorInterests.role, role))
    .orderBy(desc(judgeAdvisorInterests.createdAt), desc(judgeAdvisorInterests.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** One page of the edition's advisors, by name. */
export function advisorsPageQuery(db: Db, editionId: string, page: TablePage) {
  return db
    .select({ name: advisors.name, email: user.email, group: advisors.advisoryGroup, joinedAt: advisors.joinedAt })
    .from(advisors)
    .innerJoin(user, eq(user.id, advisors.userId))
    .where(eq(advisors.editionId, editionId))
    .orderBy(asc(advisors.name), asc(advisors.userId))
    .limit(page.limit)
    .offset(page.offset);
}
