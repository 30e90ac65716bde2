/**
 * What signing up, signing in, e-mail verification and password reset say
 * (SPEC.md §8, issue 13): the forms' refusals and the links' answers, the same
 * words with JavaScript on and off. The second factor's are ./two-factor.ts.
 */
import { fieldMessages } from "./fields";

export const authMessages = {
  emailInvalid: fieldMessages.emailInvalid,
  emailTooLong: fieldMessages.emailTooLong,
  passwordTooShort: "Password must be at least 6 characters",
  passwordRequired: "Please enter your password",
  passwordTooLong: "Password must be at most 1024 characters",
} as const;

export const recoveryMessages = {
  /** The same answer whether or not the address has an account. */
  resetRequested:
    "If an account uses this address, we've sent it a link to choose a new password. It works once, for one hour. Check your spam folder if it doesn't arrive in a few minutes.",
  resetLinkInvalid: "This password reset link has expired or has already been used.",
  verifyLinkExpired: "This verification link has expired.",
  verifyLinkInvalid: "This verification link isn't valid. It may have been copied incompletely.",
  verifyLinkUsed: "This verification link has already been used: your e-mail address is verified.",
  verifyLinkMissing: "This page needs the link from your verification e-mail.",
  verificationRequired: "Please verify your e-mail address first: follow the link we e-mailed you.",
} as const;
