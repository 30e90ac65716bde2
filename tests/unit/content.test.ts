import { describe, expect, it } from "vitest";
import {
  marketingPricePerPersonCents,
  MIN_PASSWORD_LENGTH,
  computeRoi,
  defaultSponsorTier,
  faqWorkforcePricing,
  formatSponsorTierPrice,
  formatUsd,
  individualStats,
  judgingCriteria,
  judgingWeights,
  learningStages,
  organizationEnrollmentSteps,
  organizationStats,
  participantJourney,
  pricingPhases,
  recognitionTierFor,
  recognitionTiers,
  roiExample as roiExampleOf,
  roiExampleHeadline,
  roiExampleInputs as roiExampleInputsOf,
  site,
  telHref,
  mailtoHref,
  workforceComparison,
  sponsorTierIds,
  sponsorTiers,
  sponsorTiersById,
  submissionComponents,
  teamSize,
  tracks,
} from "../../app/content";
import {
  EARLY_ENROLLMENT_OPENS,
  FINAL_ENROLLMENT_DEADLINE,
  PRICING_REGULAR_FROM,
  STANDARD_REGISTRATION_OPENS,
  SUBMISSION_DEADLINE,
  milestones,
  milestonesById,
  edition2026,
  prices,
} from "../edition-2026";

// The worked example as 2026 prices it.
const roiExampleInputs = roiExampleInputsOf(edition2026);
const roiExample = roiExampleOf(edition2026);

// Read back in Boise with Intl directly (not through app/lib/schedule), so these
// checks do not share code with what they check.
const boiseParts = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Boise",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "longOffset",
});

function boise(date: Date): { wall: string; offset: string } {
  const parts = boiseParts.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "?";
  const hour = get("hour") === "24" ? "00" : get("hour");
  return {
    wall: `${get("year")}-${get("month")}-${get("day")} ${hour}:${get("minute")}`,
    offset: get("timeZoneName"),
  };
}

const MST = "GMT-07:00";
const MDT = "GMT-06:00";

describe("dates: instants read as the spec's Mountain wall-clock times", () => {
  // [id, start wall clock, start offset, end wall clock or null, end offset]
  const expected: [string, string, string, string | null, string | null][] = [
    ["early-enrollment", "2025-11-10 09:00", MST, null, null],
    ["creation-period", "2025-11-10 00:00", MST, "2026-03-18 00:00", MDT],
    ["standard-registration", "2026-01-08 09:00", MST, null, null],
    ["organization-enrollment-opens", "2026-01-15 00:00", MST, "2026-01-16 00:00", MST],
    ["program-starts", "2026-02-01 00:00", MST, "2026-02-02 00:00", MST],
    ["submission-deadline", "2026-03-18 23:59", MDT, "2026-03-19 00:00", MDT],
    ["final-enrollment-deadline", "2026-03-18 23:59", MDT, "2026-03-19 00:00", MDT],
    ["showcase-voting", "2026-03-20 00:00", MDT, "2026-03-31 00:00", MDT],
    ["judging", "2026-03-21 00:00", MDT, "2026-04-03 00:00", MDT],
    ["finalists-announced", "2026-04-03 09:00", MDT, null, null],
    ["finals", "2026-04-25 09:00", MDT, "2026-04-25 16:00", MDT],
  ];

  it("covers every milestone, in order", () => {
    expect(milestones.map((m) => m.id)).toEqual(expected.map(([id]) => id));
  });

  for (const [id, start, startOffset, end, endOffset] of expected) {
    it(`${id}`, () => {
      const m = milestones.find((x) => x.id === id);
      expect(m).toBeDefined();
      expect(boise(m!.start)).toEqual({ wall: start, offset: startOffset });
      if (end === null) {
        expect(m!.end).toBeUndefined();
      } else {
        expect(m!.end).toBeDefined();
        expect(boise(m!.end!)).toEqual({ wall: end, offset: endOffset });
      }
    });
  }

  it("named instants", () => {
    expect(boise(EARLY_ENROLLMENT_OPENS)).toEqual({ wall: "2025-11-10 09:00", offset: MST });
    expect(boise(PRICING_REGULAR_FROM)).toEqual({ wall: "2026-01-08 00:00", offset: MST });
    expect(boise(STANDARD_REGISTRATION_OPENS)).toEqual({ wall: "2026-01-08 09:00", offset: MST });
    expect(boise(SUBMISSION_DEADLINE.due)).toEqual({ wall: "2026-03-18 23:59", offset: MDT });
    expect(boise(SUBMISSION_DEADLINE.closesAt)).toEqual({ wall: "2026-03-19 00:00", offset: MDT });
    expect(FINAL_ENROLLMENT_DEADLINE.closesAt.toISOString()).toBe("2026-03-19T06:00:00.000Z");
  });

  it("the Mar 18 deadline is written in MDT (-06:00), not MST", () => {
    // 23:59 MDT is 05:59 UTC the next day; in MST it would be 06:59 UTC.
    expect(SUBMISSION_DEADLINE.due.toISOString()).toBe("2026-03-19T05:59:00.000Z");
  });
});

