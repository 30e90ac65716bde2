/**
 * The daily jobs (the DATA_LIFECYCLE_CRON trigger). Each runs whatever
 * another one does (issue 31): they are independent, so one that throws (a
 * D1 hiccup, a bug in one concern) must not skip the retention purges or the
 * judging assignment behind it. They run side by side under
 * `Promise.allSettled`, and each writes exactly one log line, `daily_job.done`
 * with what it did or `daily_job.failed` with its error, so an operator sees
 * every job's outcome in `wrangler tail` or Workers observability.
 *
 * Each run also writes one audit row (issue 32, ADR 018): actor the job,
 * action `daily-jobs.run`, its one-line summary and its result (or its
 * error), which the desk's overview lists per job. A job whose changes are
 * D1 statements `plan`s them, and they are committed with that row in one
 * batch (issue 51): both or neither. A job that cannot (ADR 022: R2 deletions,
 * signing in the worker) `run`s, and its row follows. A job that fails writes
 * a failed row instead.
 */
import { editionsFor, withEditions } from "~/clock/clock.server";
import { siteEditions } from "~/editions/cache.server";
import { dailyJobSummaries, type DailyJobName } from "~/content/organize";
import { issueDueInnovatorCredentials } from "~/credentials/issue.server";
import { planImpactFigures } from "~/impact/figures.server";
import type { PlannedChange } from "~/events/commit.server";
import { logAssignedOnJudgingStart, planAssignOnJudgingStart } from "~/judging/assign.server";
import { log } from "~/lib/log.server";
import { markOverdueInvoices } from "~/payments/overdue.server";
import { reconcileAllTierCredentials } from "~/organization/tier-credential.server";
import { recordDailyJob } from "~/organize/daily-jobs.server";
import { logJudgingPurge, planJudgingPurge } from "~/retention/judging.server";
import { logDataLifecycle, planDataLifecycle } from "~/retention/records.server";
import { purgeExpiredSubmissions } from "~/retention/submissions.server";

interface DailyJobCommon<Result> {
  /** How the log line and the audit row name it. */
  name: string;
  /** What it did, in one line for the audit log (default: "Done."). */
  summarise?(result: Result): string;
}

/** A job of D1 statements: planned, then committed with its row in one batch. */
export interface PlannedDailyJob<Result = unknown> extends DailyJobCommon<Result> {
  plan(env: Env, now: Date): Promise<PlannedChange<Result>>;
  /** Its log lines, once the batch has run. */
  committed?(result: Result): void;
}

/** A job that cannot be one batch: it runs, then its row is written. */
export interface RunDailyJob<Result = unknown> extends DailyJobCommon<Result> {
  run(env: Env, now: Date): Promise<Result>;
}

export type DailyJob<Result = unknown> = PlannedDailyJob<Result> | RunDailyJob<Result>;

/**
 * How many times a planned job plans again when its batch's condition no
 * longer held (something it counted changed between the read and the batch).
 */
const PLAN_ATTEMPTS = 3;

/** A job whose summary reads its own result's type. */
const job = <Result>(definition: DailyJob<Result> & { name: DailyJobName }) => definition as DailyJob;

