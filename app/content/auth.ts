/**
 * What signing up, signing in, e-mail verification and password reset say
 * (SPEC.md §8, issue 13): the forms' refusals, the links' answers and the
 * toasts after their redirects, the same words with JavaScript on and off.
 * The second factor's are ./two-factor.ts.
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

/** Titles of SPEC.md §8; the descriptions never say whether an account exists. */
export const authToasts = {
  signUpSuccess: { type: "success", title: "Account Created!", description: "You can now register for the challenge" },
  signInSuccess: { type: "success", title: "Welcome Back!", description: "You've successfully logged in" },
  signUpFailure: {
    type: "error",
    title: "Sign Up Failed",
    description: "We couldn't create an account with these details. If you already have an account, sign in instead.",
  },
  signInFailure: { type: "error", title: "Login Failed", description: "Invalid email or password" },
  signedOut: { type: "info", title: "Signed Out", description: "You've been signed out." },
} as const;

/** The flash toasts after e-mail verification's and password reset's redirects. */
export const recoveryToasts = {
  emailVerified: {
    type: "success",
    title: "Email verified",
    description: "Thank you: your e-mail address is confirmed.",
  },
  verificationSent: (email: string) =>
    ({
      type: "success",
      title: "Verification email sent",
      description: `We sent a new link to ${email}. It works for 24 hours.`,
    }) as const,
  alreadyVerified: { type: "info", title: "Email verified", description: "Your e-mail address is already verified." },
  verificationCapped: {
    type: "error",
    title: "Please check your inbox",
    description:
      "We've sent several links in the last hour. The newest one works; please look in your spam folder or try again later.",
  },
  tooMany: { type: "error", title: "Too many attempts", description: "Please wait a minute and try again." },
  verifySignIn: {
    type: "info",
    title: "Authentication Required",
    description: "Please log in to get a new verification link",
  },
  passwordReset: {
    type: "success",
    title: "Password changed",
    description: "Sign in with your new password. You've been signed out everywhere else.",
  },
} as const;
