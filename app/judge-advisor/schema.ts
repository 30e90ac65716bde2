/**
 * The judge/advisor interest form (SPEC.md §3, §5): every field required but
 * linkedIn, which must be a web address when given. One schema for the
 * browser (Conform) and the server (the action), written with zod/mini, which
 * the browser can afford (ADR 004).
 */
import * as z from "zod/mini";
import { NAME_PATTERN, registrationMessages } from "~/payments/registration-form";

export const JUDGE_ADVISOR_ROLES = ["judge", "advisor"] as const;
export type JudgeAdvisorRole = (typeof JUDGE_ADVISOR_ROLES)[number];

export const roleLabels: Record<JudgeAdvisorRole, string> = { judge: "Judge", advisor: "Advisor" };

export const judgeAdvisorLimits = {
  name: 100,
  email: 255,
  phone: 30,
  organization: 200,
  title: 200,
  linkedIn: 500,
  longText: 2000,
} as const;

export const judgeAdvisorMessages = {
  firstName: "First name is required",
  lastName: "Last name is required",
  nameTooLong: "Name must be less than 100 characters",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be less than 255 characters",
  phone: "Please enter a valid phone number",
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

export const judgeAdvisorRateLimitMessage = "You've sent this form too many times. Please wait a minute and try again.";

export const judgeAdvisorToasts = {
  success: {
    type: "success",
    title: "Thank You!",
    description: "Your interest has been submitted. We'll be in touch soon!",
  },
  failure: { type: "error", title: "Submission Failed", description: "An error occurred. Please try again." },
} as const;

const m = judgeAdvisorMessages;
const L = judgeAdvisorLimits;
const normalizeNewlines = (value: string) => value.replace(/\r\n?/g, "\n");

const required = (message: string, max: number, tooLong: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: tooLong }));

const longText = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.overwrite(normalizeNewlines),
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(L.longText, { error: m.longTextTooLong }),
    );

export const JudgeAdvisorSchema = z.object({
  firstName: required(m.firstName, L.name, m.nameTooLong).check(
    z.regex(NAME_PATTERN, { error: registrationMessages.nameCharacters }),
  ),
  lastName: required(m.lastName, L.name, m.nameTooLong).check(
    z.regex(NAME_PATTERN, { error: registrationMessages.nameCharacters }),
  ),
  email: z.pipe(
    z.string({ error: m.emailInvalid }).check(z.trim(), z.maxLength(L.email, { error: m.emailTooLong })),
    z.email({ error: m.emailInvalid }),
  ),
  // Any notation people write (spaces, dashes, +1, parentheses), with at least 7 digits.
  phone: z.string({ error: m.phone }).check(
    z.trim(),
    z.maxLength(L.phone, { error: m.phone }),
    z.refine((value) => /^[0-9+().\-\s]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7, {
      error: m.phone,
    }),
  ),
  role: z._default(z.enum(JUDGE_ADVISOR_ROLES, { error: m.role }), "judge"),
  organization: required(m.organization, L.organization, m.organizationTooLong),
  title: required(m.title, L.title, m.titleTooLong),
  linkedIn: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(L.linkedIn, { error: m.linkedInTooLong })),
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: m.linkedIn }),
    ),
  ),
  expertise: longText(m.expertise),
  experience: longText(m.experience),
  motivation: longText(m.motivation),
});

export type JudgeAdvisorInput = z.input<typeof JudgeAdvisorSchema>;
export type JudgeAdvisorInterest = z.output<typeof JudgeAdvisorSchema>;
