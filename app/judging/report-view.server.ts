/**
 * What /organize/report shows (issue 32): the `judging.report` query's
 * coverage (projects missing complete score sets, judges behind, judges
 * kept on raw totals), and every submitted project's rank, normalized and
 * raw totals and per-criterion results, formatted as the CLI prints them.
 * The ranking is shown a page at a time and filtered by coverage (issue 56:
 * the whole edition at once was 400 KB at 500 projects); the CSV has every row.
 */
import { reportCoverageFilters, type ReportCoverageFilter } from "~/content/organize";
import { judgingCriteria } from "~/content/program";
import type { Desk } from "~/organize/guard.server";
import { deskHeader } from "~/organize/desk-view.server";
import { paged } from "~/organize/paging";
import { criterionIds, formatScore } from "./normalize";
import type { ProjectLine } from "./report";
import { loadJudgingReport } from "./report.server";

/** The filter of the URL's `coverage`, "all" when absent or unknown. */
export function reportCoverageFilterOf(params: URLSearchParams): ReportCoverageFilter {
  const asked = params.get("coverage");
  return asked !== null && Object.hasOwn(reportCoverageFilters, asked) ? (asked as ReportCoverageFilter) : "all";
}

export async function reportDeskView(desk: Desk, url: URL) {
  const report = await loadJudgingReport(desk.db, desk.edition.id);
  const judgeNames = new Map(report.judges.map((j) => [j.judgeId, j.name]));
  const coverage = reportCoverageFilterOf(url.searchParams);
  const matching: readonly ProjectLine[] =
    coverage === "missing"
      ? report.projectsMissing
      : coverage === "complete"
        ? report.projects.filter((p) => p.missing === 0)
        : report.projects;
  const page = paged(matching, url);
  return {
    header: deskHeader(desk),
    editionName: desk.edition.name,
    criteria: judgingCriteria.map((c) => ({ id: c.id, name: c.name })),
    complete: report.complete,
    projectCount: report.projects.length,
    missingCount: report.projectsMissing.length,
    judgesBehind: report.judgesBehind.map((j) => ({ name: j.name, complete: j.complete, assigned: j.assigned })),
    notRescaled: report.normalization.judges
      .filter((j) => !j.rescaled)
      .map((j) => ({
        name: judgeNames.get(j.judgeId) ?? j.judgeId,
        reason: j.reason === "too-few" ? `${j.count} set(s)` : "no spread",
      })),
    coverage,
    coverageFilters: Object.entries(reportCoverageFilters).map(([value, label]) => ({ value, label })),
    projects: {
      ...page,
      items: page.items.map((p) => ({
        teamId: p.teamId,
        rank: p.rank === null ? "—" : String(p.rank),
        name: p.name,
        normalized: formatScore(p.normalized),
        raw: formatScore(p.raw),
        judges: `${p.judges}/${p.assigned}`,
        missing: p.missing,
        criteria: criterionIds.map((id) => ({
          id,
          normalized: formatScore(p.criteria[id].normalized),
          raw: formatScore(p.criteria[id].raw),
        })),
      })),
    },
  };
}
