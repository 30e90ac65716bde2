/**
 * The registration forms' rules (SPEC.md §3, §5): one schema per form, shared
 * by the browser (Conform's client validation) and the server (the /register
 * action and POST /api/payments/create-registration-payment).
 * Prices are not here: the browser names a plan, the server prices it. Fields
 * such as priceId, amount or tier that a client adds are stripped, never read.
 * Written with zod/mini, which the browser can afford (ADR 004).
 */
import * as z from "zod/mini";
import { COMPANY_CODE_ALPHABET, COMPANY_CODE_LENGTH, normalizeCompanyCode } from "~/payments/company-code";

export const registrationMessages = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailInvalid: "Please enter a valid email address",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number",
  companyNameRequired: "Company name is required",
  titleRequired: "Job title is required",
  websiteRequired: "Employer website is required",
  urlInvalid: "Please enter a valid URL, such as https://example.com",
  tooLong: (max: number) => `Must be at most ${max} characters`,
  nameCharacters: "Please use only letters, spaces, hyphens, apostrophes and periods",
  companyCodeInvalid: `A company code has ${COMPANY_CODE_LENGTH} letters and digits`,
  companyCodeUnknown: "We couldn't find that company code. Check it with your organization, or leave it empty to pay.",
} as const;

/** The toasts of SPEC.md §8 for registration and sponsorship. */
export const paymentToasts = {
  registrationFailed: (message?: string) =>
    ({
      type: "error",
      title: "Registration Failed",
      description: message || "An error occurred during registration",
    }) as const,
  redirectingToPayment: {
    type: "info",
    title: "Redirecting to Payment",
    description: "Opening checkout in a new tab...",
  },
  verificationError: {
    type: "error",
    title: "Verification Error",
    description: "Unable to verify payment status. Please contact support.",
  },
} as const;

const m = registrationMessages;

/** A required text field: trimmed, not empty, bounded. */
export function requiredText(required: string, max = 100) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: m.tooLong(max) }));
}

/**
 * Letters and combining marks of any script, spaces, hyphens, apostrophes
 * (straight and curly) and periods: enough for "Mary-Jane O'Neil Jr." or
 * "Zoë Nguyễn", and nothing that reads as a link or a sentence of
 * instructions in the e-mails a name is written into (issue 16).
 */
export const NAME_PATTERN = /^[\p{L}\p{M}' \u2019.-]*$/u;

/** A person's first or last name: required, bounded, name characters only. */
export function nameField(required: string, max = 100) {
  return requiredText(required, max).check(z.regex(NAME_PATTERN, { error: m.nameCharacters }));
}

export const emailField = z.pipe(
  z.string({ error: m.emailInvalid }).check(z.trim(), z.maxLength(255, { error: m.tooLong(255) })),
  z.email({ error: m.emailInvalid }),
);

export const phoneField = requiredText(m.phoneRequired, 30).check(
  z.refine((value) => /^[+()\d\s.-]+$/.test(value) && (value.match(/\d/g) ?? []).length >= 7, {
    error: m.phoneInvalid,
  }),
);

/** A web address; "example.com" is read as https://example.com. */
export function urlField(required: string) {
  return z.pipe(
    z.pipe(
      requiredText(required, 2048),
      z.transform((value) => (/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`)),
    ),
    z.url({ protocol: /^https?$/, hostname: /\./, error: m.urlInvalid }),
  );
}

const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, { error: m.tooLong(max) }))),
    // Stored as NULL when empty (SPEC.md §3).
    z.transform((value) => (value ? value : undefined)),
  );

const employerCodeField = z
  .pipe(
    z.optional(z.string()),
    z.transform((value) => (value ? normalizeCompanyCode(value) : undefined)),
  )
  .check(
    z.refine(
      (code) =>
        code === undefined ||
        (code.length === COMPANY_CODE_LENGTH && [...code].every((c) => COMPANY_CODE_ALPHABET.includes(c))),
      { error: m.companyCodeInvalid },
    ),
  );

export const IndividualRegistrationSchema = z.object({
  registrationType: z.literal("individual"),
  firstName: nameField(m.firstNameRequired),
  lastName: nameField(m.lastNameRequired),
  email: emailField,
  phone: phoneField,
  companyName: optionalText(200),
  employerCode: employerCodeField,
});

export const WorkforceRegistrationSchema = z.object({
  registrationType: z.literal("workforce"),
  firstName: nameField(m.firstNameRequired),
  lastName: nameField(m.lastNameRequired),
  email: emailField,
  phone: phoneField,
  companyName: requiredText(m.companyNameRequired, 200),
  title: requiredText(m.titleRequired, 200),
  employerWebsite: urlField(m.websiteRequired),
});

/** Either form; what the JSON API accepts (SPEC.md §7 create-registration-payment). */
export const RegistrationSchema = z.discriminatedUnion("registrationType", [
  IndividualRegistrationSchema,
  WorkforceRegistrationSchema,
]);

export type IndividualRegistration = z.output<typeof IndividualRegistrationSchema>;
export type WorkforceRegistration = z.output<typeof WorkforceRegistrationSchema>;
export type RegistrationInput = z.output<typeof RegistrationSchema>;

export type RegisterTab = "individual" | "workforce";

/** `?tab=workforce` selects the Workforce tab; any other value or none selects Individual (SPEC.md §2). */
export function registerTab(value: string | null | undefined): RegisterTab {
  return value === "workforce" ? "workforce" : "individual";
}
