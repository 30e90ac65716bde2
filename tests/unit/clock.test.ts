import { describe, expect, it } from "vitest";
import { now } from "~/clock/clock.server";

describe("the clock", () => {
  it("reads APP_NOW outside production", () => {
    expect(now({ ENVIRONMENT: "development", APP_NOW: "2025-12-01T12:00:00-07:00" }).toISOString()).toBe(
      "2025-12-01T19:00:00.000Z",
    );
  });

  it("ignores APP_NOW in production", () => {
    const before = Date.now();
    const reading = now({ ENVIRONMENT: "production", APP_NOW: "2025-12-01T12:00:00-07:00" }).getTime();
    expect(reading).toBeGreaterThanOrEqual(before - 1000);
  });

  it("is the real time without APP_NOW", () => {
    const before = Date.now();
    expect(now({ ENVIRONMENT: "development" }).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("says clearly when APP_NOW is not a timestamp", () => {
    expect(() => now({ ENVIRONMENT: "development", APP_NOW: "next tuesday" })).toThrow(/APP_NOW must be an ISO 8601/);
  });
});
