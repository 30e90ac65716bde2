/**
 * The daily jobs in the audit log (issue 32, ADR 018): each job's run writes
 * one row of the event log (`events`), actor `{ kind: "job", name }`, action
 * `daily-jobs.run`, through the one guarded commit (~/events/commit.server),
 * saying what the job did or that it failed, in the batch of the job's own
 * statements where the job plans them (workers/daily-jobs.ts); the overview reads each job's
 * latest row.
 */
import { and, eq, inArray, max } from "drizzle-orm";
import { dailyJobAction, dailyJobSummaries } from "~/content/organize";
import { getDb, type Db } from "~/db/client.server";
import { events } from "~/db/schema";
import { commit, type Committed, type PlannedChange } from "~/events/commit.server";

/** How a job's run ended: what it did, in one line and in full, or its error. */
export type DailyJobRun = { outcome: "done"; summary: string; result: unknown } | { outcome: "failed"; error: unknown };

/** An error's message, kept short: the audit row's line, not a stack trace. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/**
 * Writes the one audit row of a job's run, on the job's clock: with the
 * job's planned statements in the same batch when it has them (nothing of
 * either is written unless both are, and not at all if the plan's `holds`
 * no longer does: `{ ok: false }`).
 */
export async function recordDailyJob(
  env: Env,
  now: Date,
  name: string,
  run: DailyJobRun,
  change: Omit<PlannedChange<unknown>, "result"> = { statements: [] },
): Promise<Committed> {
  const failed = run.outcome === "failed";
  return commit(
    {
      db: getDb(env),
      now,
      // Every job of one run shares it, so the log ties them together.
      requestId: `daily-jobs:${now.toISOString()}`,
      actor: { kind: "job", name },
    },
    change.statements,
    {
      action: dailyJobAction,
      summary: failed ? dailyJobSummaries.failed(errorText(run.error)) : run.summary,
      targets: { job: name },
      after: failed ? { outcome: "failed", error: errorText(run.error) } : { outcome: "done", result: run.result },
    },
    { holds: change.holds, holdsBefore: change.holdsBefore },
  );
}

/** Each job's latest audit row (one per job name that ever ran): a query, so the overview can batch it. */
export function latestDailyJobRunsQuery(db: Db) {
  const latest = db
    .select({ id: max(events.id) })
    .from(events)
    .where(and(eq(events.action, dailyJobAction), eq(events.actorKind, "job")))
    .groupBy(events.actorLabel);
  return db
    .select({
      name: events.actorLabel,
      createdAt: events.createdAt,
      summary: events.summary,
      after: events.factsAfter,
    })
    .from(events)
    .where(inArray(events.id, latest));
}

/** What the overview shows of each job's latest row. */
export function dailyJobRunsOf(rows: Awaited<ReturnType<typeof latestDailyJobRunsQuery>>) {
  return rows.map((row) => ({
    name: row.name,
    createdAt: row.createdAt,
    summary: row.summary,
    failed: (JSON.parse(row.after ?? "{}") as { outcome?: string }).outcome === "failed",
  }));
}
