/**
 * What the judge/advisor interest form (/judge-advisor-register, SPEC.md §5)
 * says: its roles, its refusals and its toasts. Its own module, not ./judges.ts: the form's
 * bundle then carries these words and not the /judges-advisors page's.
 */
import { fieldMessages } from "./fields";

export const judgeAdvisorMessages = {
  phone: fieldMessages.phoneInvalid,
  role: "Please choose judge or advisor",
  organization: "Organization is required",
  organizationTooLong: "Organization must be less than 200 characters",
  title: "Title is required",
  titleTooLong: "Title must be less than 200 characters",
  linkedIn: "Please enter a valid URL (starting with https://)",
  linkedInTooLong: "LinkedIn URL must be less than 500 characters",
  expertise: "Please describe your areas of expertise",
  experience: "Please describe your relevant experience",
  motivation: "Please tell us why you want to take part",
  longTextTooLong: "Please keep this under 2000 characters",
} as const;

/** Each role the form offers, as its radio button and the organizers' e-mail name it. */
export const roleLabels = { judge: "Judge", advisor: "Advisor" } as const;

export const judgeAdvisorRateLimitMessage = "You've sent this form too many times. Please wait a minute and try again.";

/** The toasts of SPEC.md §8 for this form. */
export const judgeAdvisorToasts = {
  success: {
    type: "success",
    title: "Thank You!",
    description: "Your interest has been submitted. We'll be in touch soon!",
  },
  failure: { type: "error", title: "Submission Failed", description: "An error occurred. Please try again." },
} as const;