describe("dates: structure", () => {
  it("milestone ids are unique kebab-case slugs", () => {
    const ids = milestones.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("milestones are in Mountain calendar-day order", () => {
    const days = milestones.map((m) => boise(m.start).wall.slice(0, 10));
    expect(days).toEqual([...days].sort());
  });

  it("every end is after its start", () => {
    for (const m of milestones) if (m.end) expect(m.end.getTime()).toBeGreaterThan(m.start.getTime());
  });

  it("all-day milestones run from midnight to a later midnight", () => {
    const allDay = milestones.filter((m) => m.allDay);
    expect(allDay.length).toBeGreaterThan(0);
    for (const m of allDay) {
      expect(boise(m.start).wall.endsWith(" 00:00")).toBe(true);
      expect(m.end).toBeDefined();
      expect(boise(m.end!).wall.endsWith(" 00:00")).toBe(true);
    }
  });

  it("deadlines close at the end of their 11:59 PM minute", () => {
    const deadlines = milestones.filter((m) => m.isDeadline);
    expect(deadlines.map((m) => m.id)).toEqual(["submission-deadline", "final-enrollment-deadline"]);
    for (const m of deadlines) {
      expect(m.end!.getTime() - m.start.getTime()).toBe(60_000);
      expect(m.timeNote).toBe("11:59 PM MT");
    }
    expect(milestonesById["submission-deadline"].start).toBe(SUBMISSION_DEADLINE.due);
    expect(milestonesById["final-enrollment-deadline"].end).toBe(FINAL_ENROLLMENT_DEADLINE.closesAt);
  });

  it("the finals are in Boise and the showcase is online", () => {
    expect(milestonesById.finals.location).toBe("Boise, Idaho");
    expect(milestonesById["showcase-voting"].location).toBe("Online");
  });

  it("the participant journey points at real milestones, in the spec's order", () => {
    expect(participantJourney.map((s) => s.name)).toEqual([
      "Enroll",
      "Create",
      "Deadline",
      "Vote",
      "Judge",
      "Showcase",
    ]);
    for (const s of participantJourney) expect(milestonesById[s.milestoneId]).toBeDefined();
  });
});

describe("pricing", () => {
  it("prices in cents match the spec", () => {
    expect(prices).toEqual({
      individual: { earlyBird: 25_000, regular: 30_000 },
      workforce: { earlyBird: 500_000, regular: 600_000 },
    });
    expect(marketingPricePerPersonCents(edition2026)).toBe(25_000);
    expect(faqWorkforcePricing.perEmployeeCents).toBe(49_900);
  });

  it("20 people at the day's individual price never cost less than the package", () => {
    expect(workforceComparison(edition2026, "earlyBird")).toEqual({
      people: 20,
      perPersonCents: 25_000,
      totalCents: 500_000,
      packageCents: 500_000,
    });
    expect(workforceComparison(edition2026, "regular")).toEqual({
      people: 20,
      perPersonCents: 30_000,
      totalCents: 600_000,
      packageCents: 600_000,
    });
    for (const phase of pricingPhases) {
      const c = workforceComparison(edition2026, phase);
      expect(c.totalCents).toBeGreaterThanOrEqual(c.packageCents);
    }
  });

  it("formatUsd", () => {
    expect(formatUsd(25_000)).toBe("$250");
    expect(formatUsd(500_000)).toBe("$5,000");
    expect(formatUsd(5_000_000)).toBe("$50,000");
    expect(formatUsd(49_900)).toBe("$499");
    expect(formatUsd(49_999)).toBe("$499.99");
    expect(formatUsd(49_950)).toBe("$499.50");
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(1_500_000, { compact: true })).toBe("$15K");
    expect(formatUsd(155_000_000, { compact: true })).toBe("$1.6M");
    expect(formatUsd(150_000_000, { compact: true })).toBe("$1.5M");
    expect(() => formatUsd(12.5)).toThrow(RangeError);
  });

  it("sponsor tiers", () => {
    expect(sponsorTiers.map((t) => t.id)).toEqual([...sponsorTierIds]);
    expect(sponsorTiers.map((t) => t.cents)).toEqual([5_000_000, 2_500_000, 1_000_000, 500_000]);
    expect(sponsorTiers.map(formatSponsorTierPrice)).toEqual(["$50,000+", "$25,000", "$10,000", "$5,000"]);
    expect(sponsorTiersById.platinum.badge).toBe("PREMIER");
    expect(sponsorTierIds).toContain(defaultSponsorTier);
    expect(defaultSponsorTier).toBe("gold");
    for (const t of sponsorTiers) expect(t.benefits.length).toBeGreaterThan(0);
  });
});

describe("program", () => {
  it("judging weights: both lists cover every criterion and sum to 100", () => {
    const ids = judgingCriteria.map((c) => c.id).sort();
    for (const list of [judgingWeights.judgesPage, judgingWeights.contestRules]) {
      expect(Object.keys(list).sort()).toEqual(ids);
      expect(Object.values(list).reduce((a, b) => a + b, 0)).toBe(100);
    }
    expect(judgingWeights.judgesPage["business-impact"]).toBe(30);
    expect(judgingWeights.contestRules["innovation-creativity"]).toBe(30);
  });

  it("learning path: three stages and a capstone, four certifications", () => {
    expect(learningStages.map((s) => s.certification)).toEqual([
      "AI Communicator",
      "AI Creator",
      "AI Builder",
      "AI Innovator",
    ]);
    expect(learningStages.map((s) => `${s.duration.min}-${s.duration.max} ${s.duration.unit}`)).toEqual([
      "1.5-2 hours",
      "5-6 hours",
      "6-8 hours",
      "4-6 weeks",
    ]);
  });

  it("five tracks and five submission components, each with a unique id", () => {
    expect(tracks).toHaveLength(5);
    expect(submissionComponents).toHaveLength(5);
    expect(new Set(submissionComponents.map((c) => c.id)).size).toBe(5);
    expect(submissionComponents.find((c) => c.id === "demo-video")?.requirement).toContain("3–5 minutes");
  });

  it("team size keeps both readings", () => {
    expect(teamSize.faq).toEqual({ min: 2, max: 4 });
    expect(teamSize.contestRules.max).toBe(5);
  });

  it("organization enrollment steps carry the spec's durations in order", () => {
    expect(organizationEnrollmentSteps.map((s) => s.duration)).toEqual([
      "10 minutes",
      "Instant",
      "1–2 weeks",
      "Ongoing",
      "Program duration",
    ]);
  });

  it("recognition tiers are contiguous and chosen by participant count", () => {
    for (let i = 1; i < recognitionTiers.length; i++) {
      expect(recognitionTiers[i]!.minParticipants).toBe((recognitionTiers[i - 1]!.maxParticipants ?? NaN) + 1);
    }
    expect(recognitionTierFor(0)).toBeNull();
    expect(recognitionTierFor(9)).toBeNull();
    expect(recognitionTierFor(10)?.name).toBe("Innovation Partner");
    expect(recognitionTierFor(24)?.name).toBe("Innovation Partner");
    expect(recognitionTierFor(25)?.name).toBe("AI Champion");
    expect(recognitionTierFor(49)?.name).toBe("AI Champion");
    expect(recognitionTierFor(50)?.name).toBe("Workforce Leader");
    expect(recognitionTierFor(5000)?.badge).toBe("PREMIER");
  });

  it("minimum password length", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
  });
});

