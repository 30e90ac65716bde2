/**
 * An edition as the desk's forms hold it, and back (issue 52): one form per
 * part — dates, prices, venue and goals — each a flat set of string fields a
 * plain POST carries. Dates are Boise wall-clock date and time fields
 * (./wall-clock.ts); prices are dollars in the form and cents stored. Pure:
 * the forms, the server's parse and the unit tests share it.
 *
 * The dates form asks for each milestone what its kind needs, read from the
 * edition it edits: an all-day milestone its first and last day, a deadline
 * its due minute (it closes one minute later, the 11:59 PM rule of
 * app/content/editions/types.ts), a timed milestone its start and, if it has
 * one, its end. The edition's own instants follow its milestones:
 * enrollment opens at "early-enrollment", standard registration at
 * "standard-registration", and the two deadlines are their milestones'.
 */
import { formatMountain } from "~/clock/format";
import { editionFieldLabels, editionFieldMessages } from "~/content/edition-desk";
import { milestoneIds, type Edition, type EditionMilestone, type MilestoneId } from "~/content/editions";
import { addDays, boiseFields, boiseInstant, type WallClockProblem } from "./wall-clock";

/** A problem with one field of a form, in plain words. */
export interface FieldProblem {
  field: string;
  message: string;
}

export type MilestoneKind = "allDay" | "deadline" | "timed";

export function milestoneKind(m: EditionMilestone): MilestoneKind {
  return m.allDay ? "allDay" : m.isDeadline ? "deadline" : "timed";
}

export const fieldOf = {
  startDate: (id: MilestoneId) => `${id}-start-date`,
  startTime: (id: MilestoneId) => `${id}-start-time`,
  endDate: (id: MilestoneId) => `${id}-end-date`,
  endTime: (id: MilestoneId) => `${id}-end-time`,
  regularPricesFrom: "regular-prices-from",
  sponsorshipDate: "sponsorship-closes-date",
  sponsorshipTime: "sponsorship-closes-time",
  price: (plan: "individual" | "workforce", phase: "earlyBird" | "regular") => `${plan}-${phase}`,
} as const;

/** Every field name the dates form may post. */
export const dateFieldNames: readonly string[] = [
  ...milestoneIds.flatMap((id) => [
    fieldOf.startDate(id),
    fieldOf.startTime(id),
    fieldOf.endDate(id),
    fieldOf.endTime(id),
  ]),
  fieldOf.regularPricesFrom,
  fieldOf.sponsorshipDate,
  fieldOf.sponsorshipTime,
];

export const priceFieldNames = [
  fieldOf.price("individual", "earlyBird"),
  fieldOf.price("individual", "regular"),
  fieldOf.price("workforce", "earlyBird"),
  fieldOf.price("workforce", "regular"),
] as const;

export const detailFieldNames = [
  "name",
  "goal-participants",
  "goal-organizations",
  "goal-projects",
  "venue-city",
  "venue-event",
  "venue-showcase",
  "venue-name",
] as const;

type Fields = Readonly<Record<string, string | undefined>>;

const MINUTE = 60_000;

// ── Dates ─────────────────────────────────────────────────────────────────

/** The dates form's values for `edition`: what it shows before anything is typed. */
export function dateFieldValues(edition: Edition): Record<string, string> {
  const values: Record<string, string> = {};
  for (const m of edition.milestones) {
    const start = boiseFields(m.start);
    values[fieldOf.startDate(m.id)] = start.date;
    if (milestoneKind(m) !== "allDay") values[fieldOf.startTime(m.id)] = start.time;
    if (milestoneKind(m) === "allDay") {
      values[fieldOf.endDate(m.id)] = m.end ? addDays(boiseFields(m.end).date, -1) : start.date;
    } else if (milestoneKind(m) === "timed" && m.end) {
      const end = boiseFields(m.end);
      values[fieldOf.endDate(m.id)] = end.date;
      values[fieldOf.endTime(m.id)] = end.time;
    }
  }
  values[fieldOf.regularPricesFrom] = boiseFields(edition.pricingRegularFrom).date;
  const sponsorship = boiseFields(edition.sponsorshipClosesAt);
  values[fieldOf.sponsorshipDate] = sponsorship.date;
  values[fieldOf.sponsorshipTime] = sponsorship.time;
  return values;
}

/** How a time reads beside a timed milestone: "9:00 AM MT", "9:00 AM – 4:00 PM MT". */
function timedNote(start: Date, end: Date | undefined, deadline: boolean): string {
  if (!end || deadline) return formatMountain(start, "time");
  return `${formatMountain(start, "time").replace(/ MT$/, "")} – ${formatMountain(end, "time")}`;
}

