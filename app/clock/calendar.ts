/**
 * iCalendar (RFC 5545) files and Google Calendar links for the edition's
 * milestones. Pure functions: the caller passes the DTSTAMP ("now" from the
 * one clock) and the site's origin, so output is deterministic under test.
 *
 * URL scheme (served by app/routes/timeline[.]ics.ts):
 * - /timeline.ics                  every dated milestone
 * - /timeline.ics?milestone=<id>   one milestone (404 for an unknown id)
 *
 * Timed milestones are written in local Boise time with TZID=America/Boise and
 * a VTIMEZONE; date-only milestones are VALUE=DATE all-day events whose DTEND
 * is exclusive, as RFC 5545 §3.6.1 reads it.
 */

import type { Milestone } from "~/content/dates";
import { site } from "~/content/site";
import { MOUNTAIN_TIME_ZONE, mountainDateKey, mountainWallClock } from "~/clock/schedule";

/** UIDs must stay the same across downloads so calendars update instead of duplicating. */
export const CALENDAR_UID_DOMAIN = site.calendarUidDomain;

export const CALENDAR_PRODUCT_ID = `-//${site.name}//Timeline//EN`;

/**
 * The edition and the milestone (issue 23): milestone ids repeat every year,
 * so "submission-deadline@…" alone would let next year's event overwrite this
 * year's in a subscriber's calendar.
 */
export function milestoneUid(m: Pick<Milestone, "id">, editionId: string): string {
  return `${editionId}-${m.id}@${CALENDAR_UID_DOMAIN}`;
}

/** Where a milestone is described on the site. */
export function milestonePageUrl(m: Pick<Milestone, "id">, origin: string): string {
  return `${origin}/timeline#${m.id}`;
}

/** The one-milestone download, relative to the site. */
export function milestoneIcsPath(m: Pick<Milestone, "id">): string {
  return `/timeline.ics?milestone=${encodeURIComponent(m.id)}`;
}

export const TIMELINE_ICS_PATH = "/timeline.ics";

// ── Text and line rules ───────────────────────────────────────────────────

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * Folds a content line so no physical line exceeds 75 octets (RFC 5545 §3.1):
 * continuation lines start with one space. Splits between code points, never
 * inside a UTF-8 sequence.
 */
