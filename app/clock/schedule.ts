/**
 * Date-dependent decisions and Mountain-Time formatting, as pure functions of
 * an explicit `now` and the edition concerned. Nothing here reads the system
 * clock: the one server clock (APP_NOW in previews and tests) is read
 * elsewhere and passed in, so pages, payments and tests agree on "now".
 *
 * Rules (see app/content/editions/types.ts for how instants are stored):
 * - Current edition: the latest published edition whose first milestone has
 *   come; once its finals day is over, the next one if published.
 * - Pricing: early bird while now < edition.pricingRegularFrom.
 * - Enrollment: open from edition.enrollmentOpens (inclusive) while
 *   now < edition.finalEnrollmentDeadline.closesAt.
 * - Phases, in order: beforeEnrollment, earlyBird, regular, creation (after
 *   enrollment closes), showcase (while public voting is open), judging (after
 *   voting, until the finalists are announced), finalistsAnnounced, finalsDay
 *   (the whole Mountain calendar day of the finals), afterFinals.
 * - Milestone status:
 *   · range (has `end`): upcoming before `start`, current while start <= now < end, past from `end`;
 *   · point in time (no `end`): upcoming before `start`, past from `start` on;
 *   · deadline: current on its due day (from 00:00 MT that day until it closes),
 *     upcoming before that day, past once closed.
 */

import type { Deadline, Edition, Milestone } from "../content/editions";
import { milestoneOf } from "../content/editions";
import type { PlanId, PricingPhase } from "../content/pricing";

export const MOUNTAIN_TIME_ZONE = "America/Boise";
export const PACIFIC_TIME_ZONE = "America/Los_Angeles";

function assertValid(date: Date, name = "date"): number {
  const t = date.getTime();
  if (Number.isNaN(t)) throw new RangeError(`${name} is an invalid Date`);
  return t;
}

// ── Editions and their phases ─────────────────────────────────────────────

/** The first instant that belongs to an edition: its earliest milestone. */
export function editionStartsAt(edition: Edition): Date {
  return new Date(Math.min(...edition.milestones.map((m) => m.start.getTime())));
}

/** 00:00 MT on the day after the finals: from then on the edition is over. */
export function editionEndsAt(edition: Edition): Date {
  return nextMountainMidnight(milestoneOf(edition, "finals").start);
}

/** The edition the site is about at `now` (see the rules above). */
export function currentEdition(now: Date, editions: readonly Edition[]): Edition {
  const t = assertValid(now, "now");
  const sorted = [...editions].sort((a, b) => editionStartsAt(a).getTime() - editionStartsAt(b).getTime());
  if (sorted.length === 0) throw new Error("no edition is published");
  const started = sorted.filter((e) => editionStartsAt(e).getTime() <= t);
  const latest = started.at(-1) ?? sorted[0]!;
  const next = sorted[sorted.indexOf(latest) + 1];
  return next && t >= editionEndsAt(latest).getTime() ? next : latest;
}

export const editionPhases = [
  "beforeEnrollment",
  "earlyBird",
  "regular",
  "creation",
  "showcase",
  "judging",
  "finalistsAnnounced",
  "finalsDay",
  "afterFinals",
] as const;

export type EditionPhase = (typeof editionPhases)[number];

export function editionPhase(now: Date, edition: Edition): EditionPhase {
  const t = assertValid(now, "now");
  const showcase = milestoneOf(edition, "showcase-voting");
  const finals = milestoneOf(edition, "finals");
  if (t < edition.enrollmentOpens.getTime()) return "beforeEnrollment";
  if (t < edition.finalEnrollmentDeadline.closesAt.getTime()) {
    return t < edition.pricingRegularFrom.getTime() ? "earlyBird" : "regular";
  }
  if (t < showcase.start.getTime()) return "creation";
  if (t < (showcase.end ?? showcase.start).getTime()) return "showcase";
  if (t < milestoneOf(edition, "finalists-announced").start.getTime()) return "judging";
  if (t < startOfMountainDay(finals.start).getTime()) return "finalistsAnnounced";
  if (t < editionEndsAt(edition).getTime()) return "finalsDay";
  return "afterFinals";
}

// ── Pricing and enrollment ────────────────────────────────────────────────

export function pricingPhase(now: Date, edition: Edition): PricingPhase {
  return assertValid(now, "now") < edition.pricingRegularFrom.getTime() ? "earlyBird" : "regular";
}

/** The amount the server charges for a plan at `now`. */
export function priceFor(plan: PlanId, now: Date, edition: Edition): { cents: number; phase: PricingPhase } {
  const phase = pricingPhase(now, edition);
  return { cents: edition.prices[plan][phase], phase };
}

export type EnrollmentState = "notYetOpen" | "open" | "closed";

export function enrollmentState(now: Date, edition: Edition): EnrollmentState {
  const t = assertValid(now, "now");
  if (t < edition.enrollmentOpens.getTime()) return "notYetOpen";
  return isDeadlinePassed(edition.finalEnrollmentDeadline, now) ? "closed" : "open";
}

/** Sponsorships are sold until the edition's sponsorship close (the finals). */
export function isSponsorshipOpen(now: Date, edition: Edition): boolean {
  return assertValid(now, "now") < edition.sponsorshipClosesAt.getTime();
}

/**
 * Judge and advisor interest is taken until judging starts; after that it can
 * only be for the next edition, which is what the next-edition list is for.
 */
export function isJudgeInterestOpen(now: Date, edition: Edition): boolean {
  return assertValid(now, "now") < milestoneOf(edition, "judging").start.getTime();
}

/** True from the end of the deadline's 11:59 PM minute on. */
export function isDeadlinePassed(deadline: Deadline, now: Date): boolean {
  return assertValid(now, "now") >= deadline.closesAt.getTime();
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

export interface MilestoneWithStatus<M extends Milestone> {
  milestone: M;
  status: MilestoneStatus;
}

/** Each milestone of `list`, in order, with its status at `now`. */
export function milestonesWithStatus<M extends Milestone>(now: Date, list: readonly M[]): MilestoneWithStatus<M>[] {
  return list.map((milestone) => ({ milestone, status: milestoneStatus(milestone, now) }));
}

export interface NextMilestoneOptions {
  /** Only milestones marked as deadlines. */
  deadlinesOnly?: boolean;
  /** Whether a milestone in progress counts as "next" (default true). */
  includeCurrent?: boolean;
}

/** The first milestone of `list` (in chronological order) that is not past, or null once all are past. */
export function nextMilestone<M extends Milestone>(
  now: Date,
  list: readonly M[],
  options: NextMilestoneOptions = {},
): M | null {
  const { deadlinesOnly = false, includeCurrent = true } = options;
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

/** 00:00 Mountain Time on the Mountain calendar day after the one containing `date`. */
export function nextMountainMidnight(date: Date): Date {
  // 26 h after this day's midnight is always inside the next day, whatever DST does.
  return startOfMountainDay(new Date(startOfMountainDay(date).getTime() + 26 * 3_600_000));
}

/** "2026-03-18": the Mountain calendar date, for all-day calendar entries and keys. */
export function mountainDateKey(date: Date): string {
  const w = mountainWallClock(date);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}
