import { describe, expect, it } from "vitest";
import type { Milestone } from "../../app/content/editions";
import * as schedule from "../../app/clock/schedule";
import {
  isDeadlinePassed,
  milestoneStatus,
  mountainDateKey,
  startOfMountainDay,
  zoneOffsetMinutes,
} from "../../app/clock/schedule";
import {
  formatMilestoneDate,
  formatMilestoneTime,
  formatMountain,
  formatMountainDateRange,
  formatPacific,
  formatTimeMountainAndPacific,
} from "../../app/clock/format";

import {
  FINAL_ENROLLMENT_DEADLINE,
  SUBMISSION_DEADLINE,
  edition2026,
  milestones,
  milestonesById,
} from "../edition-2026";

const at = (iso: string) => new Date(iso);
// The 2026 edition's rules, as every assertion below states them.
const pricingPhase = (now: Date) => schedule.pricingPhase(now, edition2026);
const priceFor = (plan: "individual" | "workforce", now: Date) => schedule.priceFor(plan, now, edition2026);
const enrollmentState = (now: Date) => schedule.enrollmentState(now, edition2026);
const isEnrollmentOpen = (now: Date) => enrollmentState(now) === "open";
const milestonesWithStatus = (now: Date) => schedule.milestonesWithStatus(now, milestones);
function nextMilestone(now: Date, options: schedule.NextMilestoneOptions & { list?: readonly Milestone[] } = {}) {
  return schedule.nextMilestone(now, options.list ?? milestones, options);
}

describe("pricingPhase and priceFor", () => {
  it("is early bird through Jan 7 in Boise and regular from midnight Jan 8 MST", () => {
    expect(pricingPhase(at("2025-06-01T12:00:00-06:00"))).toBe("earlyBird");
    expect(pricingPhase(at("2026-01-07T23:59:00-07:00"))).toBe("earlyBird");
    expect(pricingPhase(at("2026-01-07T23:59:59.999-07:00"))).toBe("earlyBird");
    expect(pricingPhase(at("2026-01-08T00:00:00-07:00"))).toBe("regular");
    expect(pricingPhase(at("2026-01-08T00:01:00-07:00"))).toBe("regular");
  });

  it("follows the Boise calendar, not UTC's", () => {
    // Already Jan 8 in UTC, still 11:30 PM on Jan 7 in Boise.
    expect(formatMountain(at("2026-01-08T06:30:00Z"))).toBe("Jan 7, 2026");
    expect(pricingPhase(at("2026-01-08T06:30:00Z"))).toBe("earlyBird");
    expect(pricingPhase(at("2026-01-08T07:00:00Z"))).toBe("regular");
  });

  it("charges the phase's price for each plan", () => {
    const early = at("2026-01-07T23:59:00-07:00");
    const regular = at("2026-01-08T00:00:00-07:00");
    expect(priceFor("individual", early)).toEqual({ cents: 25_000, phase: "earlyBird" });
    expect(priceFor("individual", regular)).toEqual({ cents: 30_000, phase: "regular" });
    expect(priceFor("workforce", early)).toEqual({ cents: 500_000, phase: "earlyBird" });
    expect(priceFor("workforce", regular)).toEqual({ cents: 600_000, phase: "regular" });
  });

  it("refuses an invalid clock instead of guessing", () => {
    expect(() => pricingPhase(new Date("not a date"))).toThrow(RangeError);
    expect(() => enrollmentState(new Date(NaN))).toThrow(RangeError);
  });
});

