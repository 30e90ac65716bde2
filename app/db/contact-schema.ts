/** The contact form's messages (migrations/0001_contact_and_notifications.sql, the source of truth). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { isoNow } from "./columns";

export const contactSubmissions = sqliteTable("contact_submissions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject"),
  message: text("message").notNull(),
  // Snake case, unlike the other tables: a row is the `record` of the contact
  // notification's payload (SPEC.md §7), so the message keeps one shape.
  created_at: text("created_at").notNull().default(isoNow),
});

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
