/**
 * What /organize/report shows (issue 32): the `judging.report` query's
 * coverage (projects missing complete score sets, judges behind, judges
 * kept on raw totals), and every submitted project's rank, normalized and
 * raw totals and per-criterion results, formatted as the CLI prints them.
 */
import { judgingCriteria } from "~/content/program";
import type { Desk } from "~/organize/guard.server";
import { deskHeader } from "~/organize/desk-view.server";
import { criterionIds, formatScore } from "./normalize";
import { loadJudgingReport } from "./report.server";

export async function reportDeskView(desk: Desk) {
  const report = await loadJudgingReport(desk.db, desk.edition.id);
  const judgeName = (id: string) => report.judges.find((j) => j.judgeId === id)?.name ?? id;
  return {
    header: deskHeader(desk),
    editionName: desk.edition.name,
    criteria: judgingCriteria.map((c) => ({ id: c.id, name: c.name })),
    complete: report.complete,
    missing: report.projectsMissing.map((p) => ({
      teamId: p.teamId,
      name: p.name,
      missing: p.missing,
      judges: p.judges,
      assigned: p.assigned,
    })),
    judgesBehind: report.judgesBehind.map((j) => ({ name: j.name, complete: j.complete, assigned: j.assigned })),
    notRescaled: report.normalization.judges
      .filter((j) => !j.rescaled)
      .map((j) => ({ name: judgeName(j.judgeId), reason: j.reason === "too-few" ? `${j.count} set(s)` : "no spread" })),
    projects: report.projects.map((p) => ({
      teamId: p.teamId,
      rank: p.rank === null ? "—" : String(p.rank),
      name: p.name,
      normalized: formatScore(p.normalized),
      raw: formatScore(p.raw),
      judges: `${p.judges}/${p.assigned}`,
      criteria: criterionIds.map((id) => ({
        id,
        normalized: formatScore(p.criteria[id].normalized),
        raw: formatScore(p.criteria[id].raw),
      })),
    })),
  };
}