describe("enrollment window", () => {
  it("opens at 9:00 AM MT on Nov 10, 2025", () => {
    expect(enrollmentState(at("2025-11-10T08:59:00-07:00"))).toBe("notYetOpen");
    expect(enrollmentState(at("2025-11-10T08:59:59.999-07:00"))).toBe("notYetOpen");
    expect(enrollmentState(at("2025-11-10T09:00:00-07:00"))).toBe("open");
    expect(enrollmentState(at("2025-11-10T09:01:00-07:00"))).toBe("open");
    expect(isEnrollmentOpen(at("2025-11-10T08:59:00-07:00"))).toBe(false);
    expect(isEnrollmentOpen(at("2025-11-10T09:00:00-07:00"))).toBe(true);
  });

  it("stays open through the 11:59 PM MDT minute of Mar 18, 2026, then closes", () => {
    expect(enrollmentState(at("2026-03-18T23:58:00-06:00"))).toBe("open");
    expect(enrollmentState(at("2026-03-18T23:59:00-06:00"))).toBe("open");
    expect(enrollmentState(at("2026-03-18T23:59:59.999-06:00"))).toBe("open");
    expect(enrollmentState(at("2026-03-19T00:00:00-06:00"))).toBe("closed");
    expect(enrollmentState(at("2026-03-19T00:01:00-06:00"))).toBe("closed");
    expect(isEnrollmentOpen(at("2026-03-19T00:00:00-06:00"))).toBe(false);
  });

  it("uses daylight time on Mar 18: 11:30 PM read as MST would already be closed", () => {
    // 23:30 MST = 00:30 MDT on Mar 19.
    expect(enrollmentState(at("2026-03-18T23:30:00-07:00"))).toBe("closed");
    expect(enrollmentState(at("2026-03-18T23:30:00-06:00"))).toBe("open");
  });

  it("deadline helpers agree with the rule", () => {
    expect(isDeadlinePassed(SUBMISSION_DEADLINE, at("2026-03-18T23:59:59.999-06:00"))).toBe(false);
    expect(isDeadlinePassed(SUBMISSION_DEADLINE, at("2026-03-19T00:00:00-06:00"))).toBe(true);
    expect(isDeadlinePassed(FINAL_ENROLLMENT_DEADLINE, at("2026-03-18T23:59:00-06:00"))).toBe(false);
  });
});

describe("milestoneStatus", () => {
  it("range: current from start (inclusive) to end (exclusive)", () => {
    const m = milestonesById["creation-period"];
    expect(milestoneStatus(m, at("2025-11-09T23:59:59.999-07:00"))).toBe("upcoming");
    expect(milestoneStatus(m, at("2025-11-10T00:00:00-07:00"))).toBe("current");
    expect(milestoneStatus(m, at("2026-03-17T23:59:59.999-06:00"))).toBe("current");
    expect(milestoneStatus(m, at("2026-03-18T00:00:00-06:00"))).toBe("past");
  });

  it("range across the MST→MDT change: the showcase's last day and first day after", () => {
    const m = milestonesById["showcase-voting"];
    expect(milestoneStatus(m, at("2026-03-19T23:59:00-06:00"))).toBe("upcoming");
    expect(milestoneStatus(m, at("2026-03-20T00:00:00-06:00"))).toBe("current");
    expect(milestoneStatus(m, at("2026-03-30T23:59:00-06:00"))).toBe("current");
    expect(milestoneStatus(m, at("2026-03-31T00:00:00-06:00"))).toBe("past");
  });

  it("timed range: the finals run 9:00 AM to 4:00 PM MT", () => {
    const m = milestonesById.finals;
    expect(milestoneStatus(m, at("2026-04-25T08:59:00-06:00"))).toBe("upcoming");
    expect(milestoneStatus(m, at("2026-04-25T09:00:00-06:00"))).toBe("current");
    expect(milestoneStatus(m, at("2026-04-25T15:59:00-06:00"))).toBe("current");
    expect(milestoneStatus(m, at("2026-04-25T16:00:00-06:00"))).toBe("past");
  });

  it("point in time: upcoming before, past from the instant on", () => {
    const m = milestonesById["finalists-announced"];
    expect(milestoneStatus(m, at("2026-04-03T08:59:00-06:00"))).toBe("upcoming");
    expect(milestoneStatus(m, at("2026-04-03T09:00:00-06:00"))).toBe("past");
    const open = milestonesById["early-enrollment"];
    expect(milestoneStatus(open, at("2025-11-10T08:59:00-07:00"))).toBe("upcoming");
    expect(milestoneStatus(open, at("2025-11-10T09:00:00-07:00"))).toBe("past");
  });

  it("deadline: current on its due day in Mountain Time, past once closed", () => {
    const m = milestonesById["submission-deadline"];
    expect(milestoneStatus(m, at("2026-03-17T23:59:59.999-06:00"))).toBe("upcoming");
    expect(milestoneStatus(m, at("2026-03-18T00:00:00-06:00"))).toBe("current");
    expect(milestoneStatus(m, at("2026-03-18T23:59:30-06:00"))).toBe("current");
    expect(milestoneStatus(m, at("2026-03-19T00:00:00-06:00"))).toBe("past");
    // 00:30 UTC on Mar 18 is still Mar 17 in Boise.
    expect(milestoneStatus(m, at("2026-03-18T00:30:00Z"))).toBe("upcoming");
  });

  it("all-day date: current for that Mountain day only", () => {
    const m = milestonesById["organization-enrollment-opens"];
    expect(milestoneStatus(m, at("2026-01-14T23:59:00-07:00"))).toBe("upcoming");
    expect(milestoneStatus(m, at("2026-01-15T00:00:00-07:00"))).toBe("current");
    expect(milestoneStatus(m, at("2026-01-16T00:00:00-07:00"))).toBe("past");
  });

  it("milestonesWithStatus lists every milestone", () => {
    const list = milestonesWithStatus(at("2026-03-25T12:00:00-06:00"));
    expect(list.map((x) => x.milestone.id)).toEqual(milestones.map((m) => m.id));
    const byId = Object.fromEntries(list.map((x) => [x.milestone.id, x.status]));
    expect(byId).toMatchObject({
      "submission-deadline": "past",
      "showcase-voting": "current",
      judging: "current",
      "finalists-announced": "upcoming",
      finals: "upcoming",
    });
  });
});