/**
 * `base` with the dates the form posted, or the problems of the fields that
 * name no instant (empty, not a date, a skipped or repeated hour in Boise).
 * The rules between the dates are ./check.ts's.
 */
export function editionWithDates(
  base: Edition,
  fields: Fields,
): { ok: true; edition: Edition } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const instant = (dateField: string, timeField: string | null, label: string): Date | null => {
    const date = (fields[dateField] ?? "").trim();
    const time = timeField ? (fields[timeField] ?? "").trim() : "";
    if (date === "" || (timeField && time === "")) {
      problems.push({ field: date === "" ? dateField : timeField!, message: editionFieldMessages.required(label) });
      return null;
    }
    const read = boiseInstant(date, time);
    if (read.ok) return read.instant;
    const field =
      read.problem === "invalid" && !/^\d{4}-\d{2}-\d{2}$/.test(date) ? dateField : (timeField ?? dateField);
    problems.push({ field, message: wallClockMessage(read.problem, label, date, time) });
    return null;
  };

  const milestones = base.milestones.map((m): EditionMilestone | null => {
    const label = editionFieldLabels.milestone(m.title);
    const kind = milestoneKind(m);
    if (kind === "allDay") {
      const start = instant(fieldOf.startDate(m.id), null, label.start);
      const lastDay = (fields[fieldOf.endDate(m.id)] ?? "").trim();
      const end = lastDay === "" ? null : instant(fieldOf.endDate(m.id), null, label.lastDay);
      if (lastDay === "")
        problems.push({ field: fieldOf.endDate(m.id), message: editionFieldMessages.required(label.lastDay) });
      if (!start || !end) return null;
      const endExclusive = boiseInstant(addDays(lastDay, 1)).ok
        ? (boiseInstant(addDays(lastDay, 1)) as { instant: Date }).instant
        : new Date(end.getTime() + 86_400_000);
      const unchanged = m.start.getTime() === start.getTime() && m.end?.getTime() === endExclusive.getTime();
      const { timeNote: _note, ...rest } = m;
      return { ...rest, start, end: endExclusive, ...(unchanged && m.timeNote ? { timeNote: m.timeNote } : {}) };
    }
    const start = instant(fieldOf.startDate(m.id), fieldOf.startTime(m.id), label.start);
    if (kind === "deadline") {
      if (!start) return null;
      return { ...m, start, end: new Date(start.getTime() + MINUTE), timeNote: timedNote(start, undefined, true) };
    }
    const end = m.end ? instant(fieldOf.endDate(m.id), fieldOf.endTime(m.id), label.end) : undefined;
    if (!start || end === null) return null;
    return { ...m, start, ...(end ? { end } : {}), timeNote: timedNote(start, end, false) };
  });
  const regularFrom = instant(fieldOf.regularPricesFrom, null, editionFieldLabels.regularPricesFrom);
  const sponsorship = instant(fieldOf.sponsorshipDate, fieldOf.sponsorshipTime, editionFieldLabels.sponsorshipCloses);
  if (problems.length > 0 || !regularFrom || !sponsorship || milestones.some((m) => m === null)) {
    return { ok: false, problems };
  }
  const list = milestones as EditionMilestone[];
  const byId = Object.fromEntries(list.map((m) => [m.id, m])) as Record<MilestoneId, EditionMilestone>;
  const deadline = (id: MilestoneId) => ({ due: byId[id].start, closesAt: byId[id].end! });
  return {
    ok: true,
    edition: {
      ...base,
      milestones: list,
      enrollmentOpens: byId["early-enrollment"].start,
      standardRegistrationOpens: byId["standard-registration"].start,
      submissionDeadline: deadline("submission-deadline"),
      finalEnrollmentDeadline: deadline("final-enrollment-deadline"),
      pricingRegularFrom: regularFrom,
      sponsorshipClosesAt: sponsorship,
    },
  };
}

function wallClockMessage(problem: WallClockProblem, label: string, date: string, time: string): string {
  if (problem === "nonexistent") return editionFieldMessages.skippedHour(label, date, time);
  if (problem === "ambiguous") return editionFieldMessages.repeatedHour(label, date, time);
  return editionFieldMessages.notADate(label);
}

// ── Prices ────────────────────────────────────────────────────────────────

const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

export function priceFieldValues(edition: Edition): Record<string, string> {
  return {
    [fieldOf.price("individual", "earlyBird")]: dollars(edition.prices.individual.earlyBird),
    [fieldOf.price("individual", "regular")]: dollars(edition.prices.individual.regular),
    [fieldOf.price("workforce", "earlyBird")]: dollars(edition.prices.workforce.earlyBird),
    [fieldOf.price("workforce", "regular")]: dollars(edition.prices.workforce.regular),
  };
}

