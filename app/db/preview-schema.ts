/**
 * The drizzle view of an organizer's preview of the site on another day
 * (migrations/0033_site_preview.sql, the source of truth; app/editions/preview.server.ts).
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizerSessions } from "./organize-schema";

export const organizerSessionPreviews = sqliteTable("organizer_session_previews", {
  /** The desk session the preview belongs to, and dies with. */
  sessionId: text("session_id")
    .primaryKey()
    .references(() => organizerSessions.sessionId, { onDelete: "cascade" }),
  /** The `edition_versions` row shown; null with `version`: the published editions. */
  editionId: text("edition_id"),
  version: integer("version"),
  /** The instant the site is shown at (ISO). */
  previewAt: text("preview_at").notNull(),
  startedAt: text("started_at").notNull(),
});
