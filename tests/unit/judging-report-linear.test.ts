/**
 * The judging report in time linear in the scores (issue 56): the same
 * report as before, to the last bit, on random editions up to 2,000
 * projects. The oracle is the report as it was computed before
 * (./oracles/judging-report-before-56.ts). Its cost is measured outside
 * workerd, whose clock stands still while code runs.
 */
import { describe, expect, it } from "vitest";
import { judgingRules } from "../../app/content/judging";
import { criterionIds, type ScoreRow } from "../../app/judging/normalize";
import { judgingReport, type ReportInput } from "../../app/judging/report";
import { judgingReportBefore } from "./oracles/judging-report-before-56";

/** A deterministic pseudo-random generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * An edition of `projects` submitted projects and a judge per ten: each
 * project assigned to the judges per project, most sets complete, some
 * partial, a few judges with too few sets or no spread, a few scores of
 * projects not submitted and of unknown criteria.
 */
function edition(projects: number, seed: number): ReportInput {
  const next = random(seed);
  const judgeCount = Math.max(4, Math.ceil(projects / 10));
  const judges = Array.from({ length: judgeCount }, (_, i) => ({ judgeId: `judge-${i}`, name: `Judge ${i}` }));
  const teams = Array.from({ length: projects }, (_, i) => ({
    teamId: `team-${String(i).padStart(5, "0")}`,
    name: `Team ${i}`,
  }));
  const assignments: { teamId: string; judgeId: string }[] = [];
  const scores: ScoreRow[] = [];
  // One lenient judge who gives everyone the same score, one who scored only twice.
  const flat = judges[0]!.judgeId;
  const sparse = judges[1]!.judgeId;
  let sparseSets = 0;
  for (const team of [...teams, { teamId: "not-submitted", name: "Draft" }]) {
    const chosen = new Set<string>();
    while (chosen.size < judgingRules.judgesPerProject) chosen.add(judges[Math.floor(next() * judgeCount)]!.judgeId);
    for (const judgeId of chosen) {
      if (judgeId === sparse && ++sparseSets > 2) continue;
      assignments.push({ teamId: team.teamId, judgeId });
      const complete = next() < 0.85;
      for (const criterion of criterionIds) {
        if (!complete && next() < 0.5) continue;
        scores.push({
          judgeId,
          teamId: team.teamId,
          criterion,
          score: judgeId === flat ? 6 : 1 + Math.floor(next() * 10),
        });
      }
      if (next() < 0.02) scores.push({ judgeId, teamId: team.teamId, criterion: "retired-criterion", score: 5 });
    }
  }
  // Scores arrive in no particular order.
  for (let i = scores.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [scores[i], scores[j]] = [scores[j]!, scores[i]!];
  }
  return { projects: teams, assignments, judges, scores };
}

describe("the judging report, linear in the scores (issue 56)", { timeout: 120_000 }, () => {
  it("equals the report as computed before, on random editions of 20, 500 and 2,000 projects", () => {
    for (const [projects, seed] of [
      [20, 1],
      [20, 2],
      [500, 3],
      [2_000, 4],
    ] as const) {
      const input = edition(projects, seed);
      expect(judgingReport(input), `${projects} projects, seed ${seed}`).toStrictEqual(judgingReportBefore(input));
    }
  });
});