/** "250", "250.00", "1,250.50" → cents; null for anything else. */
export function centsOf(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]!.replaceAll(",", "")) * 100 + Number(match[2] ?? "0");
  return Number.isSafeInteger(cents) && cents <= 10_000_000 ? cents : null;
}

export function editionWithPrices(
  base: Edition,
  fields: Fields,
): { ok: true; edition: Edition } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const read = (plan: "individual" | "workforce", phase: "earlyBird" | "regular") => {
    const field = fieldOf.price(plan, phase);
    const cents = centsOf(fields[field] ?? "");
    if (cents === null)
      problems.push({ field, message: editionFieldMessages.notAPrice(editionFieldLabels.price(plan, phase)) });
    return cents ?? 0;
  };
  const prices = {
    individual: { earlyBird: read("individual", "earlyBird"), regular: read("individual", "regular") },
    workforce: { earlyBird: read("workforce", "earlyBird"), regular: read("workforce", "regular") },
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, edition: { ...base, prices } };
}

// ── Venue and goals ───────────────────────────────────────────────────────

export function detailFieldValues(edition: Edition): Record<string, string> {
  return {
    name: edition.name,
    "goal-participants": String(edition.goals.participants),
    "goal-organizations": String(edition.goals.organizations),
    "goal-projects": String(edition.goals.projectSubmissions),
    "venue-city": edition.finalsVenue.city,
    "venue-event": edition.finalsVenue.event,
    "venue-showcase": edition.finalsVenue.showcase,
    "venue-name": edition.finalsVenue.name,
  };
}

export function editionWithDetails(
  base: Edition,
  fields: Fields,
): { ok: true; edition: Edition } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const text = (field: (typeof detailFieldNames)[number]) => {
    const value = (fields[field] ?? "").trim();
    if (value === "")
      problems.push({ field, message: editionFieldMessages.required(editionFieldLabels.detail[field]) });
    return value;
  };
  const goal = (field: "goal-participants" | "goal-organizations" | "goal-projects") => {
    const value = text(field);
    const n = /^\d{1,7}$/.test(value) ? Number(value) : 0;
    if (value !== "" && n < 1)
      problems.push({ field, message: editionFieldMessages.notAGoal(editionFieldLabels.detail[field]) });
    return n;
  };
  const name = text("name");
  const goals = {
    participants: goal("goal-participants"),
    organizations: goal("goal-organizations"),
    projectSubmissions: goal("goal-projects"),
  };
  const finalsVenue = {
    city: text("venue-city"),
    event: text("venue-event"),
    showcase: text("venue-showcase"),
    name: text("venue-name"),
  };
  if (problems.length > 0) return { ok: false, problems };
  // The finals' milestone is held where the venue is.
  const milestones = base.milestones.map((m) => (m.id === "finals" ? { ...m, location: finalsVenue.city } : m));
  return { ok: true, edition: { ...base, name, goals, finalsVenue, milestones } };
}

// ── The next edition's first draft ────────────────────────────────────────

/** The same Boise wall-clock reading a year later (a skipped hour a year on falls back to 365 days). */
function aYearLater(instant: Date): Date {
  const { date, time } = boiseFields(instant);
  const next = boiseInstant(`${Number(date.slice(0, 4)) + 1}${date.slice(4)}`, time);
  return next.ok ? next.instant : new Date(instant.getTime() + 365 * 86_400_000);
}

/**
 * The first draft of the edition after `last`: its copy with next year's id
 * and name and every date a year later at the same Boise time, a start the
 * organizers then edit. All-day notes that name a date are dropped, as the
 * date they named has moved.
 */
export function nextEditionFrom(last: Edition): Edition {
  const id = String(Number(last.id) + 1);
  const { isFixture: _fixture, ...copy } = last;
  return {
    ...copy,
    id,
    name: `${id} Challenge`,
    enrollmentOpens: aYearLater(last.enrollmentOpens),
    pricingRegularFrom: aYearLater(last.pricingRegularFrom),
    standardRegistrationOpens: aYearLater(last.standardRegistrationOpens),
    submissionDeadline: {
      due: aYearLater(last.submissionDeadline.due),
      closesAt: aYearLater(last.submissionDeadline.closesAt),
    },
    finalEnrollmentDeadline: {
      due: aYearLater(last.finalEnrollmentDeadline.due),
      closesAt: aYearLater(last.finalEnrollmentDeadline.closesAt),
    },
    sponsorshipClosesAt: aYearLater(last.sponsorshipClosesAt),
    milestones: last.milestones.map((m) => {
      const { timeNote, end, ...rest } = m;
      const moved = { ...rest, start: aYearLater(m.start), ...(end ? { end: aYearLater(end) } : {}) };
      return m.allDay ? moved : { ...moved, ...(timeNote ? { timeNote } : {}) };
    }),
  };
}
