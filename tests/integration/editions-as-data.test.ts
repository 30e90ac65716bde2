/**
 * 2026 as data (issue 52, ADR 024): the migration wrote the edition the site
 * published from code, unchanged; every edition reader takes it from the
 * request, out of each isolate's copy, which a content page reads without a
 * D1 round trip while it is fresh and reloads only when a publication has
 * raised the catalog's number.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { editionOf, editionsFor, withEditions } from "~/clock/clock.server";
import { getDb } from "~/db/client.server";
import { serializeEdition } from "~/editions/document";
import {
  forgetPublishedEditions,
  publishedEditions,
  publishedVersionOf,
  siteEditions,
  TRUST_MS,
} from "~/editions/cache.server";
import { editionVersion, latestVersions, publishedEditionDocuments, publishedHistory } from "~/editions/store.server";
import { countingD1, newTally } from "../../workers/bench/counting-d1";
import { edition2026 } from "../fixtures/edition-2026";

const PUBLISHED_AT = "2025-11-10T16:00:00.000Z";

/** A later version of 2026, published as the desk will (a new row, the old one superseded, the catalog raised). */
async function publishSecondVersion(note: string) {
  const moved = { ...edition2026, name: "2026 Challenge (moved)" };
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO edition_versions (edition_id, version, document, state, based_on, rules_version, note, created_by, created_at, published_at, published_by) VALUES ('2026', 2, ?1, 'published', 1, '2026.1', ?2, 'test', ?3, ?3, 'test')",
    ).bind(serializeEdition(moved), note, new Date().toISOString()),
    env.DB.prepare("UPDATE edition_versions SET state = 'superseded' WHERE edition_id = '2026' AND version = 1"),
    env.DB.prepare("UPDATE editions SET published_version = 2 WHERE id = '2026'"),
    env.DB.prepare("UPDATE edition_catalog SET version = version + 1 WHERE id = 1"),
  ]);
}

/** Back to the database as migrated, for the next test and the next file (tests/setup.ts warms the copy again). */
afterEach(async () => {
  // A published row is never deleted (migration 0030's trigger): a test's own is made a draft first.
  await env.DB.batch([
    env.DB.prepare("UPDATE edition_versions SET state = 'draft' WHERE edition_id = '2026' AND version = 2"),
    env.DB.prepare("DELETE FROM edition_versions WHERE edition_id = '2026' AND version = 2"),
    env.DB.prepare("UPDATE edition_versions SET state = 'published' WHERE edition_id = '2026' AND version = 1"),
    env.DB.prepare("UPDATE editions SET published_version = 1 WHERE id = '2026'"),
  ]);
  forgetPublishedEditions();
  await publishedEditions(env);
});

describe("migration 0031: 2026 moves into the database unchanged", () => {
  it("stores version 1 as the module's edition, byte for byte, published by the migration", async () => {
    const row = await env.DB.prepare("SELECT * FROM edition_versions WHERE edition_id = '2026'").first<
      Record<string, unknown>
    >();
    expect(row).toMatchObject({
      version: 1,
      state: "published",
      based_on: null,
      rules_version: "2026.1",
      created_by: "migration",
      published_by: "migration",
      published_at: PUBLISHED_AT,
    });
    expect(row?.document).toBe(serializeEdition(edition2026));
    expect(new Date(PUBLISHED_AT)).toEqual(edition2026.enrollmentOpens);
    const edition = await env.DB.prepare("SELECT * FROM editions").all();
    expect(edition.results).toEqual([
      { id: "2026", created_at: PUBLISHED_AT, created_by: "migration", published_version: 1 },
    ]);
  });

  it("reads back, through the store, as exactly the 2026 edition", async () => {
    const db = getDb(env);
    const [published] = await publishedEditionDocuments(db);
    expect(published).toEqual({ editionId: "2026", version: 1, edition: edition2026 });
    expect((await editionVersion(db, "2026", 1))?.edition).toEqual(edition2026);
    expect(await editionVersion(db, "2026", 2)).toBeNull();
    expect(await latestVersions(db)).toEqual([
      { editionId: "2026", latestVersion: 1, latestState: "published", publishedVersion: 1 },
    ]);
    expect((await publishedHistory(db, "2026")).map((v) => [v.version, v.state])).toEqual([[1, "published"]]);
  });

  it("adds the edition version to registrations and sponsorships", async () => {
    for (const table of ["registrations", "sponsorships"]) {
      const { results } = await env.DB.prepare(`PRAGMA table_info(${table})`).all<{ name: string; type: string }>();
      expect(results.find((c) => c.name === "edition_version")?.type, table).toBe("INTEGER");
    }
  });
});

describe("the published editions, per isolate", () => {
  it("are the database's, with the version each was read from", async () => {
    const editions = await publishedEditions(env);
    expect(editions).toEqual([edition2026]);
    expect(publishedVersionOf(editions[0]!)).toBe(1);
    expect(publishedVersionOf(edition2026)).toBeNull();
  });

  it("cost no statement while fresh, two when cold, and the catalog's one when stale", async () => {
    const tally = newTally();
    const counted = { ...env, DB: countingD1(env.DB, tally) };
    await publishedEditions(counted);
    expect(tally.statements).toBe(0);

    forgetPublishedEditions();
    await publishedEditions(counted);
    expect(tally.statements).toBe(2);

    const realNow = Date.now;
    try {
      const later = realNow() + TRUST_MS + 1;
      Date.now = () => later;
      await publishedEditions(counted);
      expect(tally.statements).toBe(3);
      await publishedEditions(counted);
      expect(tally.statements).toBe(3);
    } finally {
      Date.now = realNow;
    }
  });

  it("show a publication once the copy is stale, and at once in the isolate that dropped its copy", async () => {
    const before = await publishedEditions(env);
    await publishSecondVersion("storm: submission +2 days");
    // Within the trust window, another isolate's copy is still the old one (ADR 024's staleness bound).
    expect(await publishedEditions(env)).toBe(before);

    forgetPublishedEditions();
    const after = await publishedEditions(env);
    expect(after.map((e) => e.name)).toEqual(["2026 Challenge (moved)"]);
    expect(publishedVersionOf(after[0]!)).toBe(2);
    // What a request already holds keeps the version it was priced from.
    expect(publishedVersionOf(before[0]!)).toBe(1);
    expect((await publishedHistory(getDb(env), "2026")).map((v) => [v.version, v.state])).toEqual([
      [1, "superseded"],
      [2, "published"],
    ]);
  });

  it("a stale copy reloads when the catalog has moved", async () => {
    await publishedEditions(env);
    await publishSecondVersion("moved");
    const realNow = Date.now;
    try {
      const later = realNow() + TRUST_MS + 1;
      Date.now = () => later;
      expect((await publishedEditions(env)).map((e) => e.name)).toEqual(["2026 Challenge (moved)"]);
    } finally {
      Date.now = realNow;
    }
  });
});

describe("a request's editions", () => {
  it("are what the request loaded; a request that loaded none is refused, never guessed", async () => {
    expect(() => editionsFor(env)).toThrow(/has not loaded its editions/);
    const loaded = withEditions(env, { editions: await siteEditions(env) });
    expect(editionsFor(loaded)).toEqual([edition2026]);
    expect(editionOf(loaded, "2026")).toEqual(edition2026);
    expect(() => editionOf(loaded, "2027")).toThrow(/unknown edition "2027"/);
  });
});
