/**
 * The judging report as it was computed before issue 56 (app/judging/normalize.ts
 * and app/judging/report.ts at daeb6b3, with a scan per judge and per project):
 * kept only as the oracle that tests/unit/judging-report-linear.test.ts holds
 * the linear version to. Not imported by the app.
 */
import { judgingRules, rubricWeights } from "../../../app/content/judging";
import {
  criterionIds,
  mean,
  spread,
  weightedTotal,
  type JudgeStats,
  type JudgeTotal,
  type Normalization,
  type ProjectResult,
  type ScoreRow,
  type Spread,
  type Weights,
} from "../../../app/judging/normalize";
import type { JudgeLine, JudgingReport, ProjectLine, ReportInput } from "../../../app/judging/report";
import type { JudgingCriterionId } from "../../../app/content/program";

const EPSILON = 1e-9;

function rescale(x: number, own: Spread, overall: Spread, rescaled: boolean): number {
  return rescaled ? overall.mean + (overall.sd * (x - own.mean)) / own.sd : x;
}

function normalizeBefore(
  rows: readonly ScoreRow[],
  {
    teamIds = [],
    weights = rubricWeights,
    minScores = judgingRules.minScoresToNormalize,
  }: { teamIds?: readonly string[]; weights?: Weights; minScores?: number } = {},
): Normalization {
  // Complete sets: judge → team → criterion → score.
  const sets = new Map<string, Map<string, Partial<Record<JudgingCriterionId, number>>>>();
  for (const row of rows) {
    if (!(criterionIds as readonly string[]).includes(row.criterion)) continue;
    const byTeam = sets.get(row.judgeId) ?? new Map<string, Partial<Record<JudgingCriterionId, number>>>();
    sets.set(row.judgeId, byTeam);
    const set = byTeam.get(row.teamId) ?? {};
    byTeam.set(row.teamId, set);
    set[row.criterion as JudgingCriterionId] = row.score;
  }
  const complete: { judgeId: string; teamId: string; scores: Record<JudgingCriterionId, number> }[] = [];
  for (const [judgeId, byTeam] of [...sets].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [teamId, set] of [...byTeam].sort(([a], [b]) => a.localeCompare(b))) {
      if (criterionIds.every((id) => typeof set[id] === "number")) {
        complete.push({ judgeId, teamId, scores: set as Record<JudgingCriterionId, number> });
      }
    }
  }

  const totalOf = new Map(complete.map((c) => [c, weightedTotal(c.scores, weights)]));
  const overall = spread([...totalOf.values()]);
  const overallBy = Object.fromEntries(
    criterionIds.map((id) => [id, spread(complete.map((c) => c.scores[id]))]),
  ) as Record<JudgingCriterionId, Spread>;

  const judgeIds = [...new Set(complete.map((c) => c.judgeId))];
  const judges: JudgeStats[] = [];
  const totals: JudgeTotal[] = [];
  for (const judgeId of judgeIds) {
    const mine = complete.filter((c) => c.judgeId === judgeId);
    const own = spread(mine.map((c) => totalOf.get(c)!));
    const enough = own.count >= minScores;
    const rescaled = enough && own.sd > EPSILON;
    judges.push({ judgeId, ...own, rescaled, ...(rescaled ? {} : { reason: enough ? "no-spread" : "too-few" }) });
    const ownBy = Object.fromEntries(criterionIds.map((id) => [id, spread(mine.map((c) => c.scores[id]))])) as Record<
      JudgingCriterionId,
      Spread
    >;
    for (const c of mine) {
      const raw = totalOf.get(c)!;
      totals.push({
        judgeId,
        teamId: c.teamId,
        raw,
        normalized: rescale(raw, own, overall, rescaled),
        criteria: Object.fromEntries(
          criterionIds.map((id) => {
            const score = c.scores[id];
            // The same guard per criterion: too few sets, or no spread in this criterion.
            const criterionRescaled = enough && ownBy[id].sd > EPSILON;
            return [id, { raw: score, normalized: rescale(score, ownBy[id], overallBy[id], criterionRescaled) }];
          }),
        ) as JudgeTotal["criteria"],
      });
    }
  }

  const allTeams = [...new Set([...teamIds, ...complete.map((c) => c.teamId)])];
  const projects: ProjectResult[] = allTeams.map((teamId) => {
    const mine = totals.filter((t) => t.teamId === teamId);
    const has = mine.length > 0;
    return {
      teamId,
      judges: mine.length,
      raw: has ? mean(mine.map((t) => t.raw)) : null,
      normalized: has ? mean(mine.map((t) => t.normalized)) : null,
      criteria: Object.fromEntries(
        criterionIds.map((id) => [
          id,
          {
            raw: has ? mean(mine.map((t) => t.criteria[id].raw)) : null,
            normalized: has ? mean(mine.map((t) => t.criteria[id].normalized)) : null,
          },
        ]),
      ) as ProjectResult["criteria"],
      rank: null,
    };
  });
  projects.sort((a, b) => {
    if (a.normalized === null || b.normalized === null) {
      return a.normalized === b.normalized ? a.teamId.localeCompare(b.teamId) : a.normalized === null ? 1 : -1;
    }
    return b.normalized - a.normalized || b.raw! - a.raw! || a.teamId.localeCompare(b.teamId);
  });
  projects.forEach((p, i) => {
    if (p.normalized !== null) p.rank = i + 1;
  });
  return { overall, judges, totals, projects };
}

export function judgingReportBefore(input: ReportInput): JudgingReport {
  const judgesPerProject = input.judgesPerProject ?? judgingRules.judgesPerProject;
  const submitted = new Set(input.projects.map((p) => p.teamId));
  const scores = input.scores.filter((s) => submitted.has(s.teamId));
  const normalization = normalizeBefore(scores, {
    teamIds: input.projects.map((p) => p.teamId),
    minScores: input.minScores,
  });
  const names = new Map(input.projects.map((p) => [p.teamId, p.name]));
  const assignments = input.assignments.filter((a) => submitted.has(a.teamId));
  const projects: ProjectLine[] = normalization.projects.map((result) => {
    const assigned = assignments.filter((a) => a.teamId === result.teamId).length;
    return {
      ...result,
      name: names.get(result.teamId) ?? result.teamId,
      assigned,
      missing: Math.max(0, Math.max(assigned, judgesPerProject) - result.judges),
    };
  });
  const judgeNames = new Map(input.judges.map((j) => [j.judgeId, j.name]));
  const judgeIds = [...new Set([...input.judges.map((j) => j.judgeId), ...assignments.map((a) => a.judgeId)])];
  const judges: JudgeLine[] = judgeIds.map((judgeId) => {
    const assigned = assignments.filter((a) => a.judgeId === judgeId).length;
    const complete = normalization.totals.filter((t) => t.judgeId === judgeId).length;
    const stats = normalization.judges.find((j) => j.judgeId === judgeId);
    return {
      judgeId,
      name: judgeNames.get(judgeId) ?? judgeId,
      assigned,
      complete,
      rescaled: stats?.rescaled ?? false,
    };
  });
  const projectsMissing = projects.filter((p) => p.missing > 0).sort((a, b) => b.missing - a.missing);
  const judgesBehind = judges.filter((j) => j.complete < j.assigned);
  return {
    normalization,
    projects,
    projectsMissing,
    judges,
    judgesBehind,
    complete: projectsMissing.length === 0 && projects.length > 0,
  };
}
