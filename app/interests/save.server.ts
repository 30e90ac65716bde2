/**
 * Stores a judge/advisor interest and its notification to the organizers in
 * one D1 batch (both or neither), then queues the notification.
 */
import { getDb } from "~/db/client.server";
import { judgeAdvisorInterests } from "~/db/schema";
import { organizersRecipient } from "~/notifications/recipients.server";
import { judgeAdvisorNotification, judgeAdvisorPayload } from "~/interests/notification.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import type { JudgeAdvisorInterest } from "~/interests/schema";

export async function saveJudgeAdvisorInterest(
  env: Pick<Env, "DB" | "NOTIFICATIONS" | "NOTIFY_TO">,
  interest: JudgeAdvisorInterest,
  { userId, now = new Date(), requestId }: { userId: string; now?: Date; requestId?: string },
): Promise<{ notificationId: string }> {
  const db = getDb(env);
  const notification = outboxInsert(db, judgeAdvisorNotification, {
    recipient: organizersRecipient(env),
    payload: judgeAdvisorPayload(interest),
    now,
  });
  await db.batch([
    db.insert(judgeAdvisorInterests).values({
      userId,
      role: interest.role,
      firstName: interest.firstName,
      lastName: interest.lastName,
      email: interest.email,
      phone: interest.phone,
      organization: interest.organization,
      title: interest.title,
      linkedIn: interest.linkedIn ?? null,
      expertise: interest.expertise,
      experience: interest.experience,
      motivation: interest.motivation,
      createdAt: now.toISOString(),
    }),
    notification.statement,
  ]);
  await enqueueNotifications(env, [notification.id], { requestId, kind: judgeAdvisorNotification.kind });
  return { notificationId: notification.id };
}
