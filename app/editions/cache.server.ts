/**
 * The published editions, kept per isolate (ADR 024, "Reading an edition").
 *
 * A content page must not wait on D1 to learn which edition it is about, so
 * each isolate keeps the published editions in memory. The rule:
 * - the copy is trusted for TRUST_MS after it was last confirmed (0 statements);
 * - then the next request reads `edition_catalog.version` (1 statement): if it
 *   has not moved, the copy is confirmed for another TRUST_MS; if it has, every
 *   published document is read again (1 more);
 * - an isolate with no copy reads both in one batch (1 round trip, 2 statements);
 * - the isolate that publishes drops its copy at once (`forgetPublishedEditions`).
 * So another isolate shows a publication at most TRUST_MS late. Writes that
 * enforce a date re-read nothing: they check against the request's own copy,
 * whose worst case ADR 024 states.
 *
 * The copy lives on the isolate's global object rather than in this module's
 * scope, so the tests (which load this module beside the built worker that
 * bundles its own) can drop it when each test file starts from an empty
 * database (tests/setup.ts).
 */
import { fixtureEdition, type Edition } from "~/content/editions";
import { getDb } from "~/db/client.server";
import { isProduction } from "~/lib/config.server";
import { catalogVersionQuery, parsePublishedRows, publishedEditionRows } from "./store.server";

/** How long a copy is shown without asking D1 whether a publication happened since. */
export const TRUST_MS = 60_000;

interface PublishedCopy {
  readonly catalogVersion: number;
  readonly editions: readonly Edition[];
  confirmedAt: number;
}

interface CopySlot {
  copy?: PublishedCopy;
  /** Bumped by a publication, so a read that began before it does not keep a copy from before it. */
  generation?: number;
  /** The published version each edition object was read from (a request may hold an older copy's). */
  versions: WeakMap<Edition, number>;
}

const SLOT = Symbol.for("idaho-ai-challenge.published-editions");

function slot(): CopySlot {
  const global = globalThis as { [SLOT]?: CopySlot };
  return (global[SLOT] ??= { versions: new WeakMap() });
}

/** Drops this isolate's copy: the next request reads the published editions again (after a publication). */
export function forgetPublishedEditions(): void {
  const own = slot();
  own.copy = undefined;
  own.generation = (own.generation ?? 0) + 1;
}

function copyOf(catalogVersion: number, rows: Parameters<typeof parsePublishedRows>[0]): PublishedCopy {
  const documents = parsePublishedRows(rows);
  const { versions } = slot();
  for (const document of documents) versions.set(document.edition, document.version);
  return { catalogVersion, editions: documents.map((d) => d.edition), confirmedAt: Date.now() };
}

async function refreshed(env: Pick<Env, "DB">, stale: PublishedCopy | undefined): Promise<PublishedCopy> {
  const db = getDb(env);
  if (stale) {
    const [catalog] = await catalogVersionQuery(db);
    if (catalog?.version === stale.catalogVersion) {
      stale.confirmedAt = Date.now();
      return stale;
    }
    return copyOf(catalog?.version ?? 0, await publishedEditionRows(db));
  }
  const [catalog, rows] = await db.batch([catalogVersionQuery(db), publishedEditionRows(db)]);
  return copyOf(catalog[0]?.version ?? 0, rows);
}

async function publishedCopy(env: Pick<Env, "DB">): Promise<PublishedCopy> {
  const own = slot();
  const copy = own.copy;
  if (copy && Date.now() - copy.confirmedAt < TRUST_MS) return copy;
  // Each request that finds the copy cold or stale reads it: a read still on its way in one request is never
  // awaited by another (I/O on behalf of a different request, which the Workers runtime refuses, and which fails
  // the second when the first is cancelled; app/lib/kept-per-isolate.server.ts).
  const generation = own.generation;
  const fresh = await refreshed(env, copy);
  if (own.generation === generation) own.copy = fresh;
  return fresh;
}

/** The published editions, oldest first by id, from this isolate's copy (read from D1 when cold or stale). */
export async function publishedEditions(env: Pick<Env, "DB">): Promise<readonly Edition[]> {
  return (await publishedCopy(env)).editions;
}

/**
 * The editions a request or a job may pick from: the published ones, plus the
 * test fixture (app/content/editions/fixture.ts) when APP_EDITION_FIXTURE=1
 * outside production.
 */
export async function siteEditions(
  env: Pick<Env, "DB" | "ENVIRONMENT" | "APP_EDITION_FIXTURE">,
): Promise<readonly Edition[]> {
  const published = await publishedEditions(env);
  if (isProduction(env) || env.APP_EDITION_FIXTURE !== "1") return published;
  return [...published, fixtureEdition];
}

/**
 * The published version an edition object was read from, or null (the test
 * fixture, or an edition a preview shows): a checkout records it with the
 * registration or sponsorship it prices.
 */
export function publishedVersionOf(edition: Edition): number | null {
  return slot().versions.get(edition) ?? null;
}
