import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { now } from "~/clock/clock.server";

const REAL_NOW = new Date("2026-02-03T04:05:06.789Z");

describe("the clock", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(REAL_NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads APP_NOW outside production", () => {
    expect(now({ ENVIRONMENT: "development", APP_NOW: "2025-12-01T12:00:00-07:00" }).toISOString()).toBe(
      "2025-12-01T19:00:00.000Z",
    );
  });

  it("ignores APP_NOW in production", () => {
    expect(now({ ENVIRONMENT: "production", APP_NOW: "2025-12-01T12:00:00-07:00" })).toEqual(REAL_NOW);
  });

  it("is the real time without APP_NOW", () => {
    expect(now({ ENVIRONMENT: "development" })).toEqual(REAL_NOW);
    expect(now({ ENVIRONMENT: "development", APP_NOW: "" })).toEqual(REAL_NOW);
  });

  it("says clearly when APP_NOW is not a timestamp", () => {
    expect(() => now({ ENVIRONMENT: "development", APP_NOW: "next tuesday" })).toThrow(/APP_NOW must be an ISO 8601/);
  });
});
