/**
 * Date-dependent decisions and Mountain-Time formatting, as pure functions of
 * an explicit `now`. Nothing here reads the system clock: the one server clock
 * (APP_NOW in previews and tests) is read elsewhere and passed in, so pages,
 * payments and tests all agree on what "now" is.
 *
 * Rules (see app/content/dates.ts for how the instants are stored):
 * - Pricing: early bird while now < PRICING_REGULAR_FROM (00:00 MT on Jan 8, 2026).
 * - Enrollment: open from EARLY_ENROLLMENT_OPENS (inclusive) while
 *   now < FINAL_ENROLLMENT_DEADLINE.closesAt, i.e. through the whole
 *   11:59 PM MT minute of Mar 18, 2026.
 * - Milestone status:
 *   · range (has `end`): upcoming before `start`, current while start <= now < end, past from `end`;
 *   · point in time (no `end`): upcoming before `start`, past from `start` on;
 *   · deadline: current on its due day (from 00:00 MT that day until it closes),
 *     upcoming before that day, past once closed.
 */

import {
  EARLY_ENROLLMENT_OPENS,
  FINAL_ENROLLMENT_DEADLINE,
  PRICING_REGULAR_FROM,
  milestones,
  type Deadline,
  type Milestone,
} from "../content/dates";
import { prices, type PlanId, type PricingPhase } from "../content/pricing";

export const MOUNTAIN_TIME_ZONE = "America/Boise";
export const PACIFIC_TIME_ZONE = "America/Los_Angeles";

/** Zone-neutral labels: the same text is right in standard and daylight time. */
const zoneLabels = {
  [MOUNTAIN_TIME_ZONE]: "MT",
  [PACIFIC_TIME_ZONE]: "PT",
} as const;

type SiteTimeZone = keyof typeof zoneLabels;

function assertValid(date: Date, name = "date"): number {
  const t = date.getTime();
  if (Number.isNaN(t)) throw new RangeError(`${name} is an invalid Date`);
  return t;
}

// ── Pricing and enrollment ────────────────────────────────────────────────

export function pricingPhase(now: Date): PricingPhase {
  return assertValid(now, "now") < PRICING_REGULAR_FROM.getTime() ? "earlyBird" : "regular";
}

/** The amount the server charges for a plan at `now`. */
export function priceFor(plan: PlanId, now: Date): { cents: number; phase: PricingPhase } {
  const phase = pricingPhase(now);
  return { cents: prices[plan][phase], phase };
}

export type EnrollmentState = "notYetOpen" | "open" | "closed";

export function enrollmentState(now: Date): EnrollmentState {
  const t = assertValid(now, "now");
  if (t < EARLY_ENROLLMENT_OPENS.getTime()) return "notYetOpen";
  return isDeadlinePassed(FINAL_ENROLLMENT_DEADLINE, now) ? "closed" : "open";
}

export function isEnrollmentOpen(now: Date): boolean {
  return enrollmentState(now) === "open";
}

/** True from the end of the deadline's 11:59 PM minute on. */
export function isDeadlinePassed(deadline: Deadline, now: Date): boolean {
  return assertValid(now, "now") >= deadline.closesAt.getTime();
}

/** Milliseconds left before the deadline closes (0 once passed), for countdowns. */
export function timeUntilClose(deadline: Deadline, now: Date): number {
  return Math.max(0, deadline.closesAt.getTime() - assertValid(now, "now"));
}

// ── Milestones ────────────────────────────────────────────────────────────

export type MilestoneStatus = "past" | "current" | "upcoming";

export function milestoneStatus(milestone: Milestone, now: Date): MilestoneStatus {
  const t = assertValid(now, "now");
  const start = milestone.start.getTime();
  if (milestone.isDeadline) {
    const closes = (milestone.end ?? milestone.start).getTime();
    if (t >= closes) return "past";
    return t >= startOfMountainDay(milestone.start).getTime() ? "current" : "upcoming";
  }
  if (t < start) return "upcoming";
  if (milestone.end === undefined) return "past";
  return t < milestone.end.getTime() ? "current" : "past";
}

