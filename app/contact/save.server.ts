/**
 * Stores a contact message and its notification to the organizers in one
 * D1 batch (both or neither), then queues the notification.
 */
import { getDb } from "~/db/client.server";
import { contactSubmissions } from "~/db/schema";
import { contactNotification, type ContactRecord } from "~/contact/notification.server";
import { organizersRecipient } from "~/notifications/recipients.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import type { ContactMessage } from "~/contact/schema";

export async function saveContactMessage(
  env: Pick<Env, "DB" | "NOTIFICATIONS" | "NOTIFY_TO">,
  message: ContactMessage,
  { now = new Date(), requestId }: { now?: Date; requestId?: string } = {},
): Promise<{ notificationId: string }> {
  const db = getDb(env);
  // One shape from here to the e-mail: the stored row is the payload's record.
  const record: ContactRecord = {
    name: message.name,
    email: message.email,
    subject: message.subject ?? null,
    message: message.message,
    created_at: now.toISOString(),
  };
  const notification = outboxInsert(db, contactNotification, {
    recipient: organizersRecipient(env),
    payload: { type: "INSERT", table: "contact_submissions", record },
    now,
  });
  await db.batch([db.insert(contactSubmissions).values(record), notification.statement]);
  await enqueueNotifications(env, [notification.id], { requestId, kind: contactNotification.kind });
  return { notificationId: notification.id };
}
