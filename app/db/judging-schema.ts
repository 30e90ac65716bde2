/**
 * The drizzle view of judging (migrations/0014_judging.sql, the source of
 * truth): invitations, judges, conflicts, assignments, scores, reviews,
 * appeals, judging's history and the published results.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { teams } from "./portal-schema";

export const judgeInvitations = sqliteTable("judge_invitations", {
  id: text("id").primaryKey(),
  editionId: text("edition_id").notNull(),
  /** Lower-cased. */
  email: text("email").notNull(),
  name: text("name"),
  interestId: integer("interest_id"),
  /** SHA-256 (hex) of the link's token. */
  tokenHash: text("token_hash").notNull().unique(),
  invitedBy: text("invited_by").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  acceptedAt: text("accepted_at"),
  acceptedBy: text("accepted_by"),
  revokedAt: text("revoked_at"),
  /** What accepting makes the account (migration 0039): a judge, or an advisor who never scores. */
  standing: text("standing", { enum: ["judge", "advisor"] })
    .notNull()
    .default("judge"),
  /** An advisor's group (an id of `advisoryGroups`, app/content/judges.ts). */
  advisoryGroup: text("advisory_group"),
});

export const judges = sqliteTable(
  "judges",
  {
    editionId: text("edition_id").notNull(),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    invitationId: text("invitation_id")
      .notNull()
      .references(() => judgeInvitations.id),
    joinedAt: text("joined_at").notNull(),
    leftAt: text("left_at"),
    leftBy: text("left_by"),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.userId] })],
);

export const conflictSources = ["organization", "domain", "participant", "declared", "organizer"] as const;
export type ConflictSource = (typeof conflictSources)[number];

export const judgingConflicts = sqliteTable("judging_conflicts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  editionId: text("edition_id").notNull(),
  judgeUserId: text("judge_user_id").notNull(),
  teamId: text("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  source: text("source", { enum: conflictSources }).notNull(),
  detail: text("detail").notNull(),
  createdAt: text("created_at").notNull(),
  createdBy: text("created_by").notNull(),
  dismissedAt: text("dismissed_at"),
  dismissedBy: text("dismissed_by"),
  dismissedReason: text("dismissed_reason"),
});

export const judgingAssignments = sqliteTable("judging_assignments", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  editionId: text("edition_id").notNull(),
  teamId: text("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  judgeUserId: text("judge_user_id").notNull(),
  assignedAt: text("assigned_at").notNull(),
  assignedBy: text("assigned_by").notNull(),
  releasedAt: text("released_at"),
  releasedBy: text("released_by"),
  releasedReason: text("released_reason"),
});

export const judgingScores = sqliteTable(
  "judging_scores",
  {
    editionId: text("edition_id").notNull(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    judgeUserId: text("judge_user_id").notNull(),
    /** A criterion id of app/content/program.ts (`judgingCriteria`). */
    criterion: text("criterion").notNull(),
    /** 1–10. */
    score: integer("score").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.judgeUserId, table.criterion] })],
);

export const judgingReviews = sqliteTable(
  "judging_reviews",
  {
    editionId: text("edition_id").notNull(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    judgeUserId: text("judge_user_id").notNull(),
    /** Organizers only. */
    privateNote: text("private_note"),
    /** The team sees it after publication, never with the judge's name. */
    teamComment: text("team_comment"),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.judgeUserId] })],
);

/**
 * That the edition's assignments have run (migrations/0028_one_event_log.sql):
 * from then on a change reassigns at once. Written in the batch of the run.
 */
export const judgingAssignmentRuns = sqliteTable("judging_assignment_runs", {
  editionId: text("edition_id").primaryKey(),
  firstRunAt: text("first_run_at").notNull(),
  lastRunAt: text("last_run_at").notNull(),
  runs: integer("runs").notNull().default(1),
  /** JSON: the last run's reason and counts (conflicts, released, assigned, shortfall). */
  lastOutcome: text("last_outcome"),
});

export const judgingAppeals = sqliteTable("judging_appeals", {
  id: text("id").primaryKey(),
  editionId: text("edition_id").notNull(),
  teamId: text("team_id")
    .notNull()
    .references(() => teams.id, { onDelete: "cascade" }),
  submittedBy: text("submitted_by").notNull(),
  body: text("body").notNull(),
  createdAt: text("created_at").notNull(),
  decidedAt: text("decided_at"),
  decidedBy: text("decided_by"),
  decision: text("decision"),
});

/** `award`: "finalist", or an award id of app/content/program.ts. */
export const publishedResults = sqliteTable("published_results", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  editionId: text("edition_id").notNull(),
  award: text("award").notNull(),
  teamId: text("team_id").notNull(),
  place: integer("place").notNull().default(1),
  teamName: text("team_name").notNull(),
  projectTitle: text("project_title"),
  organization: text("organization"),
  publishedAt: text("published_at").notNull(),
  publishedBy: text("published_by").notNull(),
});

export type PublishedResult = typeof publishedResults.$inferSelect;

/**
 * migrations/0034_desk_flat.sql (issue 56): a token per computation
 * the desk keeps ("judging-report"), which triggers change on every write to
 * what it is computed from, so a computed result is kept until its data
 * changes.
 */
export const derivedVersions = sqliteTable("derived_versions", {
  name: text("name").primaryKey(),
  token: text("token").notNull(),
});
