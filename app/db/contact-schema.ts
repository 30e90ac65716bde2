/** The contact form's messages (migrations/0001_contact_and_notifications.sql, the source of truth). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { isoNow } from "./columns";

export const contactSubmissions = sqliteTable("contact_submissions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject"),
  message: text("message").notNull(),
  createdAt: text("created_at").notNull().default(isoNow),
});

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