type EditionMilestone = (typeof milestones)[number];

export interface MilestoneWithStatus<M extends Milestone> {
  milestone: M;
  status: MilestoneStatus;
}

/** Each milestone (default: the edition's, in order) with its status at `now`. */
export function milestonesWithStatus(now: Date): MilestoneWithStatus<EditionMilestone>[];
export function milestonesWithStatus<M extends Milestone>(now: Date, list: readonly M[]): MilestoneWithStatus<M>[];
export function milestonesWithStatus(now: Date, list: readonly Milestone[] = milestones) {
  return list.map((milestone) => ({ milestone, status: milestoneStatus(milestone, now) }));
}

export interface NextMilestoneOptions {
  /** Only milestones marked as deadlines. */
  deadlinesOnly?: boolean;
  /** Whether a milestone in progress counts as "next" (default true). */
  includeCurrent?: boolean;
}

/**
 * The first milestone (default: the edition's, in chronological order) that
 * is not past, or null once all are past.
 */
export function nextMilestone(now: Date, options?: NextMilestoneOptions): EditionMilestone | null;
export function nextMilestone<M extends Milestone>(
  now: Date,
  options: NextMilestoneOptions & { list: readonly M[] },
): M | null;
export function nextMilestone(
  now: Date,
  options: NextMilestoneOptions & { list?: readonly Milestone[] } = {},
): Milestone | null {
  const { deadlinesOnly = false, includeCurrent = true, list = milestones } = options;
  for (const m of list) {
    if (deadlinesOnly && !m.isDeadline) continue;
    const status = milestoneStatus(m, now);
    if (status === "upcoming" || (includeCurrent && status === "current")) return m;
  }
  return null;
}

// ── Wall clock and formatting ─────────────────────────────────────────────

export interface WallClock {
  readonly year: number;
  /** 1–12 */
  readonly month: number;
  readonly day: number;
  /** 0–23 */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 = Sunday */
  readonly weekday: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    partFormatters.set(timeZone, f);
  }
  return f;
}

/**
 * The wall-clock reading of `date` in `timeZone`. Strings are composed from
 * these numbers rather than taken from Intl's own output, whose spacing
 * (e.g. U+202F before "PM") differs between ICU versions and runtimes.
 */
