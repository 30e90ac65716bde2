/**
 * The drizzle view of the site's one event log (migrations/0028_one_event_log.sql,
 * the source of truth; app/events/): what organizers, daily jobs,
 * participants, judges and company admins did, one row per change, written
 * in the change's own batch.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Who acted: an organizer on the desk, an organizer's API token, a daily job, or an account acting for itself. */
export const eventActorKinds = ["person", "token", "job", "account"] as const;
export type EventActorKind = (typeof eventActorKinds)[number];

/**
 * Append-only (the database refuses UPDATE, a replaced id, and DELETE within
 * the retention period). Organizer and job rows are chained to the one
 * before (app/events/chain.server.ts); account rows are not.
 */
export const events = sqliteTable("events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  createdAt: text("created_at").notNull(),
  actorKind: text("actor_kind", { enum: eventActorKinds }).notNull(),
  actorUserId: text("actor_user_id"),
  /** An organizer's address at the time, a job's name, or an account's role (never a participant's address). */
  actorLabel: text("actor_label").notNull(),
  actorRole: text("actor_role"),
  tokenId: text("token_id"),
  /** An organizer action's id, or an event kind (app/events/kinds.ts). */
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
  /** The chain: the row before, its hash, this row's, and the form the hash was computed in. */
  prevId: integer("prev_id"),
  prevHash: text("prev_hash"),
  hash: text("hash"),
  hashFormat: text("hash_format"),
  /** What the row is about, beside its targets: the histories read by these. */
  editionId: text("edition_id"),
  teamId: text("team_id"),
  subjectUserId: text("subject_user_id"),
  /** A workforce registration's id. */
  organizationId: text("organization_id"),
  /** JSON: an account or job kind's typed payload (app/events/kinds.ts). */
  payload: text("payload"),
});

export type EventRow = typeof events.$inferSelect;
