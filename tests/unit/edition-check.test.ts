/**
 * The editions' desk, its pure parts (issue 52): Boise wall-clock fields to
 * instants (the skipped and the repeated hour), the forms' conversions, the
 * check's rules between an edition's facts and a change's rules, and the
 * calendar feed's SEQUENCE from an edition's published history.
 */
import { describe, expect, it } from "vitest";
import { milestonesById, type Edition } from "~/content/editions";
import { edition2026 } from "../fixtures/edition-2026";
import { checkChange, checkEdition } from "~/editions/check";
import {
  centsOf,
  dateFieldValues,
  editionWithDates,
  editionWithPrices,
  fieldOf,
  nextEditionFrom,
  priceFieldValues,
} from "~/editions/fields";
import { eventSequences } from "~/editions/sequence";
import { boiseFields, boiseInstant } from "~/editions/wall-clock";

const edition2027 = nextEditionFrom(edition2026);

/** `base` with some date fields typed over. */
function withDates(base: Edition, typed: Record<string, string>) {
  const built = editionWithDates(base, { ...dateFieldValues(base), ...typed });
  if (!built.ok) throw new Error(JSON.stringify(built.problems));
  return built.edition;
}

describe("Boise wall-clock fields", () => {
  it("reads a date and time in MST and in MDT", () => {
    expect(boiseInstant("2026-03-18", "23:59")).toEqual({ ok: true, instant: new Date("2026-03-19T05:59:00.000Z") });
    expect(boiseInstant("2025-11-10", "09:00")).toEqual({ ok: true, instant: new Date("2025-11-10T16:00:00.000Z") });
    expect(boiseInstant("2026-01-08")).toEqual({ ok: true, instant: new Date("2026-01-08T07:00:00.000Z") });
    expect(boiseFields(new Date("2026-03-19T05:59:00.000Z"))).toEqual({ date: "2026-03-18", time: "23:59" });
  });

  it("reports the skipped hour of spring-forward and the repeated hour of fall-back, never guessing", () => {
    expect(boiseInstant("2027-03-14", "02:30")).toEqual({ ok: false, problem: "nonexistent" });
    expect(boiseInstant("2027-03-14", "03:00").ok).toBe(true);
    expect(boiseInstant("2026-11-01", "01:30")).toEqual({ ok: false, problem: "ambiguous" });
    expect(boiseInstant("2026-11-01", "02:30").ok).toBe(true);
    expect(boiseInstant("2027-02-30", "10:00")).toEqual({ ok: false, problem: "invalid" });
    expect(boiseInstant("18/03/2027", "10:00")).toEqual({ ok: false, problem: "invalid" });
  });
});

describe("the draft forms", () => {
  it("give back the edition they were filled from", () => {
    expect(withDates(edition2026, {}).milestones.map((m) => [m.id, m.start, m.end])).toEqual(
      edition2026.milestones.map((m) => [m.id, m.start, m.end]),
    );
    const built = withDates(edition2026, {});
    expect(built.submissionDeadline).toEqual(edition2026.submissionDeadline);
    expect(built.pricingRegularFrom).toEqual(edition2026.pricingRegularFrom);
    expect(built.sponsorshipClosesAt).toEqual(edition2026.sponsorshipClosesAt);
    const priced = editionWithPrices(edition2026, priceFieldValues(edition2026));
    expect(priced.ok && priced.edition.prices).toEqual(edition2026.prices);
  });

  it("name the field of a time in the skipped hour, and of an empty one", () => {
    const built = editionWithDates(edition2027, {
      ...dateFieldValues(edition2027),
      [fieldOf.startDate("submission-deadline")]: "2027-03-14",
      [fieldOf.startTime("submission-deadline")]: "02:30",
      [fieldOf.startTime("finals")]: "",
    });
    expect(built.ok).toBe(false);
    const problems = built.ok ? [] : built.problems;
    expect(problems.map((p) => p.field)).toEqual([
      fieldOf.startTime("submission-deadline"),
      fieldOf.startTime("finals"),
    ]);
    expect(problems[0]!.message).toMatch(/does not exist in Boise/);
  });

  it("read dollars as cents", () => {
    expect(centsOf("250")).toBe(25_000);
    expect(centsOf("1,250.50")).toBe(125_050);
    expect(centsOf("$6000")).toBe(600_000);
    expect(centsOf("2.5")).toBeNull();
    expect(centsOf("free")).toBeNull();
  });

  it("start the next edition a year later at the same Boise times", () => {
    expect(edition2027.id).toBe("2027");
    expect(edition2027.name).toBe("2027 Challenge");
    expect(boiseFields(milestonesById(edition2027)["submission-deadline"].start)).toEqual({
      date: "2027-03-18",
      time: "23:59",
    });
    expect(edition2027.submissionDeadline.closesAt).toEqual(new Date("2027-03-19T06:00:00.000Z"));
  });
});

