/**
 * The drizzle view of the impact figures' snapshots
 * (migrations/0029_impact_figures.sql, the source of truth; app/impact/).
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One edition's figures; `final` once written after the edition's end, never rewritten. */
export const impactFigures = sqliteTable(
  "impact_figures",
  {
    editionId: text("edition_id").notNull(),
    scope: text("scope").notNull(),
    json: text("json").notNull(),
    computedAt: text("computed_at").notNull(),
    final: integer("final", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.scope] })],
);
