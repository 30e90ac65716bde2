/**
 * Boise wall-clock readings as the desk's forms take them (a date field and a
 * time field, America/Boise) turned into instants, and back. At a change of
 * daylight saving time a reading may name no instant (2:30 AM on the second
 * Sunday of March is skipped) or two (1:30 AM on the first Sunday of
 * November happens twice): both are reported, never guessed, so a deadline
 * is never an hour off. Pure; Intl does the zone arithmetic (app/clock/schedule.ts).
 */
import { mountainWallClock } from "~/clock/schedule";

export type WallClockProblem = "invalid" | "nonexistent" | "ambiguous";

export type WallClockInstant = { ok: true; instant: Date } | { ok: false; problem: WallClockProblem };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** Mountain Time is 7 hours (MST) or 6 hours (MDT) behind UTC. */
const BOISE_OFFSETS_HOURS = [7, 6] as const;

/** The instant a Boise date ("2027-03-18") and time ("23:59", "" for midnight) name, or why none or two do. */
export function boiseInstant(date: string, time = ""): WallClockInstant {
  const d = DATE.exec(date.trim());
  const t = time.trim() === "" ? ["", "00", "00"] : TIME.exec(time.trim());
  if (!d || !t) return { ok: false, problem: "invalid" };
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return { ok: false, problem: "invalid" };
  }
  const matches = BOISE_OFFSETS_HOURS.map((h) => new Date(asUtc + h * 3_600_000)).filter((candidate) => {
    const w = mountainWallClock(candidate);
    return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute;
  });
  if (matches.length === 0) return { ok: false, problem: "nonexistent" };
  if (matches.length > 1) return { ok: false, problem: "ambiguous" };
  return { ok: true, instant: matches[0]! };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The Boise date and time fields of an instant: { date: "2027-03-18", time: "23:59" }. */
export function boiseFields(instant: Date): { date: string; time: string } {
  const w = mountainWallClock(instant);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** The Boise calendar date `days` after `date` ("2027-03-17" + 1 → "2027-03-18"). */
export function addDays(date: string, days: number): string {
  const d = DATE.exec(date)!;
  const next = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]) + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}
