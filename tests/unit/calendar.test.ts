import { describe, expect, it } from "vitest";
import type { Milestone } from "../../app/content/dates";
import { milestones, milestonesById } from "../edition-2026";
import {
  BOISE_VTIMEZONE,
  buildCalendar,
  calendarFileName,
  escapeText,
  foldLine,
  formatBoiseDate,
  formatBoiseLocalDateTime,
  formatUtcDateTime,
  googleCalendarUrl,
  milestoneEventLines,
  milestoneIcsPath,
  milestoneUid,
} from "../../app/clock/calendar";

const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");
const options = { dtstamp: new Date("2025-12-01T19:00:00Z"), origin: "https://example.org" };

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and newlines (RFC 5545 §3.3.11)", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    expect(escapeText("plain: text")).toBe("plain: text");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds one of 76", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("keeps every physical line within 75 octets and unfolds to the original", () => {
    const line = `DESCRIPTION:${"Talk to AI – Create with AI – Build with AI ".repeat(8)}`;
    const folded = foldLine(line);
    for (const physical of folded.split("\r\n")) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toBe(line);
  });

  it("never splits a multi-byte character", () => {
    const line = "SUMMARY:" + "é–".repeat(60);
    const folded = foldLine(line);
    for (const physical of folded.split("\r\n")) {
      expect(octets(physical)).toBeLessThanOrEqual(75);
      expect(physical).not.toContain("\uFFFD");
    }
    expect(unfold(folded)).toBe(line);
  });
});

describe("date formats", () => {
  it("writes UTC date-times with a Z", () => {
    expect(formatUtcDateTime(new Date("2026-03-19T05:59:00Z"))).toBe("20260319T055900Z");
  });

  it("writes Boise wall-clock time on both sides of the DST change", () => {
    // MST (-07:00) in January, MDT (-06:00) in March after the 8th.
    expect(formatBoiseLocalDateTime(new Date("2026-01-08T16:00:00Z"))).toBe("20260108T090000");
    expect(formatBoiseLocalDateTime(new Date("2026-03-19T05:59:00Z"))).toBe("20260318T235900");
  });

  it("uses the Mountain calendar date, not UTC's", () => {
    // 11:30 PM on Jan 7 in Boise is already Jan 8 in UTC.
    expect(formatBoiseDate(new Date("2026-01-08T06:30:00Z"))).toBe("20260107");
  });
});

describe("milestone events", () => {
  it("gives each milestone a stable UID on the organizers' domain, with its edition (issue 23)", () => {
    expect(milestoneUid(milestonesById.finals, "2026")).toBe("2026-finals@idahoaichallenge.org");
    // Next year's finals is another event, not this year's moved.
    expect(milestoneUid(milestonesById.finals, "2027")).not.toBe(milestoneUid(milestonesById.finals, "2026"));
    expect(milestoneIcsPath(milestonesById.finals)).toBe("/timeline.ics?milestone=finals");
  });

  it("writes timed events with TZID=America/Boise", () => {
    const lines = milestoneEventLines(milestonesById.finals, "2026", options);
    expect(lines).toContain("DTSTART;TZID=America/Boise:20260425T090000");
    expect(lines).toContain("DTEND;TZID=America/Boise:20260425T160000");
    expect(lines).toContain("LOCATION:Boise\\, Idaho");
    expect(lines).toContain("DTSTAMP:20251201T190000Z");
    expect(lines).toContain("URL:https://example.org/timeline#finals");
  });

  it("writes a deadline as its 11:59 PM minute", () => {
    const lines = milestoneEventLines(milestonesById["submission-deadline"], "2026", options);
    expect(lines).toContain("DTSTART;TZID=America/Boise:20260318T235900");
    expect(lines).toContain("DTEND;TZID=America/Boise:20260319T000000");
  });

  it("writes all-day ranges as VALUE=DATE with an exclusive end", () => {
    const lines = milestoneEventLines(milestonesById["creation-period"], "2026", options);
    expect(lines).toContain("DTSTART;VALUE=DATE:20251110");
    // The last day is Mar 17, so the exclusive end is Mar 18.
    expect(lines).toContain("DTEND;VALUE=DATE:20260318");
  });

  it("gives a single all-day date without an end the one day", () => {
    const oneDay: Milestone = {
      id: "one-day",
      title: "One day",
      description: "A test day",
      start: new Date("2026-03-07T00:00:00-07:00"),
      allDay: true,
      isDeadline: false,
      audience: "everyone",
    };
    const lines = milestoneEventLines(oneDay, "2026", options);
    expect(lines).toContain("DTSTART;VALUE=DATE:20260307");
    expect(lines).toContain("DTEND;VALUE=DATE:20260308");
  });
});

describe("buildCalendar", () => {
  const text = buildCalendar([{ editionId: "2026", milestones }], options);

  it("uses CRLF line endings only, ends with CRLF and folds at 75 octets", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it("holds one VEVENT per milestone, in a balanced VCALENDAR with the Boise VTIMEZONE", () => {
    const lines = unfold(text).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.some((l) => l.startsWith("PRODID:"))).toBe(true);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(milestones.length);
    expect(lines.filter((l) => l === "END:VEVENT")).toHaveLength(milestones.length);
    for (const l of BOISE_VTIMEZONE) expect(lines).toContain(l);
    for (const m of milestones) expect(lines).toContain(`UID:${milestoneUid(m, "2026")}`);
  });

  it("leaves out the VTIMEZONE when every event is all-day", () => {
    const allDay = buildCalendar([{ editionId: "2026", milestones: [milestonesById["creation-period"]] }], options);
    expect(allDay).not.toContain("BEGIN:VTIMEZONE");
  });

  it("is the same for the same inputs (stable UIDs and content)", () => {
    expect(buildCalendar([{ editionId: "2026", milestones }], options)).toBe(text);
  });

  it("names download files after the site", () => {
    expect(calendarFileName()).toBe("idaho-ai-challenge-timeline.ics");
    expect(calendarFileName("finals")).toBe("idaho-ai-challenge-finals.ics");
  });
});

describe("googleCalendarUrl", () => {
  it("gives timed events in UTC", () => {
    const url = new URL(googleCalendarUrl(milestonesById.finals, "https://example.org"));
    expect(url.origin).toBe("https://calendar.google.com");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20260425T150000Z/20260425T220000Z");
    expect(url.searchParams.get("location")).toBe("Boise, Idaho");
    expect(url.searchParams.get("ctz")).toBe("America/Boise");
    expect(url.searchParams.get("details")).toContain("https://example.org/timeline#finals");
  });

  it("gives all-day events as dates with an exclusive end", () => {
    const url = new URL(googleCalendarUrl(milestonesById["showcase-voting"], "https://example.org"));
    expect(url.searchParams.get("dates")).toBe("20260320/20260331");
  });
});
