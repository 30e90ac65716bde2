/**
 * Harsh and lenient judges (issue 24, docs/decisions/015-judging-normalization.md).
 *
 * Pure functions of the scores, importable by the worker and by Node 22 from
 * scripts/ (relative imports only, nothing Vite-only):
 *
 * - A judge's weighted total for a project is Σ weight_c × score_c / 100 over
 *   the rubric's criteria, computed only for a complete score set (every
 *   criterion scored by that judge for that project).
 * - Each judge's totals are rescaled to the overall mean and spread:
 *   normalized = μ + σ × (total − μ_j) / σ_j, where μ_j, σ_j are the judge's own
 *   mean and standard deviation and μ, σ those of every complete total of the
 *   edition. Standard deviations are population ones (divide by n).
 * - A judge with fewer than `minScores` complete sets, or whose totals are all
 *   equal (σ_j = 0), is not rescaled: their raw totals stand.
 * - A project's result is the mean of its judges' normalized totals, with the
 *   raw mean beside it; each criterion is normalized the same way on its own
 *   (the judge's scores for that criterion against every score for it).
 */
import { judgingRules, rubricWeights } from "../content/judging";
import { judgingCriteria, type JudgingCriterionId } from "../content/program";

export interface ScoreRow {
  judgeId: string;
  teamId: string;
  criterion: string;
  score: number;
}

export type Weights = Readonly<Record<JudgingCriterionId, number>>;

export const criterionIds: readonly JudgingCriterionId[] = judgingCriteria.map((c) => c.id);

export interface Spread {
  count: number;
  mean: number;
  /** Population standard deviation. */
  sd: number;
}

export interface JudgeStats extends Spread {
  judgeId: string;
  /** False: too few complete sets, or zero spread; the raw totals stand. */
  rescaled: boolean;
  /** Why not rescaled, when not. */
  reason?: "too-few" | "no-spread";
}

/** One judge's complete set for one project, raw and normalized. */
export interface JudgeTotal {
  judgeId: string;
  teamId: string;
  raw: number;
  normalized: number;
  criteria: Record<JudgingCriterionId, { raw: number; normalized: number }>;
}

export interface ProjectResult {
  teamId: string;
  /** Judges with a complete set for this project. */
  judges: number;
  /** Mean of the judges' raw weighted totals; null with no complete set. */
  raw: number | null;
  /** Mean of the judges' normalized weighted totals: the result. */
  normalized: number | null;
  criteria: Record<JudgingCriterionId, { raw: number | null; normalized: number | null }>;
  /** 1 = first; null when the project has no complete set. */
  rank: number | null;
}

export interface Normalization {
  overall: Spread;
  judges: JudgeStats[];
  totals: JudgeTotal[];
  /** Ranked: by normalized result, then raw, then team id; unscored projects last. */
  projects: ProjectResult[];
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Count, mean and population standard deviation. */
export function spread(values: readonly number[]): Spread {
  const m = mean(values);
  const variance = values.length === 0 ? 0 : mean(values.map((v) => (v - m) ** 2));
  return { count: values.length, mean: m, sd: Math.sqrt(variance) };
}

/** Σ weight_c × score_c / 100: a score on the rubric's scale (1–10). */
export function weightedTotal(scores: Readonly<Record<JudgingCriterionId, number>>, weights: Weights = rubricWeights) {
  return criterionIds.reduce((sum, id) => sum + (weights[id] * scores[id]) / 100, 0);
}

/** The weighted total of a judge's scores so far, or null until every criterion has one. */
export function completeTotal(scores: Partial<Record<JudgingCriterionId, number>>): number | null {
  return criterionIds.every((id) => scores[id] !== undefined)
    ? weightedTotal(scores as Record<JudgingCriterionId, number>)
    : null;
}

/** `items` grouped by `key`, each group in the items' order, the groups in the order of their first item. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Below this a spread counts as none (floating-point noise of equal totals). */
const EPSILON = 1e-9;

/** μ + σ × (x − μ_j) / σ_j, or x itself when the judge is not rescaled. */
function rescale(x: number, own: Spread, overall: Spread, rescaled: boolean): number {
  return rescaled ? overall.mean + (overall.sd * (x - own.mean)) / own.sd : x;
}

/**
 * Normalizes an edition's scores. `teamIds` lists every project to report
 * (those without a complete set come last, unranked); scores of unknown
 * criteria are ignored, incomplete sets too.
 */
export function normalize(
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

  // Each judge's sets and each project's totals are grouped in one pass (issue 56): a scan per judge and per
  // project made the report quadratic in the edition's size. Groups keep the order of the sets, so every mean
  // adds the same numbers in the same order as before.
  const setsOf = groupBy(complete, (c) => c.judgeId);
  const judges: JudgeStats[] = [];
  const totals: JudgeTotal[] = [];
  for (const [judgeId, mine] of setsOf) {
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
  const totalsOf = groupBy(totals, (t) => t.teamId);
  const projects: ProjectResult[] = allTeams.map((teamId) => {
    const mine = totalsOf.get(teamId) ?? [];
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

/** Two decimals, as every page and report shows a result. */
export function formatScore(value: number | null): string {
  return value === null ? "—" : value.toFixed(2);
}
