/**
 * Business days in Mountain Time (issue 24: appeals are filed "within 5
 * business days" of the publication). A business day is a Monday to Friday
 * calendar day in Boise; no holiday list is published, so none is skipped.
 * The day something happens is not counted (it is partly over): a window of
 * N business days opened on a Friday at 9:00 AM runs through the N-th
 * weekday after it and closes at the next midnight Mountain.
 */
import { mountainWallClock, nextMountainMidnight, startOfMountainDay } from "./schedule";

export function isBusinessDay(date: Date): boolean {
  const { weekday } = mountainWallClock(date);
  return weekday >= 1 && weekday <= 5;
}

/** 00:00 MT after the `days`-th business day following the day of `from`: the first instant the window has passed. */
export function businessDaysDeadline(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 1) throw new RangeError("days must be a whole number above 0");
  let day = startOfMountainDay(from);
  let counted = 0;
  for (;;) {
    day = nextMountainMidnight(day);
    if (isBusinessDay(day) && ++counted === days) return nextMountainMidnight(day);
  }
}

/** True from `from` (inclusive) until the window of `days` business days has passed. */
export function withinBusinessDays(from: Date, days: number, now: Date): boolean {
  return now.getTime() >= from.getTime() && now.getTime() < businessDaysDeadline(from, days).getTime();
}
