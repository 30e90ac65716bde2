/**
 * Assignments and conflicts of interest as organizer actions (issues 24 and
 * 32, ADR 018): the desk's /organize/assignments, the organizer API and
 * `npm run admin -- assign | conflicts | dismiss-conflict | add-conflict`
 * all run these, through the one executor, with the worker's edition and
 * clock. The rules are ./assign.ts's (`planAssignments`), the same the daily
 * job and a judge's declaration use.
 *
 * - assignments.run: every submitted project gets its judges; running again
 *   only fills what is missing (idempotent).
 * - conflicts.dismiss: a detected conflict is not one (reason required); the
 *   judge becomes assignable, and the edition is reassigned at once if
 *   assignments have run.
 * - conflicts.add: a conflict the data cannot show (reason required); that
 *   judge's open assignment to the team is released and replaced at once.
 * - assignments.list, conflicts.list: each judge's load and each project's
 *   judges; every conflict, live or dismissed.
 */
import { isSubmittedProject } from "~/portal/submitted.server";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { assignmentDeskMessages, judgeDeskMessages, judgingRules } from "~/content/judging";
import { getDb, type Db } from "~/db/client.server";
import { judges, judgingAssignments, judgingConflicts, submissions, teams, user } from "~/db/schema";
import { refusal } from "~/lib/refusal";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, rowWhere } from "~/organize/action.server";
import { activeJudgeByEmail, judgeProgress } from "./actions.server";
import { criteriaCount, planAssignments, type Plan, type Snapshot } from "./assign";
import {
  assignmentsHaveRun,
  conflictRows,
  conflictUpsert,
  isOpenAssignment,
  lowerEmail,
  planStatements,
  readSnapshot,
  scoredCriteria,
  type AssignmentWrite,
} from "./assign.server";
import { AddConflictSchema, DismissConflictSchema, RunAssignmentsSchema } from "./schema";

/** One line saying what a plan did, for the message, the API and the CLI. */
export function planSummary(plan: Plan, projects: number): string {
  const short =
    plan.shortfall.length > 0
      ? ` ${plan.shortfall.length} project(s) are short of judges: invite more judges, or dismiss a conflict that is not one, then run again.`
      : ` Every project has ${judgingRules.judgesPerProject} judges.`;
  return (
    `${projects} submitted project(s), ${Object.keys(plan.loads).length} active judge(s): ` +
    `${plan.adds.length} new assignment(s), ${plan.releases.length} released, ${plan.conflicts.length} new conflict(s) detected.` +
    short
  );
}

/** The plan's facts, for the audit row and the API's result. */
const planFacts = (plan: Plan) => ({
  assigned: plan.adds.length,
  released: plan.releases.length,
  conflicts: plan.conflicts.length,
  shortfall: plan.shortfall,
});

/** Reassign in the same batch as a change, from the state with the change made (if assignments have run). */
async function reassignment(
  { db, env }: { db: Db; env: { DB: D1Database } },
  editionId: string,
  change: (snapshot: Snapshot) => void,
  { actor, now, reason }: { actor: string; now: Date; reason: string },
): Promise<{ plan: Plan | null; statements: AssignmentWrite[] }> {
  if (!(await assignmentsHaveRun(env.DB, editionId))) return { plan: null, statements: [] };
  const snapshot = await readSnapshot(env.DB, editionId);
  change(snapshot);
  const plan = planAssignments(snapshot);
  return { plan, statements: planStatements(db, plan, { editionId, actor, now, reason }) };
}

const reassignedText = (plan: Plan | null) =>
  plan
    ? ` ${plan.releases.length} assignment(s) released and ${plan.adds.length} made${plan.shortfall.length > 0 ? `; ${plan.shortfall.length} project(s) are short of judges` : ""}.`
    : " Assignments have not run yet for this edition: the first run takes this into account.";

/** The organizers' run of the assignment (a judge who leaves reruns it through `assign.server.ts`'s `runAssignments`). */
export const assignJudges = defineOrganizerAction({
  id: "assignments.run",
  permission: "run:assignment",
  input: RunAssignmentsSchema,
  async run(_input, ctx) {
    const { db, edition, now, env } = ctx;
    const snapshot = await readSnapshot(env.DB, edition.id);
    const plan = planAssignments(snapshot);
    const summary = planSummary(plan, snapshot.projects.length);
    return {
      ok: true,
      statements: planStatements(db, plan, {
        editionId: edition.id,
        actor: actorLabel(ctx.actor),
        now,
        reason: "assign",
      }),
      audit: {
        summary: `Ran the assignment of the ${edition.name}`,
        targets: { editionId: edition.id },
        after: planFacts(plan),
      },
      message: summary,
      result: {
        ...planFacts(plan),
        projects: snapshot.projects.length,
        loads: plan.loads,
        newConflicts: plan.conflicts.map((c) => ({
          ...c,
          email: snapshot.judges.find((j) => j.userId === c.judgeUserId)?.email ?? "",
        })),
        releases: plan.releases,
      },
    };
  },
});

