/**
 * Editions stored as data for the editions' desk tests (issue 52): a draft
 * or a published edition under an id of its own (so tests that share a
 * database never draft over each other's), a copy of the 2027 start.
 */
import { env } from "cloudflare:test";
import { edition2026 } from "../fixtures/edition-2026";
import { serializeEdition } from "~/editions/document";
import { nextEditionFrom } from "~/editions/fields";

/**
 * A fresh edition id: a year number no real edition will have soon, not stored yet, and below every test
 * edition stored before it. Each is a copy of 2027's dates, and a draft is checked against the edition before
 * it: counting down, that is always 2026, whichever scenarios published theirs first.
 */
export async function freshEditionId(): Promise<string> {
  const lowest = await env.DB.prepare(
    "SELECT min(CAST(id AS INTEGER)) AS id FROM editions WHERE CAST(id AS INTEGER) >= 3000",
  ).first<{ id: number | null }>();
  return String((lowest?.id ?? 10_000) - 1);
}

/** An edition stored with one version in `state` (a copy of 2027's first draft); returns its id and edition. */
export async function storedEdition(state: "draft" | "published", given?: string) {
  const id = given ?? (await freshEditionId());
  const edition = { ...nextEditionFrom(edition2026), id, name: `${id} Challenge` };
  const at = "2026-03-01T00:00:00.000Z";
  await env.DB.prepare("INSERT INTO editions (id, created_at, created_by, published_version) VALUES (?, ?, 'test', ?)")
    .bind(id, at, state === "published" ? 1 : null)
    .run();
  await env.DB.prepare(
    "INSERT INTO edition_versions (edition_id, version, document, state, created_by, created_at, published_at, published_by) VALUES (?, 1, ?, ?, 'test', ?, ?, ?)",
  )
    .bind(
      id,
      serializeEdition(edition),
      state,
      at,
      state === "published" ? at : null,
      state === "published" ? "test" : null,
    )
    .run();
  return { id, edition };
}

/** The stored version's row, its document read back. */
export async function storedVersion(id: string, version: number) {
  const row = await env.DB.prepare("SELECT * FROM edition_versions WHERE edition_id = ? AND version = ?")
    .bind(id, version)
    .first<{
      state: string;
      document: string;
      rules_version: string | null;
      based_on: number | null;
      note: string | null;
    }>();
  return row ? { ...row, edition: JSON.parse(row.document) as Record<string, unknown> } : null;
}
