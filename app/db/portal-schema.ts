/**
 * The drizzle view of the Challenge Portal's tables (migrations/0009_portal.sql,
 * 0010_team_hardening.sql, 0012_team_history.sql, 0015_showcase.sql and 0020_showcase_moderation.sql, the sources of truth):
 * teams, members, invitations and their send log, submissions, files and the
 * teams' history.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const teams = sqliteTable("teams", {
  id: text("id").primaryKey(),
  editionId: text("edition_id").notNull(),
  /** NULL: one participant working alone. */
  name: text("name"),
  createdBy: text("created_by").notNull(),
  createdAt: text("created_at").notNull(),
});

export const teamRoles = ["lead", "member"] as const;

export const teamMembers = sqliteTable(
  "team_members",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    editionId: text("edition_id").notNull(),
    role: text("role", { enum: teamRoles }).notNull(),
    joinedAt: text("joined_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);

export const teamInvitations = sqliteTable("team_invitations", {
  id: text("id").primaryKey(),
  teamId: text("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  /** Lower-cased. */
  email: text("email").notNull(),
  /** SHA-256 (hex) of the link's token. */
  tokenHash: text("token_hash").notNull().unique(),
  invitedBy: text("invited_by").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  acceptedAt: text("accepted_at"),
  declinedAt: text("declined_at"),
  revokedAt: text("revoked_at"),
});

/** One row per team invitation sent, for the daily caps; no foreign key, so a team's deletion does not reset them. */
export const teamInvitationSends = sqliteTable("team_invitation_sends", {
  /** Lower-cased. */
  email: text("email").notNull(),
  invitedBy: text("invited_by").notNull(),
  /** The Mountain-Time date key. */
  day: text("day").notNull(),
  createdAt: text("created_at").notNull(),
});

export const submissionStatuses = ["draft", "submitted"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const submissions = sqliteTable("submissions", {
  teamId: text("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  editionId: text("edition_id").notNull(),
  prototypeUrl: text("prototype_url"),
  abstract: text("abstract"),
  videoUrl: text("video_url"),
  videoConfirmed: integer("video_confirmed", { mode: "boolean" }).notNull().default(false),
  aiUseLog: text("ai_use_log"),
  status: text("status", { enum: submissionStatuses }).notNull().default("draft"),
  submittedAt: text("submitted_at"),
  submittedBy: text("submitted_by"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  updatedBy: text("updated_by").notNull(),
  // The project's public face (issue 25, migrations/0015_showcase.sql).
  title: text("title"),
  summary: text("summary"),
  /** A track id of app/content/program.ts. */
  track: text("track"),
  publicConsent: integer("public_consent", { mode: "boolean" }).notNull().default(false),
  consentBy: text("consent_by"),
  consentAt: text("consent_at"),
  /** Stable once given; unique per edition. */
  slug: text("slug"),
  // Hidden from the public gallery by a coordinator (issue 33, migrations/0020_showcase_moderation.sql).
  hiddenAt: text("hidden_at"),
  hiddenBy: text("hidden_by"),
  hiddenReason: text("hidden_reason"),
});

export const submissionFileComponents = ["pitchDeck", "reflectionLog"] as const;

export const submissionFiles = sqliteTable("submission_files", {
  id: text("id").primaryKey(),
  teamId: text("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  component: text("component", { enum: submissionFileComponents }).notNull(),
  objectKey: text("object_key").notNull().unique(),
  filename: text("filename").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  pageCount: integer("page_count"),
  uploadedBy: text("uploaded_by").notNull(),
  uploadedAt: text("uploaded_at").notNull(),
});

/**
 * One team's own submission deadline, a late-submission exception confirmed
 * by a second director (issue 33, migrations/0020_showcase_moderation.sql).
 */
export const deadlineExtensions = sqliteTable(
  "deadline_extensions",
  {
    editionId: text("edition_id").notNull(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** The instant the team's deadline has passed (ISO 8601, UTC). */
    until: text("until").notNull(),
    hours: integer("hours").notNull(),
    reason: text("reason").notNull(),
    grantedBy: text("granted_by").notNull(),
    grantedAt: text("granted_at").notNull(),
    proposalId: text("proposal_id"),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.teamId] })],
);

export type Submission = typeof submissions.$inferSelect;
export type SubmissionFile = typeof submissionFiles.$inferSelect;
