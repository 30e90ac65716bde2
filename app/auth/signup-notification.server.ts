/**
 * The sign-up notification: the organizers' mailbox (NOTIFY_TO) hears of each
 * new account. Its payload is SPEC.md §7's send-signup-notification: type
 * INSERT and the user's id, email and created_at.
 */
import { z } from "zod";
import { site } from "~/content/site";
import { getDb } from "~/db/client.server";
import { organizersRecipient } from "~/notifications/recipients.server";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";

export const SignupNotificationPayload = z.object({
  type: z.literal("INSERT"),
  user: z.object({ id: z.string(), email: z.string(), created_at: z.string() }),
});

export type SignupNotificationPayload = z.infer<typeof SignupNotificationPayload>;

export const signupNotification = defineKind({
  kind: "signup",
  payload: SignupNotificationPayload,
  subject: ({ user }) => oneLine(`New account - ${user.email}`),
  render({ user }) {
    const fields: [string, string][] = [
      ["Email", user.email],
      ["User id", user.id],
      ["Created", user.created_at],
    ];
    return {
      text: [
        `A new account was created on the ${site.name} website.`,
        "",
        ...fields.map(([label, value]) => `${label}: ${value}`),
      ].join("\n"),
      html: simpleHtml("New account", fields),
    };
  },
});

/**
 * Records the notification in the outbox and queues it. Called after
 * better-auth created the user (its own write, so not in one batch with it).
 */
export async function queueSignupNotification(
  env: Pick<Env, "DB" | "NOTIFICATIONS" | "NOTIFY_TO">,
  user: { id: string; email: string; createdAt: Date },
  { now = new Date(), requestId }: { now?: Date; requestId?: string } = {},
): Promise<{ notificationId: string }> {
  const db = getDb(env);
  const notification = outboxInsert(db, signupNotification, {
    recipient: organizersRecipient(env),
    payload: { type: "INSERT", user: { id: user.id, email: user.email, created_at: user.createdAt.toISOString() } },
    now,
  });
  await notification.statement;
  await enqueueNotifications(env, [notification.id], { requestId, kind: signupNotification.kind });
  return { notificationId: notification.id };
}
