/**
 * The drizzle view of credentials (migrations/0016_credentials.sql,
 * 0017 and 0038, the source of truth): issued Open Badges, the imported completions
 * and the signed status lists.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const credentials = sqliteTable("credentials", {
  /** The index in the Bitstring Status List. */
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  id: text("id").notNull().unique(),
  editionId: text("edition_id").notNull(),
  achievement: text("achievement").notNull(),
  /** The holder: an account id, or `organization:<registration id>` for a tier credential (migration 0038). */
  userId: text("user_id").notNull(),
  teamId: text("team_id"),
  source: text("source", { enum: ["import", "deadline", "results", "tier"] }).notNull(),
  earnedAt: text("earned_at").notNull(),
  issuedAt: text("issued_at").notNull(),
  recipientEmail: text("recipient_email").notNull(),
  recipientSalt: text("recipient_salt").notNull(),
  isPublic: integer("is_public", { mode: "boolean" }).notNull(),
  signedJson: text("signed_json"),
  signedAt: text("signed_at"),
  /** When this site's verifier confirmed signed_json's proof (migration 0017): pages reuse it. */
  proofCheckedAt: text("proof_checked_at"),
  revokedAt: text("revoked_at"),
  revokedReason: text("revoked_reason"),
  /** Who revoked it (migrations/0021_credential_revocations.sql): `organizer:<e-mail>`, as the desk's who-columns. */
  revokedBy: text("revoked_by"),
  createdAt: text("created_at").notNull(),
});

export const credentialCompletions = sqliteTable(
  "credential_completions",
  {
    editionId: text("edition_id").notNull(),
    /** The holder: an account id, or `organization:<registration id>` for a tier credential (migration 0038). */
    userId: text("user_id").notNull(),
    achievement: text("achievement").notNull(),
    completedOn: text("completed_on").notNull(),
    importedAt: text("imported_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.userId, table.achievement] })],
);

/** Each status list as last signed (migrations/0017_credential_status_lists.sql): re-signed only when it changes. */
export const credentialStatusLists = sqliteTable("credential_status_lists", {
  list: integer("list").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  signedJson: text("signed_json").notNull(),
  signedAt: text("signed_at").notNull(),
});
