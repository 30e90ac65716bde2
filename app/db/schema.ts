/**
 * The drizzle view of the D1 tables. The SQL in migrations/ is the source of
 * truth (applied with `wrangler d1 migrations apply`); keep the two in step.
 */
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const isoNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const contactSubmissions = sqliteTable("contact_submissions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject"),
  message: text("message").notNull(),
  createdAt: text("created_at").notNull().default(isoNow),
});

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

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type MailboxMessage = typeof devMailbox.$inferSelect;

/** Offers to serve as a judge or advisor, from /judge-advisor-register (docs/accounts.md). */
export const judgeAdvisorInterests = sqliteTable("judge_advisor_interests", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The signed-in account that sent it (better-auth's user.id); NULL once that account is deleted. */
  userId: text("user_id"),
  role: text("role", { enum: ["judge", "advisor"] }).notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  organization: text("organization").notNull(),
  title: text("title").notNull(),
  linkedIn: text("linkedin"),
  expertise: text("expertise").notNull(),
  experience: text("experience").notNull(),
  motivation: text("motivation").notNull(),
  createdAt: text("created_at").notNull().default(isoNow),
});

export type JudgeAdvisorInterestRow = typeof judgeAdvisorInterests.$inferSelect;

/** Failed sign-ins within the lockout window (app/accounts/rate-limit.server.ts). */
export const signInFailures = sqliteTable("sign_in_failures", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull(),
  /** An IPv4 address or an IPv6 /64 (app/lib/client-limit.server.ts). */
  client: text("client").notNull(),
  failedAt: text("failed_at").notNull(),
});
