/**
 * The worker's side of ./assign.ts, in drizzle: reads the edition's judging
 * state from D1 (`readSnapshot`), and writes a plan (`planStatements`) in one
 * batch. Used by the organizer actions (./assignment-actions.server.ts,
 * ./actions.server.ts: the desk, the API and the CLI), by the daily job (the
 * first day of judging, if nobody ran `npm run admin -- assign`), by a
 * judge's "I know this team" (release and replace at once) and by an
 * account's deletion.
 */
import { isSubmittedProject } from "~/portal/submitted.server";
import { and, asc, eq, exists, inArray, isNull, or, sql, type AnyColumn, type Query, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias, union } from "drizzle-orm/sqlite-core";
import { milestoneOf, type Edition } from "~/content/editions";
import { getDb, type Db } from "~/db/client.server";
import {
  judges,
  judgingAssignments,
  judgingConflicts,
  judgingAssignmentRuns,
  judgingScores,
  organizationAdmins,
  registrations,
  submissions,
  teamMembers,
  teams,
  user,
} from "~/db/schema";
import { noRowWhere, type PlannedChange } from "~/events/commit.server";
import { log } from "~/lib/log.server";
import { planAssignments, type Plan, type Snapshot } from "./assign";

/** One write of an assignment's batch: a drizzle query, for `db.batch` and for an organizer action's batch. */
export type AssignmentWrite = BatchItem<"sqlite"> & { toSQL(): Query };

/** An open assignment: not released (a released one is kept for the record, its scores no longer count). */
export const isOpenAssignment: SQL = isNull(judgingAssignments.releasedAt);

/** The criteria a judge scored on the project of the `judging_assignments` row in scope: complete at `criteriaCount`. */
export const scoredCriteria = (db: Db) =>
  db.$count(
    judgingScores,
    and(
      eq(judgingScores.teamId, judgingAssignments.teamId),
      eq(judgingScores.judgeUserId, judgingAssignments.judgeUserId),
    ),
  );

/** A person's address as judging compares and shows it. */
export const lowerEmail = sql<string>`lower(${user.email})`;

/** The conflicts as the desk's table and the API list them: each with its judge's address and its team's name. */
export function conflictRows(db: Db) {
  return db
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
    .leftJoin(teams, eq(teams.id, judgingConflicts.teamId));
}

/** An upsert's incoming value of a column. */
export const excluded = (column: AnyColumn) => sql`excluded.${sql.identifier(column.name)}`;

/**
 * Records a conflict, or brings a dismissed one back to live with the new
 * reason, time and author: one row per judge, team and source, whoever
 * records it (an organizer, or the judge declaring it).
 */
export function conflictUpsert(
  db: Db,
  conflict: {
    editionId: string;
    judgeUserId: string;
    teamId: string;
    source: "organizer" | "declared";
    detail: string;
    at: string;
    by: string;
  },
) {
  const { at, by, ...row } = conflict;
  return db
    .insert(judgingConflicts)
    .values({ ...row, createdAt: at, createdBy: by })
    .onConflictDoUpdate({
      target: [
        judgingConflicts.editionId,
        judgingConflicts.judgeUserId,
        judgingConflicts.teamId,
        judgingConflicts.source,
      ],
      set: {
        detail: excluded(judgingConflicts.detail),
        createdAt: excluded(judgingConflicts.createdAt),
        createdBy: excluded(judgingConflicts.createdBy),
        dismissedAt: null,
        dismissedBy: null,
        dismissedReason: null,
      },
    });
}

/** The organization a registration was enrolled through (its company code). */
const enrollingOrganization = alias(registrations, "enrolling_organization");
const unnamedOrganization = "an organization";

