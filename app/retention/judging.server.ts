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
import { inArray } from "drizzle-orm";
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

export async function purgeExpiredJudging(
  d1: D1Database,
  editions: readonly Edition[],
  now: Date,
): Promise<JudgingPurgeReport> {
  const expired = editions.filter((edition) => judgingRecordsExpired(edition, now)).map((edition) => edition.id);
  if (expired.length === 0) return { editions: [], rows: 0 };
  const db = getDb({ DB: d1 });
  // Judges before their invitations (judges.invitation_id refers to one); one batch, all or nothing.
  const results = await db.batch([
    db.delete(judgingScores).where(inArray(judgingScores.editionId, expired)),
    db.delete(judgingReviews).where(inArray(judgingReviews.editionId, expired)),
    db.delete(judgingAssignments).where(inArray(judgingAssignments.editionId, expired)),
    db.delete(judgingConflicts).where(inArray(judgingConflicts.editionId, expired)),
    db.delete(judgingAppeals).where(inArray(judgingAppeals.editionId, expired)),
    db.delete(judgingAssignmentRuns).where(inArray(judgingAssignmentRuns.editionId, expired)),
    db.delete(judges).where(inArray(judges.editionId, expired)),
    db.delete(judgeInvitations).where(inArray(judgeInvitations.editionId, expired)),
  ]);
  const rows = results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
  if (rows > 0) log("info", "lifecycle.judging_records_deleted", { editions: expired, rows });
  return { editions: expired, rows };
}
