/** The e-mail outbox and the local mailbox (docs/notifications.md; the SQL in migrations/ is the source of truth). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { isoNow } from "./columns";

export const notificationStatuses = ["pending", "sent", "failed", "dead"] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

export const notifications = sqliteTable("notifications", {
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  /** JSON: the kind's payload, rendered into an e-mail by the consumer. */
  payload: text("payload").notNull(),
  status: text("status", { enum: notificationStatuses }).notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  providerMessageId: text("provider_message_id"),
  createdAt: text("created_at").notNull().default(isoNow),
  updatedAt: text("updated_at").notNull().default(isoNow),
  sentAt: text("sent_at"),
  /** When the sweep queued this dead row once more (migrations/0006_hardening.sql); it never does twice. */
  autoRequeuedAt: text("auto_requeued_at"),
});

export const devMailbox = sqliteTable("dev_mailbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  notificationId: text("notification_id").notNull().unique(),
  sender: text("sender").notNull(),
  recipient: text("recipient").notNull(),
  replyTo: text("reply_to"),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  /** JSON object of extra headers (List-Unsubscribe…), or NULL. */
  headers: text("headers"),
  createdAt: text("created_at").notNull().default(isoNow),
});

export type Notification = typeof notifications.$inferSelect;
export type MailboxMessage = typeof devMailbox.$inferSelect;

/**
 * Announcements and messages to one team from the organizers' desk
 * (migrations/0023_announcements.sql, issue 33). Their e-mails are outbox
 * rows "announcement:<id>:<recipient key>".
 */
export const announcements = sqliteTable("announcements", {
  id: text("id").primaryKey(),
  editionId: text("edition_id"),
  segment: text("segment").notNull(),
  teamId: text("team_id"),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: text("created_at").notNull(),
  lastBatchAt: text("last_batch_at").notNull(),
  finishedAt: text("finished_at"),
  written: integer("written").notNull().default(0),
});

export type Announcement = typeof announcements.$inferSelect;
