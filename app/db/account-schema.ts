/**
 * The drizzle view of what /account keeps beside better-auth's tables
 * (migrations/0018_third_audit.sql and 0024_second_factor_codes.sql, the
 * source of truth): each change of the display name, counted against
 * app/content/limits.ts `displayNameChanges`; and the account's second-factor
 * codes (app/auth/second-factor-codes.server.ts).
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

/** A code counts once, and wrong codes in a session lock (issue 50): one row per account that gave a code. */
export const secondFactorCodes = sqliteTable("second_factor_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** The time step (Unix seconds / 30) of the last accepted authenticator code. */
  lastTotpStep: integer("last_totp_step"),
  /** Wrong codes in a row given from a signed-in session. */
  wrongCodes: integer("wrong_codes").notNull().default(0),
  /** Until when codes given from a signed-in session are refused (ISO instant). */
  lockedUntil: text("locked_until"),
});
