/**
 * The contact form's rules (SPEC.md §5) with the visitor-facing messages of
 * SPEC.md §8, verbatim. One schema for the browser (Conform's client
 * validation) and the server (the action), so both say the same thing.
 * Written with zod/mini, which the browser can afford (ADR 004).
 */
import * as z from "zod/mini";

export const contactLimits = {
  name: { min: 2, max: 100 },
  email: { max: 255 },
  subject: { max: 200 },
  message: { min: 10, max: 2000 },
} as const;

export const contactMessages = {
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: "Name must be less than 100 characters",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be less than 255 characters",
  subjectTooLong: "Subject must be less than 200 characters",
  messageTooShort: "Message must be at least 10 characters",
  messageTooLong: "Message must be less than 2000 characters",
} as const;

/** The toasts of SPEC.md §8 for this form. */
export const contactToasts = {
  success: {
    type: "success",
    title: "Message sent!",
    description: "Thank you for contacting us. We'll get back to you soon.",
  },
  failure: { type: "error", title: "Error", description: "Failed to send message. Please try again." },
} as const;

export const contactRateLimitMessage = "You've sent too many messages. Please wait a minute and try again.";

/**
 * Browsers submit a textarea's line breaks as CRLF but read them as LF: count
 * each as one character so the browser and the server agree on the length.
 */
const normalizeNewlines = (value: string) => value.replace(/\r\n?/g, "\n");

const { name, email, subject, message } = contactLimits;
const m = contactMessages;

export const ContactSchema = z.object({
  // An empty input arrives as undefined (app/forms/parse.ts): a missing value gets the "too short" message.
  name: z
    .string({ error: m.nameTooShort })
    .check(z.trim(), z.minLength(name.min, { error: m.nameTooShort }), z.maxLength(name.max, { error: m.nameTooLong })),
  email: z.pipe(
    z.string({ error: m.emailInvalid }).check(z.trim(), z.maxLength(email.max, { error: m.emailTooLong })),
    z.email({ error: m.emailInvalid }),
  ),
  subject: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(subject.max, { error: m.subjectTooLong }))),
    // Stored as NULL when empty (SPEC.md §3).
    z.transform((value) => (value ? value : undefined)),
  ),
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
