/**
 * Harsh and lenient judges (issue 24): the normalization against the worked
 * example of docs/decisions/015-judging-normalization.md, computed by hand
 * there (population standard deviations; weights 20/20/30/15/15).
 */
import { describe, expect, it } from "vitest";
import { judgingRules, rubricWeights } from "../../app/content/judging";
import { criterionIds, normalize, spread, weightedTotal, type ScoreRow } from "../../app/judging/normalize";
import { judgingReport } from "../../app/judging/report";

const rows: ScoreRow[] = [];
/** The same score on every criterion: the weighted total is that score. */
function uniform(judgeId: string, teamId: string, score: number) {
  for (const criterion of criterionIds) rows.push({ judgeId, teamId, criterion, score });
}
// Judge A (harsh): totals 3, 4, 5, 6, 7 — P5's 7 is a weighted one.
uniform("A", "P1", 3);
uniform("A", "P2", 4);
uniform("A", "P3", 5);
uniform("A", "P4", 6);
const p5ByA = {
  "innovation-creativity": 8,
  "technical-proficiency": 6,
  "business-impact": 7,
  "ethical-ai": 9,
  presentation: 5,
};
for (const [criterion, score] of Object.entries(p5ByA)) rows.push({ judgeId: "A", teamId: "P5", criterion, score });
// Judge B (lenient): 7, 8, 9, 10 and 6.
uniform("B", "P1", 7);
uniform("B", "P2", 8);
uniform("B", "P3", 9);
uniform("B", "P4", 10);
uniform("B", "P6", 6);
// Judge C: two sets only (below the minimum of 5): raw.
uniform("C", "P5", 10);
uniform("C", "P6", 9);
// Judge D: five sets, all 7: no spread, raw.
for (const team of ["P1", "P3", "P4", "P5", "P6"]) uniform("D", team, 7);

// By hand: 17 totals summing to 119 → μ = 7; squared deviations 30 + 15 + 13 + 0 = 58 → σ = √(58/17).
const sigma = Math.sqrt(58 / 17);
const k = sigma / Math.SQRT2; // σ / σ_A = σ / σ_B = √(29/17) ≈ 1.3061
const a = (x: number) => 7 + k * (x - 5);
const b = (x: number) => 7 + k * (x - 8);

