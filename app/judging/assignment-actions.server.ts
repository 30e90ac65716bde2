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
import { sql } from "drizzle-orm";
import * as z from "zod/mini";
import { judgingRules } from "~/content/judging";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, type Refusal } from "~/organize/action.server";
import { activeJudgeByEmail, judgeProgress, judgeDeskMessages } from "./actions.server";
import { criteriaCount, planAssignments, planStatements, type Plan, type Snapshot, type Statement } from "./assign";
import { assignmentsHaveRun, readSnapshot } from "./assign.server";
import { AddConflictSchema, DismissConflictSchema, RunAssignmentsSchema } from "./schema";

const refusal = (message: string, status: number, field?: string): Refusal => ({ ok: false, message, status, field });

export const assignmentDeskMessages = {
  conflictUnknown: "There is no such live conflict in this edition: the conflicts table lists them.",
  teamUnknown: (teamId: string, edition: string) => `There is no team ${teamId} in the ${edition}.`,
} as const;

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
  env: { DB: D1Database },
  editionId: string,
  change: (snapshot: Snapshot) => void,
  { actor, now, reason }: { actor: string; now: Date; reason: string },
): Promise<{ plan: Plan | null; statements: Statement[] }> {
  if (!(await assignmentsHaveRun(env.DB, editionId))) return { plan: null, statements: [] };
  const snapshot = await readSnapshot(env.DB, editionId);
  change(snapshot);
  const plan = planAssignments(snapshot);
  return { plan, statements: planStatements(plan, { editionId, actor, now, reason }) };
}

const reassignedText = (plan: Plan | null) =>
  plan
    ? ` ${plan.releases.length} assignment(s) released and ${plan.adds.length} made${plan.shortfall.length > 0 ? `; ${plan.shortfall.length} project(s) are short of judges` : ""}.`
    : " Assignments have not run yet for this edition: the first run takes this into account.";

const judgingEvent = (editionId: string, actor: string, kind: string, detail: unknown, at: string): Statement => ({
  sql: "INSERT INTO judging_events (edition_id, actor, kind, detail, created_at) VALUES (?, ?, ?, ?, ?)",
  params: [editionId, actor, kind, JSON.stringify(detail), at],
});

