/**
 * The drizzle view of the next-edition list (migrations/0005_next_edition_list.sql,
 * the source of truth). Gathered with the other tables by schema.ts.
 */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { isoNow } from "./columns";

export const subscriberStatuses = ["unconfirmed", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** The next-edition list (migrations/0005_next_edition_list.sql, docs/admin.md). */
export const nextEditionSubscribers = sqliteTable("next_edition_subscribers", {
  id: text("id").primaryKey(),
  /** Lower-cased, so one address is one entry. */
  email: text("email").notNull().unique(),
  name: text("name"),
  /** JSON array of interest keys, sorted. */
  interests: text("interests").notNull().default("[]"),
  status: text("status", { enum: subscriberStatuses }).notNull().default("unconfirmed"),
  confirmNonce: text("confirm_nonce"),
  unsubscribeNonce: text("unsubscribe_nonce").notNull(),
  /** A confirmed entry's change waiting for its confirmation link (migrations/0011): NULL when none. */
  pendingName: text("pending_name"),
  /** JSON array, sorted: the interests the entry will have once the change is confirmed. */
  pendingInterests: text("pending_interests"),
  confirmationSentAt: text("confirmation_sent_at"),
  confirmedAt: text("confirmed_at"),
  unsubscribedAt: text("unsubscribed_at"),
  createdAt: text("created_at").notNull().default(isoNow),
  updatedAt: text("updated_at").notNull().default(isoNow),
});

export type NextEditionSubscriber = typeof nextEditionSubscribers.$inferSelect;