export const dismissConflict = defineOrganizerAction({
  id: "conflicts.dismiss",
  permission: "dismiss:conflict",
  input: DismissConflictSchema,
  async run({ conflictId, reason }, ctx) {
    const { db, edition, now } = ctx;
    const id = Number(conflictId);
    const [conflict] = Number.isInteger(id)
      ? await db
          .select({
            id: judgingConflicts.id,
            judgeUserId: judgingConflicts.judgeUserId,
            teamId: judgingConflicts.teamId,
            source: judgingConflicts.source,
            email: lowerEmail,
          })
          .from(judgingConflicts)
          .innerJoin(user, eq(user.id, judgingConflicts.judgeUserId))
          .where(
            and(
              eq(judgingConflicts.id, id),
              eq(judgingConflicts.editionId, edition.id),
              isNull(judgingConflicts.dismissedAt),
            ),
          )
          .limit(1)
      : [];
    if (!conflict) return refusal(assignmentDeskMessages.conflictUnknown, 404, "conflictId");
    const at = now.toISOString();
    const by = actorLabel(ctx.actor);
    const { plan, statements } = await reassignment(
      ctx,
      edition.id,
      (snapshot) => {
        snapshot.conflicts = snapshot.conflicts.map((c) => (c.id === conflict.id ? { ...c, dismissedAt: at } : c));
      },
      { actor: by, now, reason: "conflict-dismissed" },
    );
    return {
      ok: true,
      statements: [
        db
          .update(judgingConflicts)
          .set({ dismissedAt: at, dismissedBy: by, dismissedReason: reason })
          .where(
            and(
              eq(judgingConflicts.id, conflict.id),
              eq(judgingConflicts.editionId, edition.id),
              isNull(judgingConflicts.dismissedAt),
            ),
          ),
        ...statements,
      ],
      holds: rowWhere(
        db,
        judgingConflicts,
        eq(judgingConflicts.id, conflict.id),
        eq(judgingConflicts.dismissedAt, at),
        eq(judgingConflicts.dismissedBy, by),
      ),
      audit: {
        summary: `Dismissed conflict ${conflict.id} (${conflict.email} / ${conflict.teamId})`,
        targets: { conflictId: conflict.id, email: conflict.email, teamId: conflict.teamId, editionId: edition.id },
        before: { live: true, source: conflict.source },
        after: plan ? { live: false, ...planFacts(plan) } : { live: false },
        reason,
      },
      message: `Conflict ${conflict.id} dismissed; it will not be detected again, and ${conflict.email} may judge ${conflict.teamId}.${reassignedText(plan)}`,
      result: { conflictId: conflict.id, ...(plan ? planFacts(plan) : {}) },
    };
  },
});

export const addConflict = defineOrganizerAction({
  id: "conflicts.add",
  permission: "add:conflict",
  input: AddConflictSchema,
  async run({ email, teamId, reason }, ctx) {
    const { db, edition, now } = ctx;
    const judge = await activeJudgeByEmail(db, edition.id, email);
    if (!judge) return refusal(judgeDeskMessages.notAJudge(email.toLowerCase(), edition.name), 404, "email");
    const [team] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, teamId), eq(teams.editionId, edition.id)))
      .limit(1);
    if (!team) return refusal(assignmentDeskMessages.teamUnknown(teamId, edition.name), 404, "teamId");
    const at = now.toISOString();
    const by = actorLabel(ctx.actor);
    const { plan, statements } = await reassignment(
      ctx,
      edition.id,
      (snapshot) => {
        snapshot.conflicts.push({ id: -1, judgeUserId: judge.userId, teamId, source: "organizer", dismissedAt: null });
      },
      { actor: by, now, reason: "conflict-added" },
    );
    return {
      ok: true,
      statements: [
        conflictUpsert(db, {
          editionId: edition.id,
          judgeUserId: judge.userId,
          teamId,
          source: "organizer",
          detail: reason,
          at,
          by,
        }),
        ...statements,
      ],
      holds: rowWhere(
        db,
        judgingConflicts,
        eq(judgingConflicts.editionId, edition.id),
        eq(judgingConflicts.judgeUserId, judge.userId),
        eq(judgingConflicts.teamId, teamId),
        eq(judgingConflicts.source, "organizer"),
        eq(judgingConflicts.createdAt, at),
        isNull(judgingConflicts.dismissedAt),
      ),
      audit: {
        summary: `Recorded a conflict: ${judge.email} will not judge ${teamId}`,
        targets: { userId: judge.userId, email: judge.email, teamId, editionId: edition.id },
        after: plan ? { live: true, ...planFacts(plan) } : { live: true },
        reason,
      },
      message: `Conflict recorded: ${judge.email} will not judge ${teamId}.${reassignedText(plan)}`,
      result: { userId: judge.userId, teamId, ...(plan ? planFacts(plan) : {}) },
    };
  },
});

