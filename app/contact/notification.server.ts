/**
 * The contact notification: the organizers' mailbox (NOTIFY_TO) hears of each
 * message sent through /contact. Its payload is the shape of SPEC.md §7's
 * send-contact-notification: type INSERT, table contact_submissions, record.
 */
import { z } from "zod";
import { site } from "~/content/site";
import { siteContact } from "~/lib/site-config.server";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

export const ContactNotificationPayload = z.object({
  type: z.literal("INSERT"),
  table: z.literal("contact_submissions"),
  record: z.object({
    name: z.string(),
    email: z.string(),
    subject: z.string().nullable(),
    message: z.string(),
    created_at: z.string(),
  }),
});

export type ContactNotificationPayload = z.infer<typeof ContactNotificationPayload>;

export const contactNotification = defineKind({
  kind: "contact",
  payload: ContactNotificationPayload,
  render({ record }) {
    const subjectLine = record.subject ?? "(no subject)";
    const fields: [string, string][] = [
      ["Name", record.name],
      ["Email", record.email],
      ["Subject", subjectLine],
      ["Received", record.created_at],
    ];
    const text = [
      `New message from the ${site.name} contact form.`,
      "",
      ...fields.map(([label, value]) => `${label}: ${value}`),
      "",
      "Message:",
      record.message,
      "",
      "Reply to this e-mail to answer the sender.",
    ].join("\n");
    return {
      subject: oneLine(`Contact form: ${subjectLine} — from ${record.name}`),
      text,
      html: simpleHtml("New message from the contact form", fields, ["Message", record.message]),
      replyTo: record.email,
    };
  },
});

/** The organizers' mailbox; locally, the site's configured public address stands in. */
export function contactRecipient(
  env: Pick<Env, "NOTIFY_TO" | "CONTACT_EMAIL" | "CONTACT_PHONE" | "ORGANIZER_LEGAL_NAME">,
): string {
  return env.NOTIFY_TO || siteContact(env).email;
}
