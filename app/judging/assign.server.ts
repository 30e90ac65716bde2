/**
 * The worker's side of ./assign.ts: reads the edition's judging state from
 * D1, plans, and writes the plan in one batch. Used by the daily job (the
 * first day of judging, if nobody ran `npm run admin -- assign`) and by a
 * judge's "I know this team" (release and replace at once).
 */
import { milestoneOf, type Edition } from "~/content/editions";
import { log } from "~/lib/log.server";
import {
  assignmentsRunQuery,
  planAssignments,
  planStatements,
  snapshotQueries,
  type Plan,
  type Snapshot,
  type SnapshotName,
  type Statement,
} from "./assign";

export async function readSnapshot(d1: D1Database, editionId: string): Promise<Snapshot> {
  const names = Object.keys(snapshotQueries) as SnapshotName[];
  const results = await d1.batch(names.map((name) => d1.prepare(snapshotQueries[name]).bind(editionId)));
  return Object.fromEntries(names.map((name, i) => [name, results[i]?.results ?? []])) as unknown as Snapshot;
}

export function toD1(d1: D1Database, statements: Statement[]): D1PreparedStatement[] {
  return statements.map(({ sql, params }) => d1.prepare(sql).bind(...params));
}

/** Plans and writes the edition's assignments (`before`: writes of the same change, in the same batch). */
export async function runAssignments(
  d1: D1Database,
  editionId: string,
  { actor, now, reason, before = [] }: { actor: string; now: Date; reason: string; before?: Statement[] },
): Promise<Plan> {
  if (before.length > 0) await d1.batch(toD1(d1, before));
  const plan = planAssignments(await readSnapshot(d1, editionId));
  await d1.batch(toD1(d1, planStatements(plan, { editionId, actor, now, reason })));
  if (plan.shortfall.length > 0) {
    log("warn", "judging.assignment_shortfall", { editionId, reason, shortfall: plan.shortfall });
  }
  return plan;
}

export async function assignmentsHaveRun(d1: D1Database, editionId: string): Promise<boolean> {
  const row = await d1.prepare(assignmentsRunQuery).bind(editionId).first<{ n: number }>();
  return (row?.n ?? 0) > 0;
}

/**
 * The daily job: during the edition's judging window, assigns every project
 * once if nobody has run the assignment yet (the organizers usually run
 * `npm run admin -- assign` themselves on the first day).
 */
export async function assignOnJudgingStart(d1: D1Database, editions: readonly Edition[], now: Date) {
  /** What it did, for the daily job's audit row: one line per edition it assigned. */
  const assigned: { editionId: string; assigned: number; conflicts: number; shortfall: number }[] = [];
  for (const edition of editions) {
    const judging = milestoneOf(edition, "judging");
    const end = judging.end ?? judging.start;
    if (now < judging.start || now >= end) continue;
    if (await assignmentsHaveRun(d1, edition.id)) continue;
    const plan = await runAssignments(d1, edition.id, { actor: "system:daily-job", now, reason: "judging-started" });
    log("info", "judging.assigned_by_daily_job", {
      editionId: edition.id,
      assigned: plan.adds.length,
      conflicts: plan.conflicts.length,
      shortfall: plan.shortfall.length,
    });
    assigned.push({
      editionId: edition.id,
      assigned: plan.adds.length,
      conflicts: plan.conflicts.length,
      shortfall: plan.shortfall.length,
    });
  }
  return assigned;
}