export const runAssignments = defineOrganizerAction({
  id: "assignments.run",
  permission: "run:assignment",
  input: RunAssignmentsSchema,
  async run(_input, ctx) {
    const { edition, now, env } = ctx;
    const snapshot = await readSnapshot(env.DB, edition.id);
    const plan = planAssignments(snapshot);
    const summary = planSummary(plan, snapshot.projects.length);
    return {
      ok: true,
      statements: planStatements(plan, { editionId: edition.id, actor: actorLabel(ctx.actor), now, reason: "assign" }),
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
    const { edition, now, env } = ctx;
    const id = Number(conflictId);
    const conflict = Number.isInteger(id)
      ? await env.DB.prepare(
          `SELECT c.id, c.judge_user_id AS judgeUserId, c.team_id AS teamId, c.source, lower(u.email) AS email
           FROM judging_conflicts c JOIN "user" u ON u.id = c.judge_user_id
           WHERE c.id = ?1 AND c.edition_id = ?2 AND c.dismissed_at IS NULL`,
        )
          .bind(id, edition.id)
          .first<{ id: number; judgeUserId: string; teamId: string; source: string; email: string }>()
      : null;
    if (!conflict) return refusal(assignmentDeskMessages.conflictUnknown, 404, "conflictId");
    const at = now.toISOString();
    const by = actorLabel(ctx.actor);
    const { plan, statements } = await reassignment(
      env,
      edition.id,
      (snapshot) => {
        snapshot.conflicts = snapshot.conflicts.map((c) => (c.id === conflict.id ? { ...c, dismissedAt: at } : c));
      },
      { actor: by, now, reason: "conflict-dismissed" },
    );
    return {
      ok: true,
      statements: [
        {
          sql: `UPDATE judging_conflicts SET dismissed_at = ?, dismissed_by = ?, dismissed_reason = ?
            WHERE id = ? AND edition_id = ? AND dismissed_at IS NULL`,
          params: [at, by, reason, conflict.id, edition.id],
        },
        judgingEvent(edition.id, by, "conflict-dismissed", { conflictId: conflict.id, reason }, at),
        ...statements,
      ],
      holds: sql`EXISTS (SELECT 1 FROM judging_conflicts WHERE id = ${conflict.id} AND dismissed_at = ${at} AND dismissed_by = ${by})`,
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
    const { db, edition, now, env } = ctx;
    const judge = await activeJudgeByEmail(db, edition.id, email);
    if (!judge) return refusal(judgeDeskMessages.notAJudge(email.toLowerCase(), edition.name), 404, "email");
    const team = await env.DB.prepare("SELECT id FROM teams WHERE id = ?1 AND edition_id = ?2")
      .bind(teamId, edition.id)
      .first<{ id: string }>();
    if (!team) return refusal(assignmentDeskMessages.teamUnknown(teamId, edition.name), 404, "teamId");
    const at = now.toISOString();
    const by = actorLabel(ctx.actor);
    const { plan, statements } = await reassignment(
      env,
      edition.id,
      (snapshot) => {
        snapshot.conflicts.push({ id: -1, judgeUserId: judge.userId, teamId, source: "organizer", dismissedAt: null });
      },
      { actor: by, now, reason: "conflict-added" },
    );
    return {
      ok: true,
      statements: [
        {
          sql: `INSERT INTO judging_conflicts (edition_id, judge_user_id, team_id, source, detail, created_at, created_by)
            VALUES (?, ?, ?, 'organizer', ?, ?, ?)
            ON CONFLICT (edition_id, judge_user_id, team_id, source)
            DO UPDATE SET detail = excluded.detail, created_at = excluded.created_at, created_by = excluded.created_by,
              dismissed_at = NULL, dismissed_by = NULL, dismissed_reason = NULL`,
          params: [edition.id, judge.userId, teamId, reason, at, by],
        },
        judgingEvent(edition.id, by, "conflict-added", { email: judge.email, teamId, reason }, at),
        ...statements,
      ],
      holds: sql`EXISTS (SELECT 1 FROM judging_conflicts WHERE edition_id = ${edition.id} AND judge_user_id = ${judge.userId} AND team_id = ${teamId} AND source = 'organizer' AND created_at = ${at} AND dismissed_at IS NULL)`,
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
  const [projects, assigned] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT s.team_id AS teamId, coalesce(t.name, '') AS name FROM submissions s JOIN teams t ON t.id = s.team_id
         WHERE s.edition_id = ?1 AND s.status = 'submitted' ORDER BY s.submitted_at, s.team_id`,
      )
      .bind(editionId),
    d1
      .prepare(
        `SELECT a.team_id AS teamId, lower(u.email) AS email, coalesce(j.name, '') AS name,
           (SELECT count(*) FROM judging_scores sc WHERE sc.team_id = a.team_id AND sc.judge_user_id = a.judge_user_id) AS scored
         FROM judging_assignments a JOIN "user" u ON u.id = a.judge_user_id
         LEFT JOIN judges j ON j.user_id = a.judge_user_id AND j.edition_id = a.edition_id
         WHERE a.edition_id = ?1 AND a.released_at IS NULL ORDER BY u.email`,
      )
      .bind(editionId),
  ]);
  const byTeam = new Map<string, ProjectJudges["judges"]>();
  for (const row of assigned?.results ?? []) {
    const teamId = String(row.teamId);
    byTeam.set(teamId, [
      ...(byTeam.get(teamId) ?? []),
      { email: String(row.email), name: String(row.name), complete: Number(row.scored) >= criteriaCount },
    ]);
  }
  return (projects?.results ?? []).map((p) => ({
    teamId: String(p.teamId),
    name: String(p.name),
    judges: byTeam.get(String(p.teamId)) ?? [],
  }));
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
  const { results } = await d1
    .prepare(
      `SELECT c.id, lower(u.email) AS judge, c.team_id AS teamId, coalesce(t.name, '') AS team, c.source, c.detail,
         CASE WHEN c.dismissed_at IS NULL THEN 'live' ELSE 'dismissed' END AS status,
         c.created_at AS createdAt, c.created_by AS createdBy, c.dismissed_at AS dismissedAt,
         c.dismissed_by AS dismissedBy, c.dismissed_reason AS dismissedReason
       FROM judging_conflicts c JOIN "user" u ON u.id = c.judge_user_id LEFT JOIN teams t ON t.id = c.team_id
       WHERE c.edition_id = ?1 ORDER BY c.id`,
    )
    .bind(editionId)
    .all<ConflictRow>();
  return results;
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

export const assignmentActions = [runAssignments, dismissConflict, addConflict];
export const assignmentQueries = [listAssignments, listConflicts];