/** Each part of the snapshot, read for the edition. */
function snapshotQueries(db: Db, editionId: string) {
  // The people the conflicts can be about: the edition's judges and team members.
  const judgesAndMembers = () =>
    union(
      db.select({ userId: judges.userId }).from(judges).where(eq(judges.editionId, editionId)),
      db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.editionId, editionId)),
    );
  return [
    db
      .select({ userId: judges.userId, email: lowerEmail, name: judges.name, leftAt: judges.leftAt })
      .from(judges)
      .innerJoin(user, eq(user.id, judges.userId))
      .where(eq(judges.editionId, editionId))
      .orderBy(asc(judges.joinedAt), asc(judges.userId)),
    db
      .select({ teamId: submissions.teamId, name: sql<string>`coalesce(${teams.name}, '')` })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(and(eq(submissions.editionId, editionId), isSubmittedProject))
      .orderBy(asc(submissions.submittedAt), asc(submissions.teamId)),
    db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, email: lowerEmail })
      .from(teamMembers)
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .innerJoin(submissions, and(eq(submissions.teamId, teamMembers.teamId), isSubmittedProject))
      .where(eq(teamMembers.editionId, editionId)),
    // Whose organization is whose, this edition: an employee enrolled through its
    // company code, the Workforce Package's buyer, and its co-administrators.
    union(
      db
        .select({
          userId: registrations.userId,
          orgId: enrollingOrganization.id,
          orgName: sql<string>`coalesce(${enrollingOrganization.companyName}, ${unnamedOrganization})`,
        })
        .from(registrations)
        .innerJoin(enrollingOrganization, eq(enrollingOrganization.id, registrations.organizationRegistrationId))
        .where(
          and(
            eq(registrations.editionId, editionId),
            eq(registrations.status, "enrolled"),
            inArray(registrations.userId, judgesAndMembers()),
          ),
        ),
      db
        .select({
          userId: registrations.userId,
          orgId: registrations.id,
          orgName: sql<string>`coalesce(${registrations.companyName}, ${unnamedOrganization})`,
        })
        .from(registrations)
        .where(
          and(
            eq(registrations.editionId, editionId),
            eq(registrations.registrationType, "workforce"),
            inArray(registrations.status, ["paid", "enrolled"]),
            inArray(registrations.userId, judgesAndMembers()),
          ),
        ),
      db
        .select({
          userId: organizationAdmins.userId,
          orgId: registrations.id,
          orgName: sql<string>`coalesce(${registrations.companyName}, ${unnamedOrganization})`,
        })
        .from(organizationAdmins)
        .innerJoin(registrations, eq(registrations.id, organizationAdmins.registrationId))
        .where(and(eq(registrations.editionId, editionId), inArray(organizationAdmins.userId, judgesAndMembers()))),
    ),
    // Judges who take part in the edition: in a team, or registered as participants.
    db
      .select({ userId: judges.userId })
      .from(judges)
      .where(
        and(
          eq(judges.editionId, editionId),
          or(
            exists(
              db
                .select({ userId: teamMembers.userId })
                .from(teamMembers)
                .where(and(eq(teamMembers.userId, judges.userId), eq(teamMembers.editionId, editionId))),
            ),
            exists(
              db
                .select({ id: registrations.id })
                .from(registrations)
                .where(
                  and(
                    eq(registrations.userId, judges.userId),
                    eq(registrations.editionId, editionId),
                    eq(registrations.registrationType, "individual"),
                    inArray(registrations.status, ["paid", "enrolled"]),
                  ),
                ),
            ),
          ),
        ),
      ),
    db
      .select({
        id: judgingConflicts.id,
        judgeUserId: judgingConflicts.judgeUserId,
        teamId: judgingConflicts.teamId,
        source: judgingConflicts.source,
        dismissedAt: judgingConflicts.dismissedAt,
      })
      .from(judgingConflicts)
      .where(eq(judgingConflicts.editionId, editionId)),
    db
      .select({
        id: judgingAssignments.id,
        teamId: judgingAssignments.teamId,
        judgeUserId: judgingAssignments.judgeUserId,
        scored: scoredCriteria(db),
      })
      .from(judgingAssignments)
      .where(and(eq(judgingAssignments.editionId, editionId), isOpenAssignment))
      .orderBy(asc(judgingAssignments.id)),
  ] as const;
}

/** The edition's judging state, read in one batch. */
export async function readSnapshot(d1: D1Database, editionId: string): Promise<Snapshot> {
  const db = getDb({ DB: d1 });
  const [judgeRows, projects, members, organizations, participants, conflicts, assignments] = await db.batch(
    snapshotQueries(db, editionId),
  );
  return {
    judges: judgeRows,
    projects,
    members,
    organizations: organizations.flatMap((o) => (o.userId === null ? [] : [{ ...o, userId: o.userId }])),
    participants,
    conflicts,
    assignments: assignments.map((a) => ({ ...a, scored: Number(a.scored) })),
  };
}

/** The plan as writes, with who and when on every row, and the edition's record that its assignments have run (and what this run did). */
export function planStatements(
  db: Db,
  plan: Plan,
  { editionId, actor, now, reason = "assign" }: { editionId: string; actor: string; now: Date; reason?: string },
): AssignmentWrite[] {
  const at = now.toISOString();
  return [
    ...plan.conflicts.map((c) =>
      db
        .insert(judgingConflicts)
        .values({
          editionId,
          judgeUserId: c.judgeUserId,
          teamId: c.teamId,
          source: c.source,
          detail: c.detail,
          createdAt: at,
          createdBy: actor,
        })
        .onConflictDoNothing(),
    ),
    ...plan.releases.map((r) =>
      db
        .update(judgingAssignments)
        .set({ releasedAt: at, releasedBy: actor, releasedReason: r.reason })
        .where(and(eq(judgingAssignments.id, r.id), isOpenAssignment)),
    ),
    ...plan.adds.map((a) =>
      db
        .insert(judgingAssignments)
        .values({ editionId, teamId: a.teamId, judgeUserId: a.judgeUserId, assignedAt: at, assignedBy: actor })
        .onConflictDoNothing(),
    ),
    assignmentsRan(db, editionId, at, {
      reason,
      conflicts: plan.conflicts.length,
      released: plan.releases.length,
      assigned: plan.adds.length,
      shortfall: plan.shortfall,
    }),
  ];
}

