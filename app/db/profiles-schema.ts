/**
 * The drizzle view of judges' and advisors' profiles
 * (migrations/0039_judge_advisor_profiles.sql, the source of truth): the
 * edition's advisors, each person's consented profile with the copy a
 * coordinator last published, and the edition's publications.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { user } from "./auth-schema";
import { judgeInvitations } from "./judging-schema";

export const standings = ["judge", "advisor"] as const;
export type Standing = (typeof standings)[number];

export const advisors = sqliteTable(
  "advisors",
  {
    editionId: text("edition_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    advisoryGroup: text("advisory_group").notNull(),
    invitationId: text("invitation_id")
      .notNull()
      .references(() => judgeInvitations.id),
    joinedAt: text("joined_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.userId] })],
);

export const publicProfiles = sqliteTable(
  "public_profiles",
  {
    editionId: text("edition_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    standing: text("standing", { enum: standings }).notNull(),
    advisoryGroup: text("advisory_group"),
    name: text("name").notNull(),
    title: text("title"),
    organization: text("organization"),
    bio: text("bio"),
    photoKey: text("photo_key"),
    photoWidth: integer("photo_width"),
    photoHeight: integer("photo_height"),
    consentedAt: text("consented_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    shownName: text("shown_name"),
    shownTitle: text("shown_title"),
    shownOrganization: text("shown_organization"),
    shownBio: text("shown_bio"),
    shownPhotoKey: text("shown_photo_key"),
    shownPhotoWidth: integer("shown_photo_width"),
    shownPhotoHeight: integer("shown_photo_height"),
    publishedAt: text("published_at"),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.userId] })],
);

export type PublicProfile = typeof publicProfiles.$inferSelect;

export const profilePublications = sqliteTable("profile_publications", {
  editionId: text("edition_id").primaryKey(),
  firstPublishedAt: text("first_published_at").notNull(),
  publishedAt: text("published_at").notNull(),
  publishedBy: text("published_by").notNull(),
});
