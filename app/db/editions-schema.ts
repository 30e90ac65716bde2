/**
 * The drizzle view of editions as data (migrations/0030_editions_as_data.sql,
 * the source of truth; app/editions/, ADR 024).
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const editionVersionStates = ["draft", "proposed", "published", "superseded"] as const;
export type EditionVersionState = (typeof editionVersionStates)[number];

export const editions = sqliteTable("editions", {
  id: text("id").primaryKey(),
  createdAt: text("created_at").notNull(),
  createdBy: text("created_by").notNull(),
  /** The version the public site shows; null until the first publication. */
  publishedVersion: integer("published_version"),
});

export const editionVersions = sqliteTable(
  "edition_versions",
  {
    editionId: text("edition_id")
      .notNull()
      .references(() => editions.id),
    version: integer("version").notNull(),
    /** JSON of an Edition (app/editions/document.ts). */
    document: text("document").notNull(),
    state: text("state", { enum: editionVersionStates }).notNull().default("draft"),
    basedOn: integer("based_on"),
    rulesVersion: text("rules_version"),
    note: text("note"),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    publishedAt: text("published_at"),
    publishedBy: text("published_by"),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.version] })],
);

/** One row: a number every publication raises, so each isolate knows when its copy is stale. */
export const editionCatalog = sqliteTable("edition_catalog", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});
