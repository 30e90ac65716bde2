/**
 * The drizzle view of a recognized organization's listing
 * (migrations/0037_organization_listings.sql, the source of truth): what the
 * organization gave and the copy the registrar approved, which is all the
 * public page reads.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { registrations } from "./payments-schema";

export const organizationListingStatuses = ["submitted", "approved", "returned"] as const;
export type OrganizationListingStatus = (typeof organizationListingStatuses)[number];

export const organizationListings = sqliteTable("organization_listings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => registrations.id, { onDelete: "cascade" }),
  editionId: text("edition_id").notNull(),
  displayName: text("display_name").notNull(),
  website: text("website"),
  logoKey: text("logo_key"),
  logoType: text("logo_type"),
  logoWidth: integer("logo_width"),
  logoHeight: integer("logo_height"),
  status: text("status", { enum: organizationListingStatuses }).notNull().default("submitted"),
  submittedAt: text("submitted_at").notNull(),
  returnReason: text("return_reason"),
  reviewedAt: text("reviewed_at"),
  reviewedBy: text("reviewed_by"),
  shownName: text("shown_name"),
  shownWebsite: text("shown_website"),
  shownLogoKey: text("shown_logo_key"),
  shownLogoType: text("shown_logo_type"),
  shownLogoWidth: integer("shown_logo_width"),
  shownLogoHeight: integer("shown_logo_height"),
  approvedAt: text("approved_at"),
  updatedAt: text("updated_at").notNull(),
});

export type OrganizationListing = typeof organizationListings.$inferSelect;
