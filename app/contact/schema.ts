/**
 * The contact form's rules (SPEC.md §5), refusing with SPEC.md §8's messages
 * (app/content/contact.ts). One schema for the browser (Conform's client
 * validation) and the server (the action), so both say the same thing.
 * Written with zod/mini, which the browser can afford (ADR 004).
 */
import * as z from "zod/mini";
import { contactMessages } from "~/content/contact";
import { emailField, fullNameField, normalizeNewlines, optionalText } from "~/forms/fields";

export const contactLimits = {
  name: { min: 2, max: 100 },
  email: { max: 255 },
  subject: { max: 200 },
  message: { min: 10, max: 2000 },
} as const;

const { subject, message } = contactLimits;
const m = contactMessages;

export const ContactSchema = z.object({
  // An empty input arrives as undefined (app/forms/parse.ts): a missing value gets the "too short" message.
  name: fullNameField(),
  email: emailField(),
  subject: optionalText(subject.max, m.subjectTooLong),
  message: z
    .string({ error: m.messageTooShort })
    .check(
      z.overwrite(normalizeNewlines),
      z.trim(),
      z.minLength(message.min, { error: m.messageTooShort }),
      z.maxLength(message.max, { error: m.messageTooLong }),
    ),
});

export type ContactInput = z.input<typeof ContactSchema>;
export type ContactMessage = z.output<typeof ContactSchema>;