describe("the check", () => {
  it("finds nothing wrong with 2026, nor with its copy a year later after it", () => {
    expect(checkEdition(edition2026)).toEqual([]);
    expect(checkEdition(edition2027, { previous: edition2026 })).toEqual([]);
  });

  it("names a milestone out of order on its field", () => {
    const wrong = withDates(edition2027, { [fieldOf.startDate("program-starts")]: "2027-01-10" });
    const problems = checkEdition(wrong, { previous: edition2026 });
    expect(problems).toContainEqual({
      field: fieldOf.startDate("program-starts"),
      message:
        "Program starts (Jan 10, 2027) comes before Organization enrollment opens (Jan 15, 2027): the milestones run in the order of the timeline.",
    });
  });

  it("refuses a submission deadline outside the creation period, and the showcase before it", () => {
    const wrong = withDates(edition2027, { [fieldOf.startDate("submission-deadline")]: "2027-03-25" });
    const fields = checkEdition(wrong).map((p) => p.field);
    expect(fields).toContain(fieldOf.startDate("submission-deadline"));
    expect(fields).toContain(fieldOf.startDate("showcase-voting"));
  });

  it("refuses an early-bird price above the regular one", () => {
    const wrong = {
      ...edition2027,
      prices: { ...edition2027.prices, individual: { earlyBird: 40_000, regular: 30_000 } },
    };
    expect(checkEdition(wrong)).toEqual([
      {
        field: "individual-earlyBird",
        message: "Individual: the early-bird price must not be above the regular price.",
      },
    ]);
  });

  it("refuses an edition that starts before the previous one's finals are over", () => {
    const early = withDates(edition2027, {
      [fieldOf.startDate("early-enrollment")]: "2026-04-20",
      [fieldOf.startDate("creation-period")]: "2026-04-20",
    });
    const problems = checkEdition(early, { previous: edition2026 });
    expect(problems.map((p) => p.field)).toContain(fieldOf.startDate("creation-period"));
    expect(problems.find((p) => p.field === fieldOf.startDate("creation-period"))!.message).toMatch(
      /before the 2026 Challenge is over \(its finals are on Apr 25, 2026\)/,
    );
  });
});

describe("a change of a published edition", () => {
  const duringCreation = new Date("2026-03-10T12:00:00-06:00");

  it("may extend a deadline still ahead", () => {
    const later = withDates(edition2026, { [fieldOf.startDate("submission-deadline")]: "2026-03-20" });
    expect(checkChange(later, edition2026, duringCreation)).toEqual([]);
  });

  it("refuses a deadline that has passed, a move into the past, and prices once enrollment opened", () => {
    const afterDeadline = new Date("2026-03-19T12:00:00-06:00");
    const later = withDates(edition2026, { [fieldOf.startDate("submission-deadline")]: "2026-03-20" });
    expect(checkChange(later, edition2026, afterDeadline)[0]).toMatchObject({
      field: fieldOf.startDate("submission-deadline"),
      message: expect.stringMatching(/already begun or passed/),
    });
    const intoPast = withDates(edition2026, { [fieldOf.startDate("finalists-announced")]: "2026-03-09" });
    expect(checkChange(intoPast, edition2026, duringCreation)[0]!.message).toMatch(/already past/);
    const pricier = {
      ...edition2026,
      prices: { ...edition2026.prices, individual: { earlyBird: 25_000, regular: 35_000 } },
    };
    expect(checkChange(pricier, edition2026, duringCreation)).toEqual([
      { field: "individual-regular", message: expect.stringMatching(/people have paid these prices/) },
    ]);
  });
});

describe("the calendar feed's SEQUENCE", () => {
  it("is 0 for every event of an edition published once, and counts the versions that moved each event", () => {
    expect(eventSequences([edition2026])).toEqual({});
    expect(eventSequences([])).toEqual({});
    const extended = withDates(edition2026, { [fieldOf.startDate("submission-deadline")]: "2026-03-20" });
    const renamed = { ...extended, name: "2026 Challenge (renamed)" };
    const finalsMoved = withDates(renamed, {
      [fieldOf.startDate("finals")]: "2026-04-27",
      [fieldOf.endDate("finals")]: "2026-04-27",
    });
    const extendedAgain = withDates(finalsMoved, { [fieldOf.startDate("submission-deadline")]: "2026-03-21" });
    expect(eventSequences([edition2026, extended, renamed, finalsMoved, extendedAgain])).toEqual({
      "submission-deadline": 2,
      finals: 1,
    });
  });
});
