/**
 * The judge/advisor interest notification: the organizers' mailbox (NOTIFY_TO)
 * receives each offer. Its payload is SPEC.md §7's call from the judge/advisor
 * page (name, email, subject, message), the message being a text body that
 * lists every field of the form (§3).
 */
import { z } from "zod";
import { roleLabels } from "~/content/interests";
import type { JudgeAdvisorInterest } from "~/interests/schema";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

export const JudgeAdvisorNotificationPayload = z.object({
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
});

export type JudgeAdvisorNotificationPayload = z.infer<typeof JudgeAdvisorNotificationPayload>;

/** '{Judge|Advisor} Interest - {organization}' (SPEC.md §3). */
export function judgeAdvisorSubject(interest: Pick<JudgeAdvisorInterest, "role" | "organization">): string {
  return oneLine(`${roleLabels[interest.role]} Interest - ${interest.organization}`);
}

/** The text body: one labelled line per field, long answers as paragraphs. */
export function judgeAdvisorMessage(interest: JudgeAdvisorInterest): string {
  return [
    `Role: ${roleLabels[interest.role]}`,
    `Name: ${interest.firstName} ${interest.lastName}`,
    `Email: ${interest.email}`,
    `Phone: ${interest.phone}`,
    `Organization: ${interest.organization}`,
    `Title: ${interest.title}`,
    `LinkedIn: ${interest.linkedIn ?? "(not given)"}`,
    "",
    "Areas of expertise:",
    interest.expertise,
    "",
    "Relevant experience:",
    interest.experience,
    "",
    "Motivation:",
    interest.motivation,
  ].join("\n");
}

export function judgeAdvisorPayload(interest: JudgeAdvisorInterest): JudgeAdvisorNotificationPayload {
  return {
    name: `${interest.firstName} ${interest.lastName}`,
    email: interest.email,
    subject: judgeAdvisorSubject(interest),
    message: judgeAdvisorMessage(interest),
  };
}

export const judgeAdvisorNotification = defineKind({
  kind: "judge-advisor-interest",
  payload: JudgeAdvisorNotificationPayload,
  subject: (payload) => oneLine(payload.subject),
  render(payload) {
    return {
      text: `${payload.message}\n\nReply to this e-mail to answer ${payload.name}.`,
      html: simpleHtml(
        payload.subject,
        [
          ["Name", payload.name],
          ["Email", payload.email],
        ],
        ["Details", payload.message],
      ),
      replyTo: payload.email,
    };
  },
});