describe("normalization (ADR 015)", () => {
  it("weights the criteria 20/20/30/15/15 into a total on the 1–10 scale", () => {
    expect(rubricWeights).toMatchObject({ "business-impact": 30, presentation: 15 });
    // 0.2×8 + 0.2×6 + 0.3×7 + 0.15×9 + 0.15×5 = 1.6 + 1.2 + 2.1 + 1.35 + 0.75
    expect(weightedTotal(p5ByA)).toBeCloseTo(7, 10);
  });

  it("uses population standard deviations", () => {
    expect(spread([3, 4, 5, 6, 7])).toEqual({ count: 5, mean: 5, sd: Math.SQRT2 });
  });

  it("rescales each judge to the overall mean and spread, and ranks by the mean of normalized totals", () => {
    const result = normalize(rows);
    expect(result.overall.count).toBe(17);
    expect(result.overall.mean).toBeCloseTo(7, 10);
    expect(result.overall.sd).toBeCloseTo(1.8471, 4);
    const byTeam = Object.fromEntries(result.projects.map((p) => [p.teamId, p]));
    // P1: A 3 → 4.3878, B 7 → 5.6939, D raw 7.
    expect(byTeam.P1!.normalized).toBeCloseTo((a(3) + b(7) + 7) / 3, 10);
    expect(byTeam.P1!.normalized).toBeCloseTo(5.6939, 4);
    expect(byTeam.P1!.raw).toBeCloseTo(17 / 3, 10);
    expect(byTeam.P2!.normalized).toBeCloseTo((a(4) + b(8)) / 2, 10);
    expect(byTeam.P3!.normalized).toBeCloseTo((a(5) + b(9) + 7) / 3, 10);
    expect(byTeam.P4!.normalized).toBeCloseTo(8.3061, 4);
    // P5: A 7 → 9.6122, C raw 10, D raw 7.
    expect(byTeam.P5!.normalized).toBeCloseTo((a(7) + 10 + 7) / 3, 10);
    expect(byTeam.P5!.normalized).toBeCloseTo(8.8707, 4);
    expect(byTeam.P6!.normalized).toBeCloseTo((b(6) + 9 + 7) / 3, 10);
    expect(byTeam.P6!.raw).toBeCloseTo(22 / 3, 10);
    // Raw means would put P6 (7.33) above P3 (7.00); corrected for B's leniency P3 comes first.
    expect(result.projects.map((p) => [p.teamId, p.rank])).toEqual([
      ["P5", 1],
      ["P4", 2],
      ["P3", 3],
      ["P6", 4],
      ["P2", 5],
      ["P1", 6],
    ]);
  });

  it("keeps the raw totals of a judge under the minimum sample, and of a judge with zero spread", () => {
    expect(judgingRules.minScoresToNormalize).toBe(5);
    const result = normalize(rows);
    const judges = Object.fromEntries(result.judges.map((j) => [j.judgeId, j]));
    expect(judges.C).toMatchObject({ count: 2, rescaled: false, reason: "too-few" });
    expect(judges.D).toMatchObject({ count: 5, sd: 0, rescaled: false, reason: "no-spread" });
    expect(judges.A).toMatchObject({ count: 5, rescaled: true });
    const c = result.totals.filter((t) => t.judgeId === "C");
    expect(c.map((t) => [t.raw, t.normalized])).toEqual([
      [10, 10],
      [9, 9],
    ]);
    expect(result.totals.filter((t) => t.judgeId === "D").every((t) => t.normalized === 7)).toBe(true);
    // With the minimum lowered to 2, C is rescaled too (σ_C = 0.5, μ_C = 9.5): P6 → 7 + σ × (9 − 9.5) / 0.5.
    const lowered = normalize(rows, { minScores: 2 });
    const p6ByC = lowered.totals.find((t) => t.judgeId === "C" && t.teamId === "P6")!;
    expect(p6ByC.normalized).toBeCloseTo(7 - sigma, 10);
  });

  it("normalizes each criterion on its own, with the same guard", () => {
    const result = normalize(rows);
    const p5 = result.projects.find((p) => p.teamId === "P5")!;
    // Raw: A 8, C 10, D 7 on innovation.
    expect(p5.criteria["innovation-creativity"].raw).toBeCloseTo(25 / 3, 10);
    // C (too few) and D (no spread) keep their raw criterion scores.
    const byC = result.totals.find((t) => t.judgeId === "C" && t.teamId === "P5")!;
    expect(byC.criteria["ethical-ai"]).toEqual({ raw: 10, normalized: 10 });
    // A's innovation scores 3, 4, 5, 6, 8 (μ 5.2) against every innovation score.
    const all = [3, 4, 5, 6, 8, 7, 8, 9, 10, 6, 10, 9, 7, 7, 7, 7, 7];
    const overall = spread(all);
    const own = spread([3, 4, 5, 6, 8]);
    const byA = result.totals.find((t) => t.judgeId === "A" && t.teamId === "P5")!;
    expect(byA.criteria["innovation-creativity"].normalized).toBeCloseTo(
      overall.mean + (overall.sd * (8 - own.mean)) / own.sd,
      10,
    );
  });

  it("ignores incomplete sets and lists unscored projects last, unranked", () => {
    const partial: ScoreRow[] = [...rows, { judgeId: "A", teamId: "P7", criterion: "ethical-ai", score: 10 }];
    const result = normalize(partial, { teamIds: ["P8"] });
    expect(result.overall.count).toBe(17);
    expect(result.projects.at(-1)).toMatchObject({ teamId: "P8", rank: null, normalized: null, raw: null, judges: 0 });
    expect(result.projects.some((p) => p.teamId === "P7")).toBe(false);
  });
});

describe("the judging report", () => {
  it("counts coverage: projects missing complete sets and judges behind", () => {
    const report = judgingReport({
      projects: ["P1", "P2", "P3", "P4", "P5", "P6"].map((teamId) => ({ teamId, name: `Team ${teamId}` })),
      assignments: [
        ...["P1", "P2", "P3", "P4", "P5"].map((teamId) => ({ teamId, judgeId: "A" })),
        ...["P1", "P2", "P3", "P4", "P6"].map((teamId) => ({ teamId, judgeId: "B" })),
        ...["P5", "P6", "P2"].map((teamId) => ({ teamId, judgeId: "C" })),
        ...["P1", "P3", "P4", "P5", "P6"].map((teamId) => ({ teamId, judgeId: "D" })),
      ],
      judges: [{ judgeId: "C", name: "Casey Judge" }],
      scores: rows,
    });
    // P2 has A and B complete, C assigned without scores: one set missing; every other project has 3.
    expect(report.projectsMissing.map((p) => [p.teamId, p.missing])).toEqual([["P2", 1]]);
    expect(report.judgesBehind).toEqual([
      { judgeId: "C", name: "Casey Judge", assigned: 3, complete: 2, rescaled: false },
    ]);
    expect(report.complete).toBe(false);
    expect(report.projects[0]).toMatchObject({ teamId: "P5", rank: 1, name: "Team P5", assigned: 3 });
  });
});
