/**
 * The drizzle view of a sponsor's presence on the site
 * (migrations/0036_sponsor_presence.sql, the source of truth): what the
 * sponsor gave and the copy the registrar approved, which is all the public
 * pages read.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sponsorships } from "./payments-schema";

export const sponsorPresenceStatuses = ["draft", "submitted", "approved", "returned"] as const;
export type SponsorPresenceStatus = (typeof sponsorPresenceStatuses)[number];

export const sponsorPresences = sqliteTable("sponsor_presences", {
  sponsorshipId: text("sponsorship_id")
    .primaryKey()
    .references(() => sponsorships.id, { onDelete: "cascade" }),
  editionId: text("edition_id").notNull(),
  displayName: text("display_name").notNull().default(""),
  website: text("website"),
  description: text("description"),
  logoKey: text("logo_key"),
  logoType: text("logo_type"),
  logoWidth: integer("logo_width"),
  logoHeight: integer("logo_height"),
  status: text("status", { enum: sponsorPresenceStatuses }).notNull().default("draft"),
  submittedAt: text("submitted_at"),
  returnReason: text("return_reason"),
  reviewedAt: text("reviewed_at"),
  reviewedBy: text("reviewed_by"),
  shownName: text("shown_name"),
  shownWebsite: text("shown_website"),
  shownDescription: text("shown_description"),
  shownLogoKey: text("shown_logo_key"),
  shownLogoType: text("shown_logo_type"),
  shownLogoWidth: integer("shown_logo_width"),
  shownLogoHeight: integer("shown_logo_height"),
  approvedAt: text("approved_at"),
  updatedAt: text("updated_at").notNull(),
});

export type SponsorPresence = typeof sponsorPresences.$inferSelect;
