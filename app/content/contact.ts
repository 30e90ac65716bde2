/** What the contact form says when it refuses a field (SPEC.md §5, §8, verbatim). */
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