describe("nextMilestone", () => {
  it("before anything: early enrollment", () => {
    expect(nextMilestone(at("2025-10-01T12:00:00-06:00"))?.id).toBe("early-enrollment");
  });

  it("in December: the creation period in progress, or the next upcoming one", () => {
    const dec = at("2025-12-15T12:00:00-07:00");
    expect(nextMilestone(dec)?.id).toBe("creation-period");
    expect(nextMilestone(dec, { includeCurrent: false })?.id).toBe("standard-registration");
    expect(nextMilestone(dec, { deadlinesOnly: true })?.id).toBe("submission-deadline");
  });

  it("on the due day and after the deadlines close", () => {
    expect(nextMilestone(at("2026-03-18T12:00:00-06:00"), { deadlinesOnly: true })?.id).toBe("submission-deadline");
    expect(nextMilestone(at("2026-03-19T00:00:00-06:00"), { deadlinesOnly: true })).toBeNull();
    expect(nextMilestone(at("2026-03-19T00:00:00-06:00"))?.id).toBe("showcase-voting");
  });

  it("null once everything is past", () => {
    expect(nextMilestone(at("2026-04-25T15:59:00-06:00"))?.id).toBe("finals");
    expect(nextMilestone(at("2026-04-25T16:00:00-06:00"))).toBeNull();
  });

  it("accepts another list", () => {
    const list: Milestone[] = [
      {
        id: "a",
        title: "A",
        description: "A.",
        start: at("2030-01-01T00:00:00Z"),
        allDay: false,
        isDeadline: false,
        audience: "everyone",
      },
    ];
    expect(nextMilestone(at("2029-01-01T00:00:00Z"), { list })?.id).toBe("a");
    expect(nextMilestone(at("2031-01-01T00:00:00Z"), { list })).toBeNull();
  });
});

