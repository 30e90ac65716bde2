/**
 * The drizzle view of the organization dashboard's tables
 * (migrations/0008_organizations.sql, the source of truth): co-administrators
 * and their invitations, employees' invitations, the audit log.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { registrations } from "./payments-schema";

export const organizationAdmins = sqliteTable(
  "organization_admins",
  {
    registrationId: text("registration_id")
      .notNull()
      .references(() => registrations.id),
    userId: text("user_id").notNull(),
    addedBy: text("added_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.registrationId, table.userId] })],
);

export const organizationAdminInvitations = sqliteTable("organization_admin_invitations", {
  id: text("id").primaryKey(),
  registrationId: text("registration_id")
    .notNull()
    .references(() => registrations.id),
  /** Lower-cased. */
  email: text("email").notNull(),
  /** SHA-256 (hex) of the link's token; the token is never stored. */
  tokenHash: text("token_hash").notNull().unique(),
  invitedBy: text("invited_by").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  acceptedAt: text("accepted_at"),
  acceptedBy: text("accepted_by"),
  revokedAt: text("revoked_at"),
});

export const organizationEmployeeInvitations = sqliteTable("organization_employee_invitations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  registrationId: text("registration_id")
    .notNull()
    .references(() => registrations.id),
  /** Lower-cased. */
  email: text("email").notNull(),
  /** The Mountain-Time date it was sent on (YYYY-MM-DD): what the daily limit counts. */
  day: text("day").notNull(),
  invitedBy: text("invited_by").notNull(),
  createdAt: text("created_at").notNull(),
});
