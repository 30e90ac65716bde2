import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fixtureEdition, milestoneIds } from "../../app/content/editions";
import { publishedEditions, siteEditions } from "../../app/editions/cache.server";
import { edition2026 } from "../fixtures/edition-2026";
import {
  currentEdition,
  editionEndsAt,
  editionPhase,
  editionStartsAt,
  isJudgeInterestOpen,
  isSponsorshipOpen,
} from "../../app/clock/schedule";

const at = (iso: string) => new Date(iso);

describe("the 2026 edition's phases", () => {
  // [first instant of the phase, the instant just before it]
  const boundaries = [
    ["earlyBird", "2025-11-10T09:00:00-07:00"],
    ["regular", "2026-01-08T00:00:00-07:00"],
    ["creation", "2026-03-19T00:00:00-06:00"],
    ["showcase", "2026-03-20T00:00:00-06:00"],
    ["judging", "2026-03-31T00:00:00-06:00"],
    ["finalistsAnnounced", "2026-04-03T09:00:00-06:00"],
    ["finalsDay", "2026-04-25T00:00:00-06:00"],
    ["afterFinals", "2026-04-26T00:00:00-06:00"],
  ] as const;

  it("is before enrollment until early enrollment opens", () => {
    expect(editionPhase(at("2025-06-01T12:00:00-06:00"), edition2026)).toBe("beforeEnrollment");
    expect(editionPhase(at("2025-11-10T08:59:59.999-07:00"), edition2026)).toBe("beforeEnrollment");
  });

  for (const [phase, from] of boundaries) {
    it(`enters ${phase} at ${from}, not a millisecond before`, () => {
      const start = at(from);
      expect(editionPhase(start, edition2026)).toBe(phase);
      expect(editionPhase(new Date(start.getTime() - 1), edition2026)).not.toBe(phase);
    });
  }

  it("stays after the finals on today's date (no next edition is published)", () => {
    expect(editionPhase(at("2026-11-23T12:00:00-07:00"), edition2026)).toBe("afterFinals");
    expect(currentEdition(at("2026-11-23T12:00:00-07:00"), [edition2026])).toBe(edition2026);
  });

  it("sells sponsorships until the finals begin, and takes judge interest until judging starts", () => {
    expect(isSponsorshipOpen(at("2026-04-25T08:59:59-06:00"), edition2026)).toBe(true);
    expect(isSponsorshipOpen(at("2026-04-25T09:00:00-06:00"), edition2026)).toBe(false);
    expect(isJudgeInterestOpen(at("2026-03-20T23:59:59-06:00"), edition2026)).toBe(true);
    expect(isJudgeInterestOpen(at("2026-03-21T00:00:00-06:00"), edition2026)).toBe(false);
  });
});

describe("choosing the current edition", () => {
  const both = [edition2026, fixtureEdition];

  it("keeps the edition whose finals are not over, even when a later one is published", () => {
    expect(currentEdition(at("2026-04-25T15:00:00-06:00"), both)).toBe(edition2026);
  });

  it("moves to the next published edition once the finals day is over", () => {
    expect(currentEdition(editionEndsAt(edition2026), both)).toBe(fixtureEdition);
    expect(editionPhase(at("2026-11-23T12:00:00-07:00"), fixtureEdition)).toBe("beforeEnrollment");
  });

  it("uses the first edition before any has started, and the latest started one after that", () => {
    expect(currentEdition(at("2020-01-01T00:00:00Z"), both)).toBe(edition2026);
    expect(currentEdition(editionStartsAt(fixtureEdition), [fixtureEdition, edition2026])).toBe(fixtureEdition);
    expect(currentEdition(at("2030-01-01T00:00:00Z"), both)).toBe(fixtureEdition);
  });

  it("every published edition has every milestone, and the fixture is not published", async () => {
    const published = await publishedEditions(env);
    for (const edition of [...published, fixtureEdition]) {
      expect(edition.milestones.map((m) => m.id).sort()).toEqual([...milestoneIds].sort());
    }
    expect(published.map((e) => e.id)).not.toContain(fixtureEdition.id);
  });
});

describe("the fixture edition", () => {
  it("joins the list only outside production, and only when asked for", async () => {
    expect(await siteEditions({ ...env, ENVIRONMENT: "development", APP_EDITION_FIXTURE: "1" })).toContain(
      fixtureEdition,
    );
    expect(await siteEditions({ ...env, ENVIRONMENT: "development", APP_EDITION_FIXTURE: "" })).not.toContain(
      fixtureEdition,
    );
    expect(await siteEditions({ ...env, ENVIRONMENT: "production", APP_EDITION_FIXTURE: "1" })).not.toContain(
      fixtureEdition,
    );
  });
});
