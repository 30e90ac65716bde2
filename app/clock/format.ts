/**
 * Dates and times as the site prints them, always in Mountain Time (with
 * Pacific beside it where the panhandle needs it): kept apart from the
 * clock's rules in schedule.ts, which decide; this module only says.
 */
import type { Milestone } from "../content/editions";
import { MOUNTAIN_TIME_ZONE, mountainWallClock, PACIFIC_TIME_ZONE, zonedWallClock, type WallClock } from "./schedule";

/** Zone-neutral labels: the same text is right in standard and daylight time. */
const zoneLabels = {
  [MOUNTAIN_TIME_ZONE]: "MT",
  [PACIFIC_TIME_ZONE]: "PT",
} as const;

type SiteTimeZone = keyof typeof zoneLabels;

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
