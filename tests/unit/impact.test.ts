/**
 * Issue 55's pure rules (app/impact/figures.ts): small figures suppressed,
 * goals against figures, organizations by tier, enrolment by week and the
 * Challenge's averages, each against figures counted by hand.
 */
import { describe, expect, it } from "vitest";
import { impactText } from "~/content/impact";
import {
  challengeAverages,
  enrolmentByWeek,
  goalProgress,
  organizationsByTier,
  publicCount,
  type EditionFigures,
} from "~/impact/figures";

const figures: EditionFigures = {
  editionId: "2026",
  participants: { individual: 40, enrolled: 210, total: 250 },
  organizations: { total: 3, byTier: [] },
  certifications: [
    { id: "ai-communicator", name: "AI Communicator", holders: 125 },
    { id: "ai-creator", name: "AI Creator", holders: 3 },
  ],
  projects: { teams: 40, submitted: 60, byTrack: [] },
  votes: 0,
  results: { finalists: 0, awards: 0 },
  credentialsIssued: 128,
};

describe("impact figures (issue 55)", () => {
  it("prints 1 to 4 as 'fewer than 5', and 0 and 5 as they are", () => {
    expect([0, 1, 4, 5, 120].map((n) => publicCount(n))).toEqual([
      "0",
      impactText.fewerThan,
      impactText.fewerThan,
      "5",
      "120",
    ]);
  });

  it("sets each goal against its figure, capping the bar and hiding a suppressed one's share", () => {
    const goals = goalProgress({ participants: 500, organizations: 100, projectSubmissions: 50 }, figures);
    expect(goals.map((g) => [g.id, g.figure, g.percent, g.barPercent])).toEqual([
      ["participants", "250", 50, 50],
      ["organizations", impactText.fewerThan, null, 0],
      ["projectSubmissions", "60", 120, 100],
    ]);
    expect(goals[0]!.text).toBe("250 of 500+ (50%)");
  });

  it("puts each organization in the tier of its enrolled count", () => {
    expect(organizationsByTier([0, 9, 10, 24, 25, 49, 50, 400]).byTier).toEqual([
      { tier: "innovation-partner", organizations: 2 },
      { tier: "ai-champion", organizations: 2 },
      { tier: "workforce-leader", organizations: 2 },
      { tier: null, organizations: 2 },
    ]);
  });

  it("counts enrolment cumulatively by week, Monday to Sunday, through the given day", () => {
    const weeks = enrolmentByWeek(
      ["2026-01-05T10:00:00Z", "2026-01-11T23:00:00Z", "2026-01-12T00:00:00Z", "2026-01-27T00:00:00Z"],
      new Date("2026-02-02T12:00:00Z"),
    );
    expect(weeks).toEqual([
      { week: "2026-01-05", enrolled: 2 },
      { week: "2026-01-12", enrolled: 3 },
      { week: "2026-01-19", enrolled: 3 },
      { week: "2026-01-26", enrolled: 4 },
      { week: "2026-02-02", enrolled: 4 },
    ]);
    expect(enrolmentByWeek([], new Date())).toEqual([]);
  });

  it("averages the Challenge: employees per organization, submitted share, each stage's rate", () => {
    expect(challengeAverages(figures)).toEqual({
      employeesPerOrganization: 70,
      submittedPercent: 150,
      stageRates: { "ai-communicator": 50, "ai-creator": 1 },
    });
  });
});
