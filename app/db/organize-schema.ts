/**
 * The drizzle view of the organizers' desk (migrations/0019_organizers.sql,
 * the source of truth): roles, the append-only audit log, proposals of the
 * two-person rule, API tokens and the desk's sessions.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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

export const actorKinds = ["person", "token", "job"] as const;

/** Append-only (the database refuses UPDATE, a replaced id, and DELETE within the retention period); each row chained to the one before. */
export const organizerEvents = sqliteTable("organizer_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  createdAt: text("created_at").notNull(),
  actorKind: text("actor_kind", { enum: actorKinds }).notNull(),
  actorUserId: text("actor_user_id"),
  actorLabel: text("actor_label").notNull(),
  actorRole: text("actor_role"),
  tokenId: text("token_id"),
  action: text("action").notNull(),
  summary: text("summary").notNull(),
  /** JSON. */
  targets: text("targets").notNull(),
  /** JSON. */
  factsBefore: text("facts_before"),
  /** JSON. */
  factsAfter: text("facts_after"),
  reason: text("reason"),
  proposalId: text("proposal_id"),
  requestId: text("request_id"),
  /** The chain (migrations/0025_audit_chain.sql, app/organize/audit-chain.server.ts): the row before, its hash, this row's. */
  prevId: integer("prev_id"),
  prevHash: text("prev_hash"),
  hash: text("hash"),
});

export type OrganizerEventRow = typeof organizerEvents.$inferSelect;

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
