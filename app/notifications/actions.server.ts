/**
 * The outbox's one organizer action (issue 32): `notifications.requeue`
 * hands every dead e-mail back to the outbox's sweep, as
 * `npm run admin -- requeue-dead` does, from the desk's overview or the
 * organizer API, with its audit row. Failed e-mails (refused, unrenderable,
 * suppressed) stay failed: sending them again would not change the answer.
 */
import { count, eq } from "drizzle-orm";
import * as z from "zod/mini";
import { requeueMessages } from "~/content/organize";
import { notifications } from "~/db/schema";
import { defineOrganizerAction } from "~/organize/action.server";
import { requeueDeadStatement } from "./status.server";

export const requeueNotifications = defineOrganizerAction({
  id: "notifications.requeue",
  permission: "send:message",
  input: z.object({}),
  async run(_input, ctx) {
    const [row] = await ctx.db.select({ n: count() }).from(notifications).where(eq(notifications.status, "dead"));
    const dead = row?.n ?? 0;
    if (dead === 0) return { ok: false, message: requeueMessages.noneDead, status: 409 };
    return {
      ok: true,
      statements: [requeueDeadStatement(ctx.db)],
      audit: { summary: `Requeued ${dead} dead e-mail(s)`, targets: { status: "dead" }, after: { requeued: dead } },
      message: requeueMessages.done(dead),
      result: { requeued: dead },
    };
  },
});

export const notificationActions = [requeueNotifications];
