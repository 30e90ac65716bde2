/** Business days in Mountain Time (issue 24: appeals within 5 business days of the publication). */
import { describe, expect, it } from "vitest";
import { businessDaysDeadline, isBusinessDay, withinBusinessDays } from "../../app/clock/business-days";
import { appeals } from "../../app/content/program";

describe("business days (Mountain Time)", () => {
  it("skips the weekend: from Friday Apr 3, 2026 9:00 AM, five business days close at 00:00 MT Saturday Apr 11", () => {
    const published = new Date("2026-04-03T09:00:00-06:00");
    expect(appeals.fileWithinBusinessDays).toBe(5);
    expect(businessDaysDeadline(published, 5).toISOString()).toBe(new Date("2026-04-11T00:00:00-06:00").toISOString());
    expect(withinBusinessDays(published, 5, new Date("2026-04-10T23:59:59-06:00"))).toBe(true);
    expect(withinBusinessDays(published, 5, new Date("2026-04-11T00:00:00-06:00"))).toBe(false);
    expect(withinBusinessDays(published, 5, new Date("2026-04-03T08:59:59-06:00"))).toBe(false);
  });

  it("counts Mountain days, not UTC ones: Friday 11 PM MT is already Saturday in UTC", () => {
    const fridayNight = new Date("2026-04-10T23:30:00-06:00");
    expect(fridayNight.getUTCDay()).toBe(6);
    expect(isBusinessDay(fridayNight)).toBe(true);
    expect(isBusinessDay(new Date("2026-04-11T12:00:00-06:00"))).toBe(false);
  });

  it("starts the count on the next day, whatever the weekday, and across the change to daylight time", () => {
    // Wednesday: Thu, Fri, Mon → closes Tuesday 00:00.
    expect(businessDaysDeadline(new Date("2026-04-08T15:00:00-06:00"), 3).toISOString()).toBe(
      new Date("2026-04-14T00:00:00-06:00").toISOString(),
    );
    // Published on a Saturday: Mon–Fri of the next week.
    expect(businessDaysDeadline(new Date("2026-04-04T10:00:00-06:00"), 5).toISOString()).toBe(
      new Date("2026-04-11T00:00:00-06:00").toISOString(),
    );
    // DST starts Sunday Mar 8, 2026: Friday Mar 6 (MST) + 1 business day → Monday Mar 9 ends at Tuesday 00:00 MDT.
    expect(businessDaysDeadline(new Date("2026-03-06T12:00:00-07:00"), 1).toISOString()).toBe(
      new Date("2026-03-10T00:00:00-06:00").toISOString(),
    );
  });

  it("refuses a window of no days", () => {
    expect(() => businessDaysDeadline(new Date(), 0)).toThrow(RangeError);
  });
});
