/**
 * The daily jobs (issue 31, ADR 017): each runs whatever another one does, and
 * says in one log line how it went; and the judging records' retention rule
 * (the privacy policy's "judging-records"), which deletes a whole edition's
 * judging rows and so has this file's database to itself. Each job's run also
 * writes one audit row (issue 32), which the desk's overview lists per job.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { edition2026 } from "../fixtures/edition-2026";
import { dataRetentionById } from "~/content/legal";
import { DATA_LIFECYCLE_CRON } from "~/retention/records.server";
import { purgeExpiredJudging } from "~/retention/judging.server";
import { judgeSql, reviewSql, submittedTeamSql, userSql } from "../judging-seed";
import { dailyJobs, runDailyJobs, type DailyJob } from "../../workers/daily-jobs";
import { dailyJobAction, dailyJobNames, dailyJobSummaries, dailyJobText, overviewText } from "~/content/organize";
import { createAppeal, createConflict, createPublishedResult } from "./factories";
import { decodeEntities } from "./html";
import { auditSince, deskGet, lastAuditId, organizer } from "./organize-helpers";
import { builtWorker } from "./worker";

/** 2026 ended Apr 26, 2026 (Mountain Time): its records are past 12 months on this day, not on the one before. */
const PAST_RETENTION = new Date("2028-01-10T16:17:00.000Z");
const WITHIN_RETENTION = new Date("2027-01-10T16:17:00.000Z");

async function seed(statements: string[]) {
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
}

/** A 2026 project with a judge's scores, a note, a comment, an appeal and a published finalist row. */
async function judgedProject(tag: string, editionId = "2026") {
  const teamId = `${tag}-team`;
  const judgeId = `${tag}-judge`;
  await seed([
    ...judgeSql({ editionId, userId: judgeId, name: `Judge ${tag}` }),
    ...submittedTeamSql({ editionId, teamId, name: `Team ${tag}`, members: [`${tag}-member`] }),
    ...reviewSql({ editionId, teamId, judgeId, scores: 8, note: "note", comment: "comment" }),
    `INSERT OR IGNORE INTO judging_assignment_runs (edition_id, first_run_at, last_run_at)
     VALUES ('${editionId}', '2026-03-21T08:00:00.000Z', '2026-03-21T08:00:00.000Z')`,
  ]);
  await createConflict({ editionId, judgeUserId: judgeId, teamId, detail: "x" });
  await createAppeal({ editionId, teamId, submittedBy: `${tag}-member`, body: "appeal" });
  await createPublishedResult({ editionId, teamId, teamName: `Team ${tag}` });
  return { teamId, judgeId };
}

const judgingTables = [
  "judge_invitations",
  "judges",
  "judging_conflicts",
  "judging_assignments",
  "judging_scores",
  "judging_reviews",
  "judging_assignment_runs",
  "judging_appeals",
];

