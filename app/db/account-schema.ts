/**
 * The drizzle view of what /account keeps beside better-auth's tables
 * (migrations/0018_third_audit.sql, the source of truth): each change of the
 * display name, counted against app/content/limits.ts `displayNameChanges`.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { user } from "./auth-schema";

export const displayNameChanges = sqliteTable("display_name_changes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  changedAt: text("changed_at").notNull(),
});
