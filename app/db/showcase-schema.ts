/**
 * The drizzle view of the showcase (migrations/0015_showcase.sql, the source
 * of truth): each member's display choice, the audience votes and the ledger
 * published after the close. The project's public face is on `submissions`
 * (portal-schema.ts).
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { teams } from "./portal-schema";

export const nameDisplays = ["full", "initial", "team"] as const;
export type NameDisplay = (typeof nameDisplays)[number];

export const showcaseMemberDisplay = sqliteTable(
  "showcase_member_display",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    nameDisplay: text("name_display", { enum: nameDisplays }).notNull(),
    showOrganization: integer("show_organization", { mode: "boolean" }).notNull().default(false),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);

export const showcaseVotes = sqliteTable("showcase_votes", {
  id: text("id").primaryKey(),
  editionId: text("edition_id").notNull(),
  userId: text("user_id").notNull(),
  teamId: text("team_id").notNull(),
  clientIp: text("client_ip").notNull(),
  ipPrefix: text("ip_prefix").notNull(),
  accountCreatedAt: text("account_created_at").notNull(),
  emailDomain: text("email_domain").notNull(),
  createdAt: text("created_at").notNull(),
  castAt: text("cast_at").notNull(),
  moves: integer("moves").notNull().default(0),
  excludedAt: text("excluded_at"),
  excludedBy: text("excluded_by"),
  excludedReason: text("excluded_reason"),
  excludedCategory: text("excluded_category"),
});

export const showcaseLedger = sqliteTable(
  "showcase_ledger",
  {
    editionId: text("edition_id").notNull(),
    teamId: text("team_id").notNull(),
    projectTitle: text("project_title").notNull(),
    slug: text("slug"),
    votesCast: integer("votes_cast").notNull(),
    /** JSON: { category: count }. */
    votesExcluded: text("votes_excluded").notNull(),
    finalCount: integer("final_count").notNull(),
    publishedAt: text("published_at").notNull(),
    publishedBy: text("published_by").notNull(),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.teamId] })],
);

export type ShowcaseVote = typeof showcaseVotes.$inferSelect;