export function zonedWallClock(date: Date, timeZone: string): WallClock {
  assertValid(date);
  const n: Record<string, number> = {};
  for (const p of partFormatter(timeZone).formatToParts(date)) {
    if (p.type !== "literal") n[p.type] = Number(p.value);
  }
  const year = n.year ?? NaN;
  const month = n.month ?? NaN;
  const day = n.day ?? NaN;
  return {
    year,
    month,
    day,
    // Some engines print midnight as 24 even in h23.
    hour: (n.hour ?? NaN) % 24,
    minute: n.minute ?? NaN,
    second: n.second ?? NaN,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

export function mountainWallClock(date: Date): WallClock {
  return zonedWallClock(date, MOUNTAIN_TIME_ZONE);
}

/** Minutes east of UTC in `timeZone` at `date` (Boise: -420 in MST, -360 in MDT). */
export function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const w = zonedWallClock(date, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** 00:00 Mountain Time on the Mountain calendar day containing `date`. */
export function startOfMountainDay(date: Date): Date {
  const w = mountainWallClock(date);
  const midnightAsUtc = Date.UTC(w.year, w.month - 1, w.day);
  // First guess with the offset at `date`, then correct with the offset at the
  // guess: US changes happen at 02:00, so midnight's offset is unambiguous.
  const guess = new Date(midnightAsUtc - zoneOffsetMinutes(date, MOUNTAIN_TIME_ZONE) * 60_000);
  return new Date(midnightAsUtc - zoneOffsetMinutes(guess, MOUNTAIN_TIME_ZONE) * 60_000);
}

/** "2026-03-18": the Mountain calendar date, for all-day calendar entries and keys. */
export function mountainDateKey(date: Date): string {
  const w = mountainWallClock(date);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

function monthName(month: number, short: boolean): string {
  const name = MONTHS[month - 1] ?? "";
  return short ? name.slice(0, 3) : name;
}

/**
 * - "date": "Mar 18, 2026"
 * - "longDate": "March 18, 2026"
 * - "monthDay": "Mar 18"
 * - "weekdayDate": "Wednesday, March 18, 2026"
 * - "time": "11:59 PM MT"
 * - "dateTime": "Mar 18, 2026, 11:59 PM MT"
 */
export type DateStyle = "date" | "longDate" | "monthDay" | "weekdayDate" | "time" | "dateTime";

function clockTime(w: WallClock): string {
  const h12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  return `${h12}:${String(w.minute).padStart(2, "0")} ${w.hour < 12 ? "AM" : "PM"}`;
}

function formatIn(date: Date, style: DateStyle, timeZone: SiteTimeZone): string {
  const w = zonedWallClock(date, timeZone);
  const zone = zoneLabels[timeZone];
  switch (style) {
    case "date":
      return `${monthName(w.month, true)} ${w.day}, ${w.year}`;
    case "longDate":
      return `${monthName(w.month, false)} ${w.day}, ${w.year}`;
    case "monthDay":
      return `${monthName(w.month, true)} ${w.day}`;
    case "weekdayDate":
      return `${WEEKDAYS[w.weekday] ?? ""}, ${monthName(w.month, false)} ${w.day}, ${w.year}`;
    case "time":
      return `${clockTime(w)} ${zone}`;
    case "dateTime":
      return `${monthName(w.month, true)} ${w.day}, ${w.year}, ${clockTime(w)} ${zone}`;
  }
}

export function formatMountain(date: Date, style: DateStyle = "date"): string {
  return formatIn(date, style, MOUNTAIN_TIME_ZONE);
}

/** For the panhandle, where a time is shown in Pacific Time as well. */
export function formatPacific(date: Date, style: DateStyle = "date"): string {
  return formatIn(date, style, PACIFIC_TIME_ZONE);
}

/** "11:59 PM MT (10:59 PM PT)". */
export function formatTimeMountainAndPacific(date: Date): string {
  return `${formatMountain(date, "time")} (${formatPacific(date, "time")})`;
}

/**
 * Calendar-day range in Mountain Time, `end` exclusive:
 * "Mar 20–30, 2026", "Mar 21 – Apr 2, 2026", "Nov 10, 2025 – Mar 17, 2026",
 * or a single date when both fall on the same day.
 */
export function formatMountainDateRange(start: Date, endExclusive: Date): string {
  const a = mountainWallClock(start);
  const lastInstant = new Date(Math.max(start.getTime(), endExclusive.getTime() - 1));
  const b = mountainWallClock(lastInstant);
  if (a.year !== b.year) return `${formatMountain(start)} – ${formatMountain(lastInstant)}`;
  if (a.month !== b.month) {
    return `${monthName(a.month, true)} ${a.day} – ${monthName(b.month, true)} ${b.day}, ${b.year}`;
  }
  if (a.day !== b.day) return `${monthName(a.month, true)} ${a.day}–${b.day}, ${a.year}`;
  return formatMountain(start);
}

/** The milestone's date(s) as pages print them. A deadline shows its due day. */
export function formatMilestoneDate(m: Milestone): string {
  if (m.end === undefined || m.isDeadline) return formatMountain(m.start);
  return formatMountainDateRange(m.start, m.end);
}

/**
 * The milestone's time as pages print it ("9:00 AM – 4:00 PM MT",
 * "11:59 PM MT"), computed from its instants; all-day milestones fall back to
 * their note, if any.
 */
export function formatMilestoneTime(m: Milestone): string | null {
  if (m.allDay) return m.timeNote ?? null;
  if (m.end !== undefined && !m.isDeadline) {
    return `${clockTime(mountainWallClock(m.start))} – ${formatMountain(m.end, "time")}`;
  }
  return formatMountain(m.start, "time");
}
