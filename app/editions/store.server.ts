/**
 * Reading editions from D1 (migrations/0030_editions_as_data.sql, ADR 024):
 * what the published site shows, one stored version, each edition's newest
 * and published versions, and an edition's publication history. Documents
 * are parsed here, so a row that is not an edition fails where it is read.
 */
import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { Edition } from "~/content/editions";
import type { Db } from "~/db/client.server";
import { editionCatalog, editions, editionVersions, type EditionVersionState } from "~/db/schema";
import { parseEdition } from "./document";

export interface PublishedEditionDocument {
  readonly editionId: string;
  readonly version: number;
  readonly edition: Edition;
}

/** The query of every edition's published version, oldest edition first (batched by the cache). */
export function publishedEditionRows(db: Db) {
  return db
    .select({
      editionId: editionVersions.editionId,
      version: editionVersions.version,
      document: editionVersions.document,
    })
    .from(editionVersions)
    .innerJoin(
      editions,
      and(eq(editions.id, editionVersions.editionId), eq(editions.publishedVersion, editionVersions.version)),
    )
    .orderBy(asc(editionVersions.editionId));
}

/** The query of the catalog's number, raised by every publication. */
export function catalogVersionQuery(db: Db) {
  return db.select({ version: editionCatalog.version }).from(editionCatalog).where(eq(editionCatalog.id, 1));
}

export function parsePublishedRows(
  rows: readonly { editionId: string; version: number; document: string }[],
): PublishedEditionDocument[] {
  return rows.map((row) => ({ editionId: row.editionId, version: row.version, edition: parseEdition(row.document) }));
}

/** Every edition's published version, as the public site shows it. */
export async function publishedEditionDocuments(db: Db): Promise<PublishedEditionDocument[]> {
  return parsePublishedRows(await publishedEditionRows(db));
}

export interface StoredEditionVersion {
  readonly editionId: string;
  readonly version: number;
  readonly edition: Edition;
  readonly state: EditionVersionState;
  readonly basedOn: number | null;
  readonly rulesVersion: string | null;
  readonly note: string | null;
  readonly createdBy: string;
  readonly createdAt: string;
  readonly publishedAt: string | null;
  readonly publishedBy: string | null;
}

type VersionRow = typeof editionVersions.$inferSelect;

function storedVersion(row: VersionRow): StoredEditionVersion {
  const { document, ...rest } = row;
  return { ...rest, edition: parseEdition(document) };
}

/** One stored version of an edition (a draft, a proposal or a publication), or null. */
export async function editionVersion(db: Db, editionId: string, version: number): Promise<StoredEditionVersion | null> {
  const [row] = await db
    .select()
    .from(editionVersions)
    .where(and(eq(editionVersions.editionId, editionId), eq(editionVersions.version, version)))
    .limit(1);
  return row ? storedVersion(row) : null;
}

export interface EditionVersions {
  readonly editionId: string;
  /** The newest version, whatever its state (a draft being written, a proposal). */
  readonly latestVersion: number;
  readonly latestState: EditionVersionState;
  /** The version the public site shows, or null before the first publication. */
  readonly publishedVersion: number | null;
}

/** Each edition's newest version and its published one, oldest edition first. */
export async function latestVersions(db: Db): Promise<EditionVersions[]> {
  const newest = db
    .select({ editionId: editionVersions.editionId, version: max(editionVersions.version).as("newest") })
    .from(editionVersions)
    .groupBy(editionVersions.editionId)
    .as("newest");
  const rows = await db
    .select({
      editionId: editions.id,
      latestVersion: editionVersions.version,
      latestState: editionVersions.state,
      publishedVersion: editions.publishedVersion,
    })
    .from(editions)
    .innerJoin(newest, eq(newest.editionId, editions.id))
    .innerJoin(
      editionVersions,
      and(eq(editionVersions.editionId, editions.id), eq(editionVersions.version, sql`${newest.version}`)),
    )
    .orderBy(asc(editions.id));
  return rows;
}

/** An edition's published versions, first to last (the current one and those it superseded): the calendar's SEQUENCE. */
export async function publishedHistory(db: Db, editionId: string): Promise<StoredEditionVersion[]> {
  const rows = await db
    .select()
    .from(editionVersions)
    .where(and(eq(editionVersions.editionId, editionId), inArray(editionVersions.state, ["published", "superseded"])))
    .orderBy(asc(editionVersions.version));
  return rows.map(storedVersion);
}
