/**
 * The daily jobs (the DATA_LIFECYCLE_CRON trigger). Each runs whatever
 * another one does (issue 31): they are independent, so one that throws (a
 * D1 hiccup, a bug in one concern) must not skip the retention purges or the
 * judging assignment behind it. They run side by side under
 * `Promise.allSettled`, and each writes exactly one log line, `daily_job.done`
 * with what it did or `daily_job.failed` with its error, so an operator sees
 * every job's outcome in `wrangler tail` or Workers observability.
 */
import { editionsFor } from "~/clock/clock.server";
import { issueDueInnovatorCredentials } from "~/credentials/issue.server";
import { assignOnJudgingStart } from "~/judging/assign.server";
import { log } from "~/lib/log.server";
import { purgeExpiredJudging } from "~/retention/judging.server";
import { runDataLifecycle } from "~/retention/records.server";
import { purgeExpiredSubmissions } from "~/retention/submissions.server";

export interface DailyJob {
  /** How the log line names it. */
  name: string;
  run(env: Env, now: Date): Promise<unknown>;
}

export const dailyJobs: readonly DailyJob[] = [
  // Abandoned checkouts and the privacy policy's retention periods.
  { name: "data-lifecycle", run: (env, now) => runDataLifecycle(env.DB, now) },
  { name: "submission-retention", run: (env, now) => purgeExpiredSubmissions(env, editionsFor(env), now) },
  { name: "judging-retention", run: (env, now) => purgeExpiredJudging(env.DB, editionsFor(env), now) },
  // Judging's first day: assign every project, unless an organizer already did (issue 24).
  { name: "judging-assignment", run: (env, now) => assignOnJudgingStart(env.DB, editionsFor(env), now) },
  // AI Innovator credentials once a submission deadline has passed (issue 26), signed as issued (issue 31).
  { name: "innovator-credentials", run: (env, now) => issueDueInnovatorCredentials(env, editionsFor(env), now) },
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
  return outcomes;
}