describe("claims and the worked ROI example", () => {
  it("reproduces the published 50-employee figures", () => {
    expect(roiExampleInputs.employees).toBe(50);
    expect(roiExample.costPerEmployeeCents).toBe(10_000); // $100 each
    expect(roiExample.individualTotalCents).toBe(1_250_000); // $12,500
    expect(roiExample.packageSavingsCents).toBe(750_000); // $7,500
    expect(roiExample.productivityValueCents).toBe(75_000_000); // $750,000
    expect(roiExample.automationValueCents).toBe(75_000_000); // $750,000
    expect(roiExample.consultingSavingsCents).toBe(5_000_000); // $50,000+
    expect(roiExample.totalValueCents).toBeGreaterThanOrEqual(roiExampleHeadline.totalValueFloorCents);
    expect(roiExample.returnMultiple).toBeGreaterThanOrEqual(roiExampleHeadline.multipleFloor);
  });

  it("computeRoi scales with employees and tolerates zero", () => {
    const ten = computeRoi({ ...roiExampleInputs, employees: 10 });
    expect(ten.costPerEmployeeCents).toBe(50_000);
    expect(ten.packageSavingsCents).toBe(10 * 25_000 - 500_000);
    const none = computeRoi({ ...roiExampleInputs, employees: 0 });
    expect(none.totalValueCents).toBe(roiExampleInputs.consultingSavingsCents);
    expect(Number.isFinite(none.returnMultiple)).toBe(true);
  });

  it("stat labels are derived from the numbers", () => {
    expect(individualStats.map((s) => s.value)).toEqual(["20–40%", "25–50%", "$15K–$30K", "3–6 months"]);
    expect(organizationStats.map((s) => s.value)).toEqual(["300%", "3–6 months", "40%", "85%", "100+"]);
  });
});

describe("site", () => {
  it("phone links dial the printed number", () => {
    expect(telHref("(208) 555-0100")).toBe("tel:+12085550100");
    expect(telHref("208.555.0100")).toBe("tel:+12085550100");
    expect(telHref("1-208-555-0100")).toBe("tel:+12085550100");
    expect(telHref("+44 20 7946 0000")).toBe("tel:+442079460000");
    expect(mailtoHref("team@example.org")).toBe("mailto:team@example.org");
  });

  it("support hours and location", () => {
    expect(site.supportHours.label).toBe("Monday–Friday, 8:00 AM–6:00 PM MT");
    expect(site.responseTimeHours).toBe(24);
    expect(site.location).toBe("Rexburg, Idaho");
    expect(site.copyrightYear).toBe(2025);
  });
});