async function judgingRowsOf(editionId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of judgingTables) {
    counts[table] =
      (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE edition_id = ?`)
        .bind(editionId)
        .first<number>("n")) ?? -1;
  }
  return counts;
}

async function publishedRowsOf(editionId: string) {
  return env.DB.prepare("SELECT count(*) AS n FROM published_results WHERE edition_id = ?").bind(editionId).first("n");
}

/** Every structured log line the worker wrote for one event. */
function logLines(spies: { mock: { calls: unknown[][] } }[], event: string) {
  return spies
    .flatMap((spy) => spy.mock.calls.map((call) => String(call[0])))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    })
    .filter((line) => typeof line.event === "string" && line.event.startsWith(event));
}

afterEach(() => vi.restoreAllMocks());

describe("the daily jobs", () => {
  it("a job that throws does not stop the others, and each job says how it went in one log line", async () => {
    await judgedProject("isolated");
    const spies = [
      vi.spyOn(console, "log").mockImplementation(() => {}),
      vi.spyOn(console, "warn").mockImplementation(() => {}),
      vi.spyOn(console, "error").mockImplementation(() => {}),
    ];
    // The retention job's batch needs this table: without it, that job throws as a real failure would.
    await env.DB.exec("ALTER TABLE stripe_events RENAME TO stripe_events_away");
    const since = await lastAuditId();
    const worker = await builtWorker();
    const ctx = createExecutionContext();
    try {
      await expect(
        worker.scheduled(
          createScheduledController({ scheduledTime: PAST_RETENTION, cron: DATA_LIFECYCLE_CRON }),
          env,
          ctx,
        ),
      ).resolves.toBeUndefined();
      await waitOnExecutionContext(ctx);
    } finally {
      await env.DB.exec("ALTER TABLE stripe_events_away RENAME TO stripe_events");
    }
    // The jobs after the one that failed still ran: 2026's projects and judging records are gone.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM teams WHERE edition_id = '2026'").first("n")).toBe(0);
    expect(Object.values(await judgingRowsOf("2026")).every((n) => n === 0)).toBe(true);

    const lines = logLines(spies, "daily_job.");
    const failed = lines.filter((line) => line.event === "daily_job.failed");
    expect(failed).toEqual([expect.objectContaining({ level: "error", job: "data-lifecycle" })]);
    const done = lines.filter((line) => line.event === "daily_job.done").map((line) => line.job);
    expect(done.sort()).toEqual(dailyJobNames.filter((name) => name !== "data-lifecycle").sort());

    // One audit row per job, the failed one saying so, the others what they did.
    const rows = await auditSince(since);
    expect(rows.map((r) => r.actor_label).sort()).toEqual([...dailyJobNames].sort());
    const failedRow = rows.find((r) => r.actor_label === "data-lifecycle")!;
    expect(failedRow.summary).toMatch(/^Failed: .*stripe_events/);
    expect(JSON.parse(failedRow.facts_after!)).toMatchObject({ outcome: "failed" });
    const purge = rows.find((r) => r.actor_label === "submission-retention")!;
    expect(JSON.parse(purge.facts_after!)).toMatchObject({ outcome: "done", result: { editions: ["2026"], teams: 1 } });
    expect(purge.summary).toBe(dailyJobSummaries.submissionRetention(1, 0));
  });

  it("writes one audit row per job, as the job, and the overview lists each job's last run", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const since = await lastAuditId();
    await runDailyJobs(env, WITHIN_RETENTION);
    const rows = await auditSince(since);
    expect(rows).toHaveLength(dailyJobNames.length);
    for (const row of rows) {
      expect(row).toMatchObject({
        actor_kind: "job",
        actor_user_id: null,
        actor_role: null,
        action: dailyJobAction,
        created_at: WITHIN_RETENTION.toISOString(),
        request_id: `daily-jobs:${WITHIN_RETENTION.toISOString()}`,
      });
      expect(JSON.parse(row.targets)).toEqual({ job: row.actor_label });
      expect(JSON.parse(row.facts_after!)).toMatchObject({ outcome: "done" });
    }
    expect(rows.map((r) => r.actor_label).sort()).toEqual([...dailyJobNames].sort());
    expect(rows.find((r) => r.actor_label === "innovator-credentials")!.summary).toBe(
      dailyJobSummaries.innovatorCredentials(0),
    );

    // A later run is the one the overview shows (a viewer reads it), one line per job.
    const later = new Date(WITHIN_RETENTION.getTime() + 86_400_000);
    await runDailyJobs(env, later);
    const html = decodeEntities(await (await deskGet("/organize", await organizer("viewer"))).text());
    const table = html.match(/<table[^>]*data-testid="jobs"[\s\S]*?<\/table>/)?.[0] ?? "";
    const lines = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map((m) => m[1]!.replace(/<[^>]+>/g, " "));
    expect(lines).toHaveLength(dailyJobNames.length);
    for (const [i, name] of dailyJobNames.entries()) {
      expect(lines[i]).toContain(dailyJobText[name].label);
      expect(lines[i]).toContain(overviewText.jobOutcome.done);
      expect(lines[i]).not.toContain(overviewText.jobNeverRan);
    }
    expect(lines[4]).toContain(dailyJobSummaries.innovatorCredentials(0));
    // January 11 in Mountain Time: the later run, not the first.
    expect(lines[0]).toMatch(/Jan(uary)? 11, 2027/);

    // The audit log finds a job's rows by its name and by the action.
    const registrar = await organizer("registrar");
    const audit = decodeEntities(
      await (await deskGet(`/organize/audit?actor=judging-retention&action=${dailyJobAction}`, registrar)).text(),
    );
    expect(audit.match(/judging-retention/g)?.length).toBeGreaterThanOrEqual(2);
    expect(audit).not.toContain("innovator-credentials");
  });

  it("runs every job even when one throws before it returns a promise", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const ran: string[] = [];
    const jobs: DailyJob[] = [
      {
        name: "throws-at-once",
        run: () => {
          throw new Error("boom");
        },
      },
      { name: "second", run: async () => void ran.push("second") },
      { name: "third", run: async () => void ran.push("third") },
    ];
    const since = await lastAuditId();
    const outcomes = await runDailyJobs(env, WITHIN_RETENTION, jobs);
    expect(ran.sort()).toEqual(["second", "third"]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    // Each still writes its audit row: the one that threw, that it failed.
    const rows = await auditSince(since);
    expect(rows.map((r) => [r.actor_label, r.summary]).sort()).toEqual([
      ["second", dailyJobSummaries.done],
      ["third", dailyJobSummaries.done],
      ["throws-at-once", dailyJobSummaries.failed("boom")],
    ]);
  });
});

/** The one job of `dailyJobs` with this name, as the trigger runs it. */
function theJob(name: string): DailyJob {
  return dailyJobs.find((job) => job.name === name)!;
}

describe("a job's changes and its row in one batch", () => {
  it("a job whose batch fails leaves neither its changes nor a done row, only a failed one", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    await judgedProject("refused");
    const before = await judgingRowsOf("2026");
    // The job's "done" row is refused, as a fault on its last statement would be; its failed row is not.
    await env.DB.prepare(
      `CREATE TRIGGER refuse_done_row BEFORE INSERT ON events
       WHEN NEW.actor_label = 'judging-retention' AND json_extract(NEW.facts_after, '$.outcome') = 'done'
       BEGIN SELECT RAISE(ABORT, 'done row refused'); END`,
    ).run();
    const since = await lastAuditId();
    try {
      const [outcome] = await runDailyJobs(env, PAST_RETENTION, [theJob("judging-retention")]);
      expect(outcome!.status).toBe("rejected");
    } finally {
      await env.DB.exec("DROP TRIGGER refuse_done_row");
    }
    // Its deletes went with its row: every judging record is still there.
    expect(await judgingRowsOf("2026")).toEqual(before);
    const rows = await auditSince(since);
    expect(rows.map((r) => [r.actor_label, JSON.parse(r.facts_after!).outcome])).toEqual([
      ["judging-retention", "failed"],
    ]);
    expect(rows[0]!.summary).toMatch(/^Failed: .*done row refused/);

    // Without the fault, the same job deletes them and says how many, in one batch with its row.
    const again = await lastAuditId();
    await runDailyJobs(env, PAST_RETENTION, [theJob("judging-retention")]);
    expect(Object.values(await judgingRowsOf("2026")).every((n) => n === 0)).toBe(true);
    const [done] = await auditSince(again);
    const deleted = Object.values(before).reduce((sum, n) => sum + n, 0);
    expect(JSON.parse(done!.facts_after!)).toEqual({ outcome: "done", result: { editions: ["2026"], rows: deleted } });
    expect(done!.summary).toBe(dailyJobSummaries.judgingRetention(deleted));
  });

  it("plans again when what it counted changed before its batch, and writes only the plan that held", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await env.DB.exec("CREATE TABLE job_probe (attempt INTEGER NOT NULL)");
    let attempts = 0;
    const planned: DailyJob = {
      name: "counts-moved",
      plan: async () => {
        attempts += 1;
        return {
          statements: [{ sql: "INSERT INTO job_probe (attempt) VALUES (?)", params: [attempts] }],
          result: { attempt: attempts },
          // What the first plan counted no longer holds as its batch starts.
          holds: attempts === 1 ? sql`0 = 1` : sql`1 = 1`,
          holdsBefore: true,
        };
      },
    };
    const since = await lastAuditId();
    const [outcome] = await runDailyJobs(env, WITHIN_RETENTION, [planned]);
    expect(outcome).toEqual({ status: "fulfilled", value: { attempt: 2 } });
    const { results } = await env.DB.prepare("SELECT attempt FROM job_probe").all<{ attempt: number }>();
    expect(results).toEqual([{ attempt: 2 }]);
    const rows = await auditSince(since);
    expect(rows.map((r) => JSON.parse(r.facts_after!))).toEqual([{ outcome: "done", result: { attempt: 2 } }]);
    await env.DB.exec("DROP TABLE job_probe");
  });

  it("assigns on judging's first day in one batch with its row, and not again once assignments have run", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    // Whatever run an earlier test of this file recorded, this edition's assignments have not run yet.
    await env.DB.prepare("DELETE FROM judging_assignment_runs WHERE edition_id = '2026'").run();
    await seed([
      userSql({ id: "first-day-judge-1", email: "first-day-judge-1@judges.example" }),
      userSql({ id: "first-day-judge-2", email: "first-day-judge-2@judges.example" }),
      userSql({ id: "first-day-member", email: "first-day-member@example.com" }),
      ...judgeSql({ editionId: "2026", userId: "first-day-judge-1", name: "Judge One" }),
      ...judgeSql({ editionId: "2026", userId: "first-day-judge-2", name: "Judge Two" }),
      ...submittedTeamSql({
        editionId: "2026",
        teamId: "first-day-team",
        name: "First Day",
        members: ["first-day-member"],
      }),
    ]);
    const duringJudging = new Date("2026-03-25T18:00:00.000Z");
    const assignmentsOf2026 = () =>
      env.DB.prepare("SELECT count(*) AS n FROM judging_assignments WHERE edition_id = '2026'").first<number>("n");
    const before = (await assignmentsOf2026())!;
    const since = await lastAuditId();
    await runDailyJobs(env, duringJudging, [theJob("judging-assignment")]);
    expect(
      await env.DB.prepare(
        "SELECT count(*) AS n FROM judging_assignments WHERE team_id = 'first-day-team'",
      ).first<number>("n"),
    ).toBeGreaterThan(0);
    // Every project of the edition is assigned (other tests of this file left some too), as its row says.
    const assigned = (await assignmentsOf2026())! - before;
    expect(
      await env.DB.prepare("SELECT runs FROM judging_assignment_runs WHERE edition_id = '2026'").first("runs"),
    ).toBe(1);
    const [row] = await auditSince(since);
    expect(JSON.parse(row!.facts_after!)).toMatchObject({
      outcome: "done",
      result: { counts: "planned", editions: [{ editionId: "2026", assigned }] },
    });
    expect(row!.summary).toBe(dailyJobSummaries.judgingAssignment(1, assigned));

    // The next day it finds the run and plans nothing.
    const next = await lastAuditId();
    await runDailyJobs(env, new Date(duringJudging.getTime() + 86_400_000), [theJob("judging-assignment")]);
    expect(
      await env.DB.prepare("SELECT runs FROM judging_assignment_runs WHERE edition_id = '2026'").first("runs"),
    ).toBe(1);
    expect((await auditSince(next))[0]!.summary).toBe(dailyJobSummaries.judgingAssignment(0, 0));
  });
});

describe("the judging records' retention rule", () => {
  it("keeps an edition's judging records for the privacy policy's period after the edition ends", async () => {
    await judgedProject("kept", "kept-edition");
    const edition = { ...edition2026, id: "kept-edition" };
    const report = await purgeExpiredJudging(env.DB, [edition], WITHIN_RETENTION);
    expect(report.editions).toEqual([]);
    expect(Object.values(await judgingRowsOf("kept-edition")).every((n) => n > 0)).toBe(true);
    expect(dataRetentionById["judging-records"].months).toBe(12);
  });

  it("then deletes them, every judging table, and keeps the published finalists and awards", async () => {
    await judgedProject("expired", "expired-edition");
    await judgedProject("other", "other-edition");
    const edition = { ...edition2026, id: "expired-edition" };
    const report = await purgeExpiredJudging(env.DB, [edition], PAST_RETENTION);
    expect(report.editions).toEqual(["expired-edition"]);
    expect(await judgingRowsOf("expired-edition")).toEqual(Object.fromEntries(judgingTables.map((t) => [t, 0])));
    expect(await publishedRowsOf("expired-edition")).toBe(1);
    // Another edition's records are not touched.
    expect(Object.values(await judgingRowsOf("other-edition")).every((n) => n > 0)).toBe(true);
  });
});