export const dailyJobs: readonly DailyJob[] = [
  // Abandoned checkouts and the privacy policy's retention periods.
  job({
    name: "data-lifecycle",
    plan: (env, now) => planDataLifecycle(env.DB, now),
    committed: (report) => logDataLifecycle(report),
    summarise: (report) =>
      dailyJobSummaries.dataLifecycle(
        report.expiredCheckouts.registrations + report.expiredCheckouts.sponsorships,
        report.retention.reduce((sum, rule) => sum + rule.rows, 0),
      ),
  }),
  // R2 objects first, then the rows: no batch can undo a deleted object.
  job({
    name: "submission-retention",
    run: (env, now) => purgeExpiredSubmissions(env, editionsFor(env), now),
    summarise: (report) => dailyJobSummaries.submissionRetention(report.teams, report.objects),
  }),
  job({
    name: "judging-retention",
    plan: (env, now) => planJudgingPurge(env.DB, editionsFor(env), now),
    committed: logJudgingPurge,
    summarise: (report) => dailyJobSummaries.judgingRetention(report.rows),
  }),
  // Judging's first day: assign every project, unless an organizer already did (issue 24).
  job({
    name: "judging-assignment",
    plan: (env, now) => planAssignOnJudgingStart(env.DB, editionsFor(env), now),
    committed: (result) => logAssignedOnJudgingStart(result.editions),
    summarise: ({ editions }) =>
      dailyJobSummaries.judgingAssignment(
        editions.length,
        editions.reduce((sum, e) => sum + e.assigned, 0),
      ),
  }),
  // AI Innovator credentials once a submission deadline has passed (issue 26), signed
  // in the worker as each is issued (issue 31): its row follows.
  job({
    name: "innovator-credentials",
    run: (env, now) => issueDueInnovatorCredentials(env, editionsFor(env), now),
    summarise: (issued) => dailyJobSummaries.innovatorCredentials(issued),
  }),
  // Each edition's impact figures, frozen after its end (issue 55, ADR 023).
  job({
    name: "impact-figures",
    plan: (env, now) => planImpactFigures(env, editionsFor(env), now),
    summarise: (recorded) => dailyJobSummaries.impactFigures(recorded.length, recorded.filter((r) => r.final).length),
  }),
  // Open invoices past their due date show "overdue" (issue 53, ADR 025), with or without Stripe's event.
  job({
    name: "invoices-overdue",
    run: (env, now) => markOverdueInvoices(env, now),
    summarise: (marked) => dailyJobSummaries.invoicesOverdue(marked),
  }),
  // Organizations' tier credentials (issue 54, ADR 028): issued where enrollments, removals and refunds
  // are written; this run catches any change those missed. Signing happens in the worker: its row follows.
  job({
    name: "tier-credentials",
    run: (env, now) => reconcileAllTierCredentials(env, now),
    summarise: ({ issued, revoked }) => dailyJobSummaries.tierCredentials(issued, revoked),
  }),
];

/** Plans a job and commits its statements with its "done" row; plans again if its counts moved meanwhile. */
async function commitPlanned(env: Env, now: Date, job: PlannedDailyJob): Promise<unknown> {
  for (let attempt = 1; attempt <= PLAN_ATTEMPTS; attempt++) {
    const { result, ...change } = await job.plan(env, now);
    const summary = job.summarise?.(result) ?? dailyJobSummaries.done;
    const committed = await recordDailyJob(env, now, job.name, { outcome: "done", summary, result }, change);
    if (committed.ok) {
      job.committed?.(result);
      return result;
    }
  }
  throw new Error(`What the job counted kept changing before its batch ran (${PLAN_ATTEMPTS} plans).`);
}

export async function runDailyJobs(
  bare: Env,
  now: Date,
  jobs: readonly DailyJob[] = dailyJobs,
): Promise<PromiseSettledResult<unknown>[]> {
  // The run's editions, as a request's (ADR 024): every job reads the same published editions.
  const env = withEditions(bare, { editions: await siteEditions(bare) });
  // `async` turns a job that throws before returning a promise into a rejection like any other.
  const outcomes = await Promise.allSettled(
    jobs.map(async (job) => ("plan" in job ? commitPlanned(env, now, job) : job.run(env, now))),
  );
  outcomes.forEach((outcome, index) => {
    const job = jobs[index]!.name;
    if (outcome.status === "fulfilled") log("info", "daily_job.done", { job, result: outcome.value });
    else log("error", "daily_job.failed", { job, error: outcome.reason });
  });
  // A planned job that succeeded wrote its row in its batch; every other outcome writes its row now.
  // A row that cannot be written is logged and never stops the others'.
  await Promise.all(
    outcomes.map(async (outcome, index) => {
      const job = jobs[index]!;
      try {
        if (outcome.status === "rejected") {
          await recordDailyJob(env, now, job.name, { outcome: "failed", error: outcome.reason });
          return;
        }
        if ("plan" in job) return;
        const summary = job.summarise?.(outcome.value) ?? dailyJobSummaries.done;
        await recordDailyJob(env, now, job.name, { outcome: "done", summary, result: outcome.value });
      } catch (error) {
        log("error", "daily_job.audit_failed", { job: job.name, error });
      }
    }),
  );
  return outcomes;
}
