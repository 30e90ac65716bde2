/**
 * Judging records are kept for the privacy policy's "judging-records" period
 * after their edition ends (app/content/legal.ts; the same period as the
 * projects they judged), then deleted: judges' names and invitations,
 * assignments, scores, notes, comments, conflicts of interest, appeals and
 * the record that assignments ran (issue 31). The event log is not judging's:
 * it keeps its own period (app/content/legal.ts, "event-log"). What was published stays: the finalists and
 * awards in `published_results` (the public record of the edition) and the
 * credentials issued from them. One of the daily jobs (workers/daily-jobs.ts).
 */
import { and, inArray, sql } from "drizzle-orm";
import { editionEndsAt } from "~/clock/schedule";
import type { Edition } from "~/content/editions";
import { dataRetentionById } from "~/content/legal";
import { getDb } from "~/db/client.server";
import {
  judgeInvitations,
  judges,
  judgingAppeals,
  judgingAssignments,
  judgingConflicts,
  judgingAssignmentRuns,
  judgingReviews,
  judgingScores,
} from "~/db/schema";
import { prepared, sqlStatement, type PlannedChange } from "~/events/commit.server";
import { log } from "~/lib/log.server";
import { monthsBefore } from "./records.server";

export interface JudgingPurgeReport {
  editions: string[];
  rows: number;
}

/** True once an edition's judging records are past their retention period at `now`. */
export function judgingRecordsExpired(edition: Edition, now: Date): boolean {
  return editionEndsAt(edition).toISOString() < monthsBefore(now, dataRetentionById["judging-records"].months);
}

/** Judges after the rows that name them, before their invitations (judges.invitation_id refers to one). */
const judgingTables = [
  judgingScores,
  judgingReviews,
  judgingAssignments,
  judgingConflicts,
  judgingAppeals,
  judgingAssignmentRuns,
  judges,
  judgeInvitations,
] as const;

/**
 * The job's plan: one delete per judging table for the expired editions, and
 * how many rows each will delete, counted before the batch. The batch runs
 * only if every count still holds as it starts (`holdsBefore`); no delete
 * reaches another table's rows (no cascade between them), so the counts are
 * what the batch deletes.
 */
export async function planJudgingPurge(
  d1: D1Database,
  editions: readonly Edition[],
  now: Date,
): Promise<PlannedChange<JudgingPurgeReport>> {
  const expired = editions.filter((edition) => judgingRecordsExpired(edition, now)).map((edition) => edition.id);
  if (expired.length === 0) return { statements: [], result: { editions: [], rows: 0 } };
  const db = getDb({ DB: d1 });
  const ofExpired = (table: (typeof judgingTables)[number]) => inArray(table.editionId, expired);
  const rowsOf = (table: (typeof judgingTables)[number]) =>
    sql`(SELECT count(*) FROM ${table} WHERE ${ofExpired(table)})`;
  const counted = await d1.batch(
    judgingTables.map((table) => prepared(d1, sqlStatement(sql`SELECT ${rowsOf(table)} AS n`))),
  );
  const perTable = counted.map((result) => Number((result.results[0] as { n: number } | undefined)?.n ?? 0));
  return {
    statements: judgingTables.map((table) => db.delete(table).where(ofExpired(table))),
    result: { editions: expired, rows: perTable.reduce((sum, n) => sum + n, 0) },
    holds: and(...judgingTables.map((table, index) => sql`${rowsOf(table)} = ${perTable[index] ?? 0}`)),
    holdsBefore: true,
  };
}

/** The job's log line, once its batch has run. */
export function logJudgingPurge(report: JudgingPurgeReport) {
  if (report.rows > 0) log("info", "lifecycle.judging_records_deleted", { ...report });
}

/** The plan run on its own, without the daily job's audit row (the daily job commits it with its row). */
export async function purgeExpiredJudging(
  d1: D1Database,
  editions: readonly Edition[],
  now: Date,
): Promise<JudgingPurgeReport> {
  const plan = await planJudgingPurge(d1, editions, now);
  if (plan.statements.length > 0) await d1.batch(plan.statements.map((statement) => prepared(d1, statement)));
  logJudgingPurge(plan.result);
  return plan.result;
}