describe("Mountain and Pacific formatting", () => {
  it("formats the submission deadline in every style", () => {
    const d = SUBMISSION_DEADLINE.due;
    expect(formatMountain(d)).toBe("Mar 18, 2026");
    expect(formatMountain(d, "date")).toBe("Mar 18, 2026");
    expect(formatMountain(d, "longDate")).toBe("March 18, 2026");
    expect(formatMountain(d, "monthDay")).toBe("Mar 18");
    expect(formatMountain(d, "weekdayDate")).toBe("Wednesday, March 18, 2026");
    expect(formatMountain(d, "time")).toBe("11:59 PM MT");
    expect(formatMountain(d, "dateTime")).toBe("Mar 18, 2026, 11:59 PM MT");
  });

  it("prints the right wall clock on both sides of the Mar 8, 2026 change", () => {
    const before = at("2026-03-08T01:59:00-07:00");
    const after = at("2026-03-08T03:00:00-06:00");
    expect(after.getTime() - before.getTime()).toBe(60_000);
    expect(formatMountain(before, "dateTime")).toBe("Mar 8, 2026, 1:59 AM MT");
    expect(formatMountain(after, "dateTime")).toBe("Mar 8, 2026, 3:00 AM MT");
    // The same UTC hour reads an hour later once daylight time starts.
    expect(formatMountain(at("2026-03-07T19:00:00Z"), "time")).toBe("12:00 PM MT");
    expect(formatMountain(at("2026-03-09T19:00:00Z"), "time")).toBe("1:00 PM MT");
    expect(zoneOffsetMinutes(before, "America/Boise")).toBe(-420);
    expect(zoneOffsetMinutes(after, "America/Boise")).toBe(-360);
  });

  it("prints milestone start times as the spec states them", () => {
    expect(formatMountain(milestonesById["early-enrollment"].start, "dateTime")).toBe("Nov 10, 2025, 9:00 AM MT");
    expect(formatMountain(milestonesById["standard-registration"].start, "dateTime")).toBe("Jan 8, 2026, 9:00 AM MT");
    expect(formatMountain(milestonesById["finalists-announced"].start, "dateTime")).toBe("Apr 3, 2026, 9:00 AM MT");
    expect(formatMountain(milestonesById.finals.end!, "time")).toBe("4:00 PM MT");
  });

  it("midnight and noon", () => {
    expect(formatMountain(at("2026-01-08T00:00:00-07:00"), "time")).toBe("12:00 AM MT");
    expect(formatMountain(at("2026-06-01T12:00:00-06:00"), "time")).toBe("12:00 PM MT");
  });

  it("Pacific Time for the panhandle", () => {
    expect(formatPacific(SUBMISSION_DEADLINE.due, "dateTime")).toBe("Mar 18, 2026, 10:59 PM PT");
    expect(formatPacific(at("2026-01-08T00:30:00-07:00"), "dateTime")).toBe("Jan 7, 2026, 11:30 PM PT");
    expect(formatTimeMountainAndPacific(SUBMISSION_DEADLINE.due)).toBe("11:59 PM MT (10:59 PM PT)");
  });

  it("milestone date labels", () => {
    const labels = Object.fromEntries(milestones.map((m) => [m.id, formatMilestoneDate(m)]));
    expect(labels).toEqual({
      "early-enrollment": "Nov 10, 2025",
      "creation-period": "Nov 10, 2025 – Mar 17, 2026",
      "standard-registration": "Jan 8, 2026",
      "organization-enrollment-opens": "Jan 15, 2026",
      "program-starts": "Feb 1, 2026",
      "submission-deadline": "Mar 18, 2026",
      "final-enrollment-deadline": "Mar 18, 2026",
      "showcase-voting": "Mar 20–30, 2026",
      judging: "Mar 21 – Apr 2, 2026",
      "finalists-announced": "Apr 3, 2026",
      finals: "Apr 25, 2026",
    });
    expect(formatMountainDateRange(at("2026-03-20T00:00:00-06:00"), at("2026-03-20T00:00:00-06:00"))).toBe(
      "Mar 20, 2026",
    );
  });

  it("each timed milestone's timeNote matches its instants", () => {
    const timed = milestones.filter((m) => !m.allDay);
    expect(timed.length).toBeGreaterThan(0);
    for (const m of timed) expect(m.timeNote, m.id).toBe(formatMilestoneTime(m));
    expect(formatMilestoneTime(milestonesById.finals)).toBe("9:00 AM – 4:00 PM MT");
    expect(formatMilestoneTime(milestonesById["creation-period"])).toBeNull();
    expect(formatMilestoneTime(milestonesById.judging)).toBe("Scores final Apr 2, 11:59 PM MT");
  });
});

describe("Mountain calendar days", () => {
  it("startOfMountainDay on ordinary and changeover days", () => {
    expect(startOfMountainDay(SUBMISSION_DEADLINE.due).toISOString()).toBe(
      at("2026-03-18T00:00:00-06:00").toISOString(),
    );
    expect(startOfMountainDay(at("2026-03-08T10:00:00-06:00")).toISOString()).toBe(
      at("2026-03-08T00:00:00-07:00").toISOString(),
    );
    expect(startOfMountainDay(at("2026-11-01T10:00:00-07:00")).toISOString()).toBe(
      at("2026-11-01T00:00:00-06:00").toISOString(),
    );
    expect(startOfMountainDay(at("2026-01-08T06:30:00Z")).toISOString()).toBe(
      at("2026-01-07T00:00:00-07:00").toISOString(),
    );
  });

  it("mountainDateKey", () => {
    expect(mountainDateKey(SUBMISSION_DEADLINE.due)).toBe("2026-03-18");
    expect(mountainDateKey(SUBMISSION_DEADLINE.closesAt)).toBe("2026-03-19");
    expect(mountainDateKey(at("2026-01-08T06:30:00Z"))).toBe("2026-01-07");
  });
});
