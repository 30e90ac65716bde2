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
 * error), which the desk's overview lists per job.
 */
import { editionsFor } from "~/clock/clock.server";
import { dailyJobSummaries, type DailyJobName } from "~/content/organize";
import { issueDueInnovatorCredentials } from "~/credentials/issue.server";
import { recordImpactFigures } from "~/impact/figures.server";
import { assignOnJudgingStart } from "~/judging/assign.server";
import { log } from "~/lib/log.server";
import { recordDailyJob } from "~/organize/daily-jobs.server";
import { purgeExpiredJudging } from "~/retention/judging.server";
import { runDataLifecycle } from "~/retention/records.server";
import { purgeExpiredSubmissions } from "~/retention/submissions.server";

export interface DailyJob<Result = unknown> {
  /** How the log line and the audit row name it. */
  name: string;
  run(env: Env, now: Date): Promise<Result>;
  /** What it did, in one line for the audit log (default: "Done."). */
  summarise?(result: Result): string;
}

/** A job whose summary reads its own result's type. */
const job = <Result>(definition: DailyJob<Result> & { name: DailyJobName }) => definition as DailyJob;

export const dailyJobs: readonly DailyJob[] = [
  // Abandoned checkouts and the privacy policy's retention periods.
  job({
    name: "data-lifecycle",
    run: (env, now) => runDataLifecycle(env.DB, now),
    summarise: (report) =>
      dailyJobSummaries.dataLifecycle(
        report.expiredCheckouts.registrations + report.expiredCheckouts.sponsorships,
        report.retention.reduce((sum, rule) => sum + rule.rows, 0),
      ),
  }),
  job({
    name: "submission-retention",
    run: (env, now) => purgeExpiredSubmissions(env, editionsFor(env), now),
    summarise: (report) => dailyJobSummaries.submissionRetention(report.teams, report.objects),
  }),
  job({
    name: "judging-retention",
    run: (env, now) => purgeExpiredJudging(env.DB, editionsFor(env), now),
    summarise: (report) => dailyJobSummaries.judgingRetention(report.rows),
  }),
  // Judging's first day: assign every project, unless an organizer already did (issue 24).
  job({
    name: "judging-assignment",
    run: (env, now) => assignOnJudgingStart(env.DB, editionsFor(env), now),
    summarise: (editions) =>
      dailyJobSummaries.judgingAssignment(
        editions.length,
        editions.reduce((sum, e) => sum + e.assigned, 0),
      ),
  }),
  // AI Innovator credentials once a submission deadline has passed (issue 26), signed as issued (issue 31).
  job({
    name: "innovator-credentials",
    run: (env, now) => issueDueInnovatorCredentials(env, editionsFor(env), now),
    summarise: (issued) => dailyJobSummaries.innovatorCredentials(issued),
  }),
  // Each edition's impact figures, frozen after its end (issue 55, ADR 023).
  job({
    name: "impact-figures",
    run: (env, now) => recordImpactFigures(env, editionsFor(env), now),
    summarise: (recorded) => dailyJobSummaries.impactFigures(recorded.length, recorded.filter((r) => r.final).length),
  }),
];

export async function runDailyJobs(
  env: Env,
  now: Date,
  jobs: readonly DailyJob[] = dailyJobs,
): Promise<PromiseSettledResult<unknown>[]> {
  // `async` turns a job that throws before returning a promise into a rejection like any other.
  const outcomes = await Promise.allSettled(jobs.map(async (job) => job.run(env, now)));
  outcomes.forEach((outcome, index) => {
    const job = jobs[index]!.name;
    if (outcome.status === "fulfilled") log("info", "daily_job.done", { job, result: outcome.value });
    else log("error", "daily_job.failed", { job, error: outcome.reason });
  });
  // One audit row per job; a row that cannot be written is logged and never stops the others'.
  await Promise.all(
    outcomes.map(async (outcome, index) => {
      const { name, summarise } = jobs[index]!;
      try {
        if (outcome.status === "rejected") {
          await recordDailyJob(env, now, name, { outcome: "failed", error: outcome.reason });
          return;
        }
        const summary = summarise?.(outcome.value) ?? dailyJobSummaries.done;
        await recordDailyJob(env, now, name, { outcome: "done", summary, result: outcome.value });
      } catch (error) {
        log("error", "daily_job.audit_failed", { job: name, error });
      }
    }),
  );
  return outcomes;
}
