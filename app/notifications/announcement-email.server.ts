/**
 * The e-mail of an announcement or a team message from the organizers' desk
 * to a person with an account (issue 33; app/notifications/announcements.server.ts),
 * and of every test send. Not a list e-mail: it is about the Challenge the
 * person takes part in, and its footer says why they get it and how to stop.
 * The next-edition list's announcements are their own kind, with the list's
 * unsubscribe link (app/next-edition/notification.server.ts).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { user } from "~/db/schema";
import { escapeHtml } from "~/lib/html";
import { announcementContent } from "~/next-edition/notification.server";
import { defineKind, oneLine, SuppressedNotification } from "./kind.server";

export const AnnouncementPayload = z.object({
  announcementId: z.string(),
  userId: z.string(),
  subject: z.string(),
  /** As written: plain text, paragraphs at blank lines. */
  body: z.string(),
  /** Why this person gets it and how to stop: the e-mail's last lines. */
  footer: z.string(),
  /** A test to the organizer: what it says above the text. */
  testNote: z.string().optional(),
});
export type AnnouncementPayload = z.infer<typeof AnnouncementPayload>;

/** An announcement or a team message to a person with an account (and every test send). */
export const announcementEmail = defineKind({
  kind: "announcement",
  payload: AnnouncementPayload,
  async prepare(payload, context) {
    const [row] = await context.db.select({ id: user.id }).from(user).where(eq(user.id, payload.userId)).limit(1);
    // The account was deleted after the e-mail was written: it is not sent.
    if (!row) throw new SuppressedNotification("account is gone");
    return payload;
  },
  subject: (payload) => oneLine(payload.subject),
  render(payload) {
    const content = announcementContent(payload.subject, payload.body);
    const note = payload.testNote
      ? `<p style="background:#fef3c7;padding:8px;border-radius:6px">${escapeHtml(payload.testNote)}</p>`
      : "";
    return {
      text: [...(payload.testNote ? [payload.testNote] : []), content.text, `--\n${payload.footer}`].join("\n\n"),
      html: content.html
        .replace("</h1>", `</h1>${note}`)
        .replace("</body>", `<hr><p style="font-size:12px;color:#475569">${escapeHtml(payload.footer)}</p></body>`),
    };
  },
});