export interface ProjectJudges {
  teamId: string;
  name: string;
  /** The open assignments' judges, with whether each has scored every criterion. */
  judges: { email: string; name: string; complete: boolean }[];
}

/** Each submitted project of the edition with its judges (open assignments), in submission order. */
export async function projectJudges(d1: D1Database, editionId: string): Promise<ProjectJudges[]> {
  const db = getDb({ DB: d1 });
  const [projects, assigned] = await db.batch([
    db
      .select({ teamId: submissions.teamId, name: sql<string>`coalesce(${teams.name}, '')` })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(and(eq(submissions.editionId, editionId), isSubmittedProject))
      .orderBy(asc(submissions.submittedAt), asc(submissions.teamId)),
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
      .where(and(eq(judgingAssignments.editionId, editionId), isOpenAssignment))
      .orderBy(asc(user.email)),
  ]);
  const byTeam = new Map<string, ProjectJudges["judges"]>();
  for (const row of assigned) {
    byTeam.set(row.teamId, [
      ...(byTeam.get(row.teamId) ?? []),
      { email: row.email, name: row.name, complete: Number(row.scored) >= criteriaCount },
    ]);
  }
  return projects.map((p) => ({ teamId: p.teamId, name: p.name, judges: byTeam.get(p.teamId) ?? [] }));
}

export interface ConflictRow {
  id: number;
  judge: string;
  teamId: string;
  team: string;
  source: string;
  detail: string;
  status: "live" | "dismissed";
  createdAt: string;
  createdBy: string;
  dismissedAt: string | null;
  dismissedBy: string | null;
  dismissedReason: string | null;
}

/** Every conflict of the edition, live or dismissed, oldest first. */
export async function editionConflicts(d1: D1Database, editionId: string): Promise<ConflictRow[]> {
  const rows = await conflictRows(getDb({ DB: d1 }))
    .where(eq(judgingConflicts.editionId, editionId))
    .orderBy(asc(judgingConflicts.id));
  // The status after the detail, where the API and the CLI's table have always shown it.
  return rows.map(({ createdAt, createdBy, dismissedAt, dismissedBy, dismissedReason, ...row }) => ({
    ...row,
    status: dismissedAt === null ? "live" : "dismissed",
    createdAt,
    createdBy,
    dismissedAt,
    dismissedBy,
    dismissedReason,
  }));
}

const editionInput = z.object({ edition: z.optional(z.string().check(z.regex(/^[\w-]{1,32}$/))) });

export const listAssignments = defineOrganizerQuery({
  id: "assignments.list",
  permission: "read:assignment",
  input: editionInput,
  read: async ({ edition }, ctx) => {
    const editionId = edition ?? ctx.edition.id;
    const [judges, projects] = await Promise.all([
      judgeProgress(ctx.env.DB, editionId),
      projectJudges(ctx.env.DB, editionId),
    ]);
    return {
      editionId,
      judgesPerProject: judgingRules.judgesPerProject,
      judges: judges
        .filter((j) => !j.leftAt)
        .map((j) => ({ email: j.email, name: j.name, load: j.assigned, scored: j.scored })),
      projects,
    };
  },
});

export const listConflicts = defineOrganizerQuery({
  id: "conflicts.list",
  permission: "read:conflict",
  input: editionInput,
  read: async ({ edition }, ctx) => {
    const editionId = edition ?? ctx.edition.id;
    return { editionId, conflicts: await editionConflicts(ctx.env.DB, editionId) };
  },
});

export const assignmentActions = [assignJudges, dismissConflict, addConflict];
export const assignmentQueries = [listAssignments, listConflicts];
