/**
 * What the registration and sponsorship forms say when they refuse (SPEC.md
 * §5, §8), their toasts, and why a purchase waits for a verified address
 * (issue 13): the
 * same words on the page, with JavaScript on or off, and from the JSON API.
 */
import { fieldMessages } from "./fields";

/**
 * The company (organization enrollment) code a registration may carry: 12
 * characters from an alphabet without look-alikes (no 0/O, 1/I/L, U/V) give
 * 29^12 ≈ 3.5·10^17 codes (58 bits); guessing is also rate-limited
 * (app/payments/company-codes.server.ts). Kept here, beside the message that
 * states the length, rather than in ./limits.ts: that module's body sizes
 * keep the portal's and credentials' rules in every bundle that imports it,
 * which the registration forms' bundle need not carry.
 */
export const COMPANY_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789";
export const COMPANY_CODE_LENGTH = 12;

/** The registration forms' refusals (/register, and the JSON API's create-registration-payment). */
export const registrationMessages = {
  firstNameRequired: fieldMessages.firstNameRequired,
  lastNameRequired: fieldMessages.lastNameRequired,
  companyNameRequired: "Company name is required",
  titleRequired: "Job title is required",
  websiteRequired: "Employer website is required",
  companyCodeInvalid: `A company code has ${COMPANY_CODE_LENGTH} letters and digits`,
  companyCodeUnknown: "We couldn't find that company code. Check it with your organization, or leave it empty to pay.",
} as const;

/** The sponsorship form's own refusals; its other fields say what the registration forms say. */
export const sponsorMessages = {
  tierInvalid: "Please choose a sponsorship tier",
  companyUrlRequired: "Company website is required",
} as const;

/** Issue 13: an organization's purchase and a company-code enrollment need a verified address. */
export const unverifiedEmailMessages = {
  workforce:
    "Please verify your e-mail address before buying the Workforce Package: follow the link we e-mailed you, or ask for a new one.",
  companyCode:
    "Please verify your e-mail address before enrolling with a company code: follow the link we e-mailed you, or ask for a new one.",
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

/** The answers to a client past the per-minute limits on starting a payment and on trying company codes (issue 16). */
export const checkoutRateLimitMessage = "You've started too many payments. Please wait a minute and try again.";

export const companyCodeRateLimitMessage = "Too many company code attempts. Please wait a minute and try again.";