/** Runs writes in one D1 batch: all or none. */
async function inOneBatch(db: Db, writes: AssignmentWrite[]) {
  if (writes.length > 0) await db.batch(writes as [AssignmentWrite, ...AssignmentWrite[]]);
}

/** Plans and writes the edition's assignments (`before`: writes of the same change, in a batch before the plan is read). */
export async function runAssignments(
  d1: D1Database,
  editionId: string,
  { actor, now, reason, before = [] }: { actor: string; now: Date; reason: string; before?: AssignmentWrite[] },
): Promise<Plan> {
  const db = getDb({ DB: d1 });
  await inOneBatch(db, before);
  const plan = planAssignments(await readSnapshot(d1, editionId));
  await inOneBatch(db, planStatements(db, plan, { editionId, actor, now, reason }));
  if (plan.shortfall.length > 0) {
    log("warn", "judging.assignment_shortfall", { editionId, reason, shortfall: plan.shortfall });
  }
  return plan;
}

/** The edition's assignments have run (again): a fact of its judging, written in the run's own batch. */
function assignmentsRan(db: Db, editionId: string, at: string, outcome: Record<string, unknown>) {
  const lastOutcome = JSON.stringify(outcome);
  return db
    .insert(judgingAssignmentRuns)
    .values({ editionId, firstRunAt: at, lastRunAt: at, runs: 1, lastOutcome })
    .onConflictDoUpdate({
      target: judgingAssignmentRuns.editionId,
      set: { lastRunAt: at, runs: sql`${judgingAssignmentRuns.runs} + 1`, lastOutcome },
    });
}

/** Whether assignments have run for the edition (then a change reassigns at once). */
export async function assignmentsHaveRun(d1: D1Database, editionId: string): Promise<boolean> {
  const [row] = await getDb({ DB: d1 })
    .select({ editionId: judgingAssignmentRuns.editionId })
    .from(judgingAssignmentRuns)
    .where(eq(judgingAssignmentRuns.editionId, editionId))
    .limit(1);
  return row !== undefined;
}

/** What the daily job assigned in one edition (the plan's counts: `planned`). */
export interface AssignedOnJudgingStart {
  editionId: string;
  assigned: number;
  conflicts: number;
  shortfall: number;
}

/**
 * The daily job: during the edition's judging window, assigns every project
 * once if nobody has run the assignment yet (the organizers usually run
 * `npm run admin -- assign` themselves on the first day). Planned for every
 * such edition, then written with the job's row in one batch, which runs only
 * if no assignment has run for them meanwhile (an organizer's, checked as the
 * batch starts). Its counts are the plan's: the writes skip a row someone
 * added in between, as an organizer's run does.
 */
export async function planAssignOnJudgingStart(
  d1: D1Database,
  editions: readonly Edition[],
  now: Date,
): Promise<PlannedChange<{ counts: "planned"; editions: AssignedOnJudgingStart[] }>> {
  const db = getDb({ DB: d1 });
  const statements: AssignmentWrite[] = [];
  const assigned: AssignedOnJudgingStart[] = [];
  for (const edition of editions) {
    const judging = milestoneOf(edition, "judging");
    const end = judging.end ?? judging.start;
    if (now < judging.start || now >= end) continue;
    if (await assignmentsHaveRun(d1, edition.id)) continue;
    const plan = planAssignments(await readSnapshot(d1, edition.id));
    statements.push(
      ...planStatements(db, plan, { editionId: edition.id, actor: "system:daily-job", now, reason: "judging-started" }),
    );
    if (plan.shortfall.length > 0) {
      log("warn", "judging.assignment_shortfall", {
        editionId: edition.id,
        reason: "judging-started",
        shortfall: plan.shortfall,
      });
    }
    assigned.push({
      editionId: edition.id,
      assigned: plan.adds.length,
      conflicts: plan.conflicts.length,
      shortfall: plan.shortfall.length,
    });
  }
  const planned = assigned.map((outcome) => outcome.editionId);
  return {
    statements,
    result: { counts: "planned", editions: assigned },
    holds:
      planned.length > 0
        ? noRowWhere(db, judgingAssignmentRuns, inArray(judgingAssignmentRuns.editionId, planned))
        : undefined,
    holdsBefore: true,
  };
}

/** The job's log lines, once its batch has run. */
export function logAssignedOnJudgingStart(editions: readonly AssignedOnJudgingStart[]) {
  for (const outcome of editions) log("info", "judging.assigned_by_daily_job", { ...outcome });
}
