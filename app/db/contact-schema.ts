/** The contact form's messages (migrations/0001_contact_and_notifications.sql and 0022_handled.sql, the sources of truth). */
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
  /** When an organizer marked it handled, and who ("organizer:<email>"); NULL while it waits (0022). */
  handledAt: text("handled_at"),
  handledBy: text("handled_by"),
});

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
