/** What the contact form says: its refusals and toasts (SPEC.md §5, §8, verbatim). */
import { fieldMessages } from "./fields";

export const contactMessages = {
  nameTooShort: fieldMessages.nameTooShort,
  nameTooLong: fieldMessages.nameTooLong,
  emailInvalid: fieldMessages.emailInvalid,
  emailTooLong: fieldMessages.emailTooLong,
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

/** The answer to a client past the form's per-minute limit (issue 16). */
export const contactRateLimitMessage = "You've sent too many messages. Please wait a minute and try again.";
