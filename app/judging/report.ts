/**
 * The organizers' judging report (issue 24, `npm run admin -- judging-report`):
 * coverage (projects still missing complete score sets, judges behind) and
 * every submitted project's raw and normalized result with its rank. Pure,
 * so the CLI (Node 22) and the worker compute it the same way; the callers
 * read the rows (see `editionScoresSql`).
 */
import { judgingRules } from "../content/judging";
import { criterionIds, normalize, type Normalization, type ProjectResult, type ScoreRow } from "./normalize";

/**
 * The scores that count, as rows for `normalize`: a submitted project's, by a
 * judge whose assignment to it is still open (a released assignment, after a
 * declared conflict or a judge leaving, takes its scores out). One parameter:
 * the edition id.
 */
export const editionScoresSql = `SELECT s.judge_user_id AS judgeId, s.team_id AS teamId, s.criterion AS criterion, s.score AS score
FROM judging_scores s
JOIN judging_assignments a ON a.team_id = s.team_id AND a.judge_user_id = s.judge_user_id AND a.released_at IS NULL
JOIN submissions sub ON sub.team_id = s.team_id AND sub.status = 'submitted'
WHERE s.edition_id = ?1
ORDER BY s.team_id, s.judge_user_id, s.criterion`;

export interface ReportInput {
  /** The edition's submitted projects, with the name the report shows. */
  projects: readonly { teamId: string; name: string }[];
  /** Open assignments. */
  assignments: readonly { teamId: string; judgeId: string }[];
  /** The judges (for their names); a judge missing here is shown by id. */
  judges: readonly { judgeId: string; name: string }[];
  scores: readonly ScoreRow[];
  judgesPerProject?: number;
  minScores?: number;
}

export interface ProjectLine extends ProjectResult {
  name: string;
  assigned: number;
  /** Complete sets still needed: max(assigned, judges per project) − complete. */
  missing: number;
}

export interface JudgeLine {
  judgeId: string;
  name: string;
  assigned: number;
  complete: number;
  rescaled: boolean;
}

export interface JudgingReport {
  normalization: Normalization;
  projects: ProjectLine[];
  /** Projects with a complete set missing, most missing first. */
  projectsMissing: ProjectLine[];
  judges: JudgeLine[];
  /** Judges with assigned projects not yet completely scored. */
  judgesBehind: JudgeLine[];
  complete: boolean;
}

export function judgingReport(input: ReportInput): JudgingReport {
  const judgesPerProject = input.judgesPerProject ?? judgingRules.judgesPerProject;
  const submitted = new Set(input.projects.map((p) => p.teamId));
  const scores = input.scores.filter((s) => submitted.has(s.teamId));
  const normalization = normalize(scores, {
    teamIds: input.projects.map((p) => p.teamId),
    minScores: input.minScores,
  });
  const names = new Map(input.projects.map((p) => [p.teamId, p.name]));
  const assignments = input.assignments.filter((a) => submitted.has(a.teamId));
  // Counted in one pass each (issue 56): a scan of the assignments per project made the report quadratic.
  const assignedTo = tally(assignments, (a) => a.teamId);
  const projects: ProjectLine[] = normalization.projects.map((result) => {
    const assigned = assignedTo.get(result.teamId) ?? 0;
    return {
      ...result,
      name: names.get(result.teamId) ?? result.teamId,
      assigned,
      missing: Math.max(0, Math.max(assigned, judgesPerProject) - result.judges),
    };
  });
  const judgeNames = new Map(input.judges.map((j) => [j.judgeId, j.name]));
  const judgeIds = [...new Set([...input.judges.map((j) => j.judgeId), ...assignments.map((a) => a.judgeId)])];
  const assignedJudge = tally(assignments, (a) => a.judgeId);
  const completeBy = tally(normalization.totals, (t) => t.judgeId);
  const statsOf = new Map(normalization.judges.map((j) => [j.judgeId, j]));
  const judges: JudgeLine[] = judgeIds.map((judgeId) => ({
    judgeId,
    name: judgeNames.get(judgeId) ?? judgeId,
    assigned: assignedJudge.get(judgeId) ?? 0,
    complete: completeBy.get(judgeId) ?? 0,
    rescaled: statsOf.get(judgeId)?.rescaled ?? false,
  }));
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

/** How many of `items` fall under each key. */
function tally<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** The report as CSV rows (one per project, in rank order). */
export function reportRows(report: JudgingReport): Record<string, string | number | null>[] {
  const round = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000);
  return report.projects.map((p) => ({
    rank: p.rank,
    team_id: p.teamId,
    team: p.name,
    judges_assigned: p.assigned,
    judges_complete: p.judges,
    sets_missing: p.missing,
    normalized_total: round(p.normalized),
    raw_total: round(p.raw),
    ...Object.fromEntries(
      criterionIds.flatMap((id) => [
        [`${id}_normalized`, round(p.criteria[id].normalized)],
        [`${id}_raw`, round(p.criteria[id].raw)],
      ]),
    ),
  }));
}
