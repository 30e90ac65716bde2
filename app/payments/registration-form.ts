/**
 * The registration forms' rules (SPEC.md §3, §5): one schema per form, shared
 * by the browser (Conform's client validation) and the server (the /register
 * action and POST /api/payments/create-registration-payment).
 * Prices are not here: the browser names a plan, the server prices it. Fields
 * such as priceId, amount or tier that a client adds are stripped, never read.
 * Written with zod/mini, which the browser can afford (ADR 004).
 */
import * as z from "zod/mini";
import { COMPANY_CODE_ALPHABET, COMPANY_CODE_LENGTH, registrationMessages } from "~/content/registration";
import { emailField, nameField, optionalText, phoneField, requiredText, urlField } from "~/forms/fields";
import { normalizeCompanyCode } from "~/payments/company-code";

const m = registrationMessages;

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
  email: emailField(),
  phone: phoneField(),
  companyName: optionalText(200),
  employerCode: employerCodeField,
});

export const WorkforceRegistrationSchema = z.object({
  registrationType: z.literal("workforce"),
  firstName: nameField(m.firstNameRequired),
  lastName: nameField(m.lastNameRequired),
  email: emailField(),
  phone: phoneField(),
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
