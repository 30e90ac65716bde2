/**
 * Drafting an edition on the desk (issue 52, ADR 024): every save of a form
 * is a new `edition_versions` row (state draft, based on the version it was
 * typed over), never an update of an old one. An edition without rows yet
 * starts from the site's published edition of that id (the code's, until
 * 2026 is stored) or, for the next year, from a copy of the last edition
 * with every date a year later (./fields.ts `nextEditionFrom`).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { editionsFor } from "~/clock/clock.server";
import { editionStartsAt } from "~/clock/schedule";
import type { Edition } from "~/content/editions";
import type { Db } from "~/db/client.server";
import { editionCatalog, editions, editionVersions, type EditionVersionState } from "~/db/schema";
import { rowWhere, type Statement } from "~/organize/action.server";
import { parseEdition, serializeEdition } from "./document";
import { nextEditionFrom } from "./fields";

export interface StoredVersion {
  version: number;
  state: EditionVersionState;
  basedOn: number | null;
  rulesVersion: string | null;
  note: string | null;
  createdBy: string;
  createdAt: string;
  publishedAt: string | null;
  publishedBy: string | null;
  edition: Edition;
}

/** What the desk knows of one edition: its stored versions and, when none is stored, where a draft starts. */
export interface EditionState {
  id: string;
  stored: boolean;
  versions: StoredVersion[];
  /** The version the site shows: the stored one, or the code's for an edition not stored yet (version 0). */
  published: { version: number; edition: Edition; rulesVersion: string | null } | null;
  /** The newest version (any state), or the starting copy as version 0. */
  latest: { version: number; edition: Edition; state: EditionVersionState | "copy"; rulesVersion: string | null };
}

/** The real editions the site knows today (never the test fixture), oldest first. */
export function editionsOnSiteByStart(env: Env): Edition[] {
  return editionsFor(env)
    .filter((e) => !e.isFixture)
    .sort((a, b) => editionStartsAt(a).getTime() - editionStartsAt(b).getTime());
}

/** The edition before `id` among those the site shows: the one whose finals a new edition must follow. */
export function previousEdition(env: Env, id: string): Edition | null {
  return (
    editionsOnSiteByStart(env)
      .filter((e) => Number(e.id) < Number(id))
      .at(-1) ?? null
  );
}

export async function storedVersions(db: Db, id: string): Promise<StoredVersion[]> {
  const rows = await db
    .select()
    .from(editionVersions)
    .where(eq(editionVersions.editionId, id))
    .orderBy(asc(editionVersions.version));
  return rows.map((r) => ({
    version: r.version,
    state: r.state,
    basedOn: r.basedOn,
    rulesVersion: r.rulesVersion,
    note: r.note,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    publishedAt: r.publishedAt,
    publishedBy: r.publishedBy,
    edition: parseEdition(r.document),
  }));
}

/**
 * One edition's state, or null when `id` is neither stored, nor shown by
 * the site, nor the year after the last edition (the only new one a draft
 * may start).
 */
export async function editionState(db: Db, env: Env, id: string): Promise<EditionState | null> {
  const versions = await storedVersions(db, id);
  const onSite = editionsOnSiteByStart(env);
  if (versions.length > 0) {
    const newest = versions.at(-1)!;
    const live = versions.find((v) => v.state === "published") ?? null;
    return {
      id,
      stored: true,
      versions,
      published: live ? { version: live.version, edition: live.edition, rulesVersion: live.rulesVersion } : null,
      latest: {
        version: newest.version,
        edition: newest.edition,
        state: newest.state,
        rulesVersion: newest.rulesVersion,
      },
    };
  }
  const shown = onSite.find((e) => e.id === id);
  if (shown) {
    return {
      id,
      stored: false,
      versions: [],
      published: { version: 0, edition: shown, rulesVersion: null },
      latest: { version: 0, edition: shown, state: "published", rulesVersion: null },
    };
  }
  const last = onSite.at(-1);
  if (!last || String(Number(last.id) + 1) !== id) return null;
  return {
    id,
    stored: false,
    versions: [],
    published: null,
    latest: { version: 0, edition: nextEditionFrom(last), state: "copy", rulesVersion: null },
  };
}

/** The id of the edition a new draft would be: the year after the last edition the site shows. */
export function nextEditionId(env: Env): string | null {
  const last = editionsOnSiteByStart(env).at(-1);
  return last ? String(Number(last.id) + 1) : null;
}

/**
 * The writes that store `edition` as version `version` of its edition (and
 * the edition's row when it has none), and the condition that this request
 * wrote it: two saves at once make one version, the other is told it changed.
 */
export function versionInsert(
  db: Db,
  state: EditionState,
  row: {
    version: number;
    edition: Edition;
    versionState: EditionVersionState;
    basedOn: number | null;
    rulesVersion: string | null;
    note?: string | null;
    by: string;
    at: string;
  },
): { statements: Statement[]; holds: ReturnType<typeof rowWhere> } {
  const statements: Statement[] = [];
  if (!state.stored) {
    statements.push(
      db.insert(editions).values({ id: state.id, createdAt: row.at, createdBy: row.by }).onConflictDoNothing(),
    );
  }
  statements.push(
    db
      .insert(editionVersions)
      .values({
        editionId: state.id,
        version: row.version,
        document: serializeEdition(row.edition),
        state: row.versionState,
        basedOn: row.basedOn,
        rulesVersion: row.rulesVersion,
        note: row.note ?? null,
        createdBy: row.by,
        createdAt: row.at,
        ...(row.versionState === "published" ? { publishedAt: row.at, publishedBy: row.by } : {}),
      })
      .onConflictDoNothing(),
  );
  return {
    statements,
    holds: rowWhere(
      db,
      editionVersions,
      eq(editionVersions.editionId, state.id),
      eq(editionVersions.version, row.version),
      eq(editionVersions.createdAt, row.at),
      eq(editionVersions.createdBy, row.by),
    ),
  };
}

/**
 * The writes that make `version` the edition's published one: the one
 * before superseded, the edition's pointer moved, and the catalog's number
 * raised so every isolate reloads the published editions.
 */
export function publicationStatements(db: Db, editionId: string, version: number, at: string, by: string): Statement[] {
  return [
    db
      .update(editionVersions)
      .set({ state: "published", publishedAt: at, publishedBy: by })
      .where(
        and(
          eq(editionVersions.editionId, editionId),
          eq(editionVersions.version, version),
          sql`${editionVersions.state} IN ('draft', 'proposed', 'published')`,
        ),
      ),
    db
      .update(editionVersions)
      .set({ state: "superseded" })
      .where(
        and(
          eq(editionVersions.editionId, editionId),
          eq(editionVersions.state, "published"),
          sql`${editionVersions.version} <> ${version}`,
        ),
      ),
    db.update(editions).set({ publishedVersion: version }).where(eq(editions.id, editionId)),
    db
      .update(editionCatalog)
      .set({ version: sql`${editionCatalog.version} + 1` })
      .where(eq(editionCatalog.id, 1)),
  ];
}
