/**
 * Project submissions are kept for SUBMISSION_RETENTION_MONTHS after their
 * edition ends (SPEC.md §9, the privacy policy's "project-submissions" rule),
 * then deleted with their files. Part of the daily data lifecycle job
 * (workers/app.ts). Objects go first: a failure leaves rows that the next
 * run finds again, never rows pointing at nothing.
 */
import { eq, inArray } from "drizzle-orm";
import { editionEndsAt } from "~/clock/schedule";
import { SUBMISSION_RETENTION_MONTHS } from "~/content/program";
import type { Edition } from "~/content/editions";
import { getDb } from "~/db/client.server";
import { submissionFiles, teams } from "~/db/schema";
import { monthsBefore } from "./records.server";
import { log } from "~/lib/log.server";
import { deleteStoredObjects } from "~/portal/upload.server";

/** R2 deletes at most 1000 keys per call. */
const KEYS_PER_DELETE = 1000;

export interface SubmissionPurgeReport {
  editions: string[];
  teams: number;
  objects: number;
}

/** True once an edition's submissions are past their retention period at `now`. */
export function submissionsExpired(edition: Edition, now: Date): boolean {
  return editionEndsAt(edition).toISOString() < monthsBefore(now, SUBMISSION_RETENTION_MONTHS);
}

export async function purgeExpiredSubmissions(
  env: Pick<Env, "DB" | "SUBMISSION_FILES">,
  editions: readonly Edition[],
  now: Date,
): Promise<SubmissionPurgeReport> {
  const db = getDb(env);
  const expired = editions.filter((edition) => submissionsExpired(edition, now)).map((edition) => edition.id);
  const report: SubmissionPurgeReport = { editions: expired, teams: 0, objects: 0 };
  if (expired.length === 0) return report;
  const files = await db
    .select({ key: submissionFiles.objectKey })
    .from(submissionFiles)
    .innerJoin(teams, eq(teams.id, submissionFiles.teamId))
    .where(inArray(teams.editionId, expired));
  const keys = files.map((f) => f.key);
  for (let start = 0; start < keys.length; start += KEYS_PER_DELETE) {
    await deleteStoredObjects(env.SUBMISSION_FILES, keys.slice(start, start + KEYS_PER_DELETE));
  }
  // ON DELETE CASCADE takes members, invitations, submissions and file rows along.
  const deleted = await db.delete(teams).where(inArray(teams.editionId, expired)).returning({ id: teams.id });
  report.teams = deleted.length;
  report.objects = keys.length;
  if (report.teams > 0) log("info", "lifecycle.submissions_deleted", { ...report });
  return report;
}
