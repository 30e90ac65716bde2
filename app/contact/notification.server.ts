/**
 * The contact notification: the organizers' mailbox (NOTIFY_TO) hears of each
 * message sent through /contact. Its payload is the shape of SPEC.md §7's
 * send-contact-notification: type INSERT, table contact_submissions, record.
 */
import { z } from "zod";
import { site } from "~/content/site";
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
/** A contact_submissions row as stored, and the payload's record (app/db/contact-schema.ts). */
export type ContactRecord = ContactNotificationPayload["record"];

export const contactNotification = defineKind({
  kind: "contact",
  payload: ContactNotificationPayload,
  subject: ({ record }) => oneLine(`Contact form: ${record.subject ?? "(no subject)"} — from ${record.name}`),
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
      text,
      html: simpleHtml("New message from the contact form", fields, ["Message", record.message]),
      replyTo: record.email,
    };
  },
});
