/**
 * The judging report kept up to date (issue 56, ADR 020 "The report kept up
 * to date"), per isolate under its version (~/organize/kept.server.ts):
 * /organize/report, /organize/results and the overview's coverage read the
 * version in their batch and the kept report while it holds. The CSV and the
 * API compute fresh.
 */
import type { Db } from "~/db/client.server";
import { derivedVersionQuery, keptPerIsolate } from "~/organize/kept.server";
import type { JudgingReport } from "./report";
import { loadJudgingReport } from "./report.server";

const reports = keptPerIsolate<JudgingReport>();

/** The token the report's data is at, unrun, for a page's batch. */
export function reportVersionQuery(db: Db) {
  return derivedVersionQuery(db, "judging-report");
}

/** The edition's report under the token `rows` read (`reportVersionQuery`): the kept one, or computed again. */
export function judgingReportAt(db: Db, editionId: string, rows: readonly { token: string }[]): Promise<JudgingReport> {
  return reports.at(editionId, rows, () => loadJudgingReport(db, editionId));
}

/** The edition's kept report and the token it was computed under, if this isolate has one. */
export function keptJudgingReport(editionId: string) {
  const kept = reports.get(editionId);
  return kept ? { token: kept.token, report: kept.value } : null;
}

/** Forgets a kept report whose token no longer holds, so readers that do not recompute it stop asking for its version. */
export function forgetJudgingReport(editionId: string, token: string) {
  reports.forget(editionId, token);
}