export function foldLine(line: string, limit = 75): string {
  if (encoder.encode(line).length <= limit) return line;
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  // The first line may hold `limit` octets; continuations lose one to the leading space.
  let max = limit;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (currentBytes + bytes > max) {
      parts.push(current);
      current = "";
      currentBytes = 0;
      max = limit - 1;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

// ── Dates ─────────────────────────────────────────────────────────────────

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** 20260319T055900Z */
export function formatUtcDateTime(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** 20260318T235900, the Boise wall clock, for use with TZID=America/Boise. */
export function formatBoiseLocalDateTime(date: Date): string {
  const w = mountainWallClock(date);
  return `${w.year}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/** 20260318, the Mountain calendar date. */
export function formatBoiseDate(date: Date): string {
  return mountainDateKey(date).replaceAll("-", "");
}

/** The exclusive end date of an all-day milestone: its `end`, or the day after its start. */
function allDayEndDate(m: Milestone): string {
  if (m.end) return formatBoiseDate(m.end);
  const [y, mo, d] = mountainDateKey(m.start).split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, mo - 1, d + 1));
  return `${next.getUTCFullYear()}${pad(next.getUTCMonth() + 1)}${pad(next.getUTCDate())}`;
}

/**
 * America/Boise under the US rules in force since 2007 (MST -07:00, MDT
 * -06:00 from the second Sunday of March to the first Sunday of November).
 */
export const BOISE_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${MOUNTAIN_TIME_ZONE}`,
  `X-LIC-LOCATION:${MOUNTAIN_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0600",
  "TZNAME:MDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0700",
  "TZNAME:MST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
] as const;

// ── Events ────────────────────────────────────────────────────────────────

export interface CalendarOptions {
  /** DTSTAMP: when this file was generated (the request's "now"). */
  readonly dtstamp: Date;
  /** "https://idahoaichallenge.org", no trailing slash: URL and DESCRIPTION links. */
  readonly origin: string;
  /** X-WR-CALNAME; defaults to the site's name. */
  readonly name?: string;
}

function eventSummary(m: Milestone): string {
  return `${site.name}: ${m.title}`;
}

function eventDescription(m: Milestone, origin: string): string {
  const lines: string[] = [m.description];
  if (m.timeNote) lines.push(`Time: ${m.timeNote}.`);
  lines.push(`Details: ${milestonePageUrl(m, origin)}`);
  return lines.join("\n");
}

/** One edition's milestones, as a calendar holds them. */
export interface EditionEvents {
  readonly editionId: string;
  readonly milestones: readonly Milestone[];
  /** Each event's SEQUENCE by milestone id (app/editions/sequence.ts); 0 when absent. */
  readonly sequences?: Readonly<Record<string, number>>;
}

/** The unfolded content lines of one VEVENT of `editionId`. */
export function milestoneEventLines(m: Milestone, editionId: string, options: CalendarOptions, sequence = 0): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${milestoneUid(m, editionId)}`,
    // Raised each time a published change moves the event, so subscribed calendars move it too.
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${formatUtcDateTime(options.dtstamp)}`,
  ];
  if (m.allDay) {
    lines.push(`DTSTART;VALUE=DATE:${formatBoiseDate(m.start)}`);
    lines.push(`DTEND;VALUE=DATE:${allDayEndDate(m)}`);
    // Long ranges (the creation period) should not block a calendar as busy.
    lines.push("TRANSP:TRANSPARENT");
  } else {
    lines.push(`DTSTART;TZID=${MOUNTAIN_TIME_ZONE}:${formatBoiseLocalDateTime(m.start)}`);
    if (m.end) lines.push(`DTEND;TZID=${MOUNTAIN_TIME_ZONE}:${formatBoiseLocalDateTime(m.end)}`);
  }
  lines.push(`SUMMARY:${escapeText(eventSummary(m))}`);
  lines.push(`DESCRIPTION:${escapeText(eventDescription(m, options.origin))}`);
  if (m.location) lines.push(`LOCATION:${escapeText(m.location)}`);
  lines.push(`URL:${milestonePageUrl(m, options.origin)}`);
  lines.push("STATUS:CONFIRMED");
  lines.push("END:VEVENT");
  return lines;
}

/** A complete VCALENDAR of one or more editions' events: CRLF line endings, folded lines, a trailing CRLF. */
export function buildCalendar(editions: readonly EditionEvents[], options: CalendarOptions): string {
  const list = editions.flatMap((e) => e.milestones);
  const name = options.name ?? site.name;
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${CALENDAR_PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${MOUNTAIN_TIME_ZONE}`,
  ];
  if (list.some((m) => !m.allDay)) lines.push(...BOISE_VTIMEZONE);
  for (const { editionId, milestones, sequences } of editions) {
    for (const m of milestones) lines.push(...milestoneEventLines(m, editionId, options, sequences?.[m.id] ?? 0));
  }
  lines.push("END:VCALENDAR");
  return lines.map((line) => foldLine(line)).join("\r\n") + "\r\n";
}

/** A file name safe for Content-Disposition. */
export function calendarFileName(milestoneId?: string): string {
  const slug = site.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return milestoneId ? `${slug}-${milestoneId}.ics` : `${slug}-timeline.ics`;
}

// ── Google Calendar ──────────────────────────────────────────────────────

/**
 * An "add event" link for Google Calendar. Timed events are given in UTC
 * (ctz only chooses the zone Google displays); all-day events as dates with
 * an exclusive end, like the .ics file.
 */
export function googleCalendarUrl(m: Milestone, origin: string): string {
  let dates: string;
  if (m.allDay) {
    dates = `${formatBoiseDate(m.start)}/${allDayEndDate(m)}`;
  } else {
    dates = `${formatUtcDateTime(m.start)}/${formatUtcDateTime(m.end ?? m.start)}`;
  }
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: eventSummary(m),
    dates,
    details: eventDescription(m, origin),
    ctz: MOUNTAIN_TIME_ZONE,
  });
  if (m.location) params.set("location", m.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
