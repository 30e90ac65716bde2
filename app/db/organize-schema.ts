/**
 * The drizzle view of the organizers' desk (migrations/0019_organizers.sql,
 * the source of truth): roles, proposals of the two-person rule, API tokens
 * and the desk's sessions. The audit log is the site's one event log:
 * ./events-schema.ts.
 */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizerRoleNames } from "../content/organize";
import { session, user } from "./auth-schema";

export { organizerRoleNames, type OrganizerRoleName } from "../content/organize";

export const organizerRoles = sqliteTable("organizer_roles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  role: text("role", { enum: organizerRoleNames }).notNull(),
  grantedBy: text("granted_by").notNull(),
  grantedAt: text("granted_at").notNull(),
});

export const organizerProposals = sqliteTable("organizer_proposals", {
  id: text("id").primaryKey(),
  action: text("action").notNull(),
  /** JSON. */
  input: text("input").notNull(),
  /** JSON (a Preview). */
  preview: text("preview").notNull(),
  previewHash: text("preview_hash").notNull(),
  summary: text("summary").notNull(),
  proposedBy: text("proposed_by").notNull(),
  proposedLabel: text("proposed_label").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  status: text("status", { enum: ["open", "confirmed"] })
    .notNull()
    .default("open"),
  confirmedBy: text("confirmed_by"),
  confirmedAt: text("confirmed_at"),
  /** A random id of the confirming request, which its batch's guard checks (two requests never share one). */
  confirmationId: text("confirmation_id"),
});

export const organizerTokens = sqliteTable("organizer_tokens", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** SHA-256 (hex) of the token; the token itself was shown once. */
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: text("created_at").notNull(),
  lastUsedAt: text("last_used_at"),
  revokedAt: text("revoked_at"),
  revokedBy: text("revoked_by"),
});

export const organizerSessions = sqliteTable("organizer_sessions", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  lastRequestAt: text("last_request_at").notNull(),
});
