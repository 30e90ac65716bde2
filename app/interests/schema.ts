/**
 * The judge/advisor interest form (SPEC.md §3, §5): every field required but
 * linkedIn, which must be a web address when given. One schema for the
 * browser (Conform) and the server (the action), written with zod/mini, which
 * the browser can afford (ADR 004).
 */
import * as z from "zod/mini";
import { fieldMessages } from "~/content/fields";
import { judgeAdvisorMessages } from "~/content/interests";
import { emailField, nameField, normalizeNewlines, phoneField, requiredText } from "~/forms/fields";

export const JUDGE_ADVISOR_ROLES = ["judge", "advisor"] as const;
export type JudgeAdvisorRole = (typeof JUDGE_ADVISOR_ROLES)[number];

export const judgeAdvisorLimits = {
  organization: 200,
  title: 200,
  linkedIn: 500,
  longText: 2000,
} as const;

const m = judgeAdvisorMessages;
const L = judgeAdvisorLimits;

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
  firstName: nameField(fieldMessages.firstNameRequired),
  lastName: nameField(fieldMessages.lastNameRequired),
  email: emailField(),
  // A missing phone says it is not a valid one (the form shows no "required" wording).
  phone: phoneField(m.phone),
  role: z._default(z.enum(JUDGE_ADVISOR_ROLES, { error: m.role }), "judge"),
  organization: requiredText(m.organization, L.organization, m.organizationTooLong),
  title: requiredText(m.title, L.title, m.titleTooLong),
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
