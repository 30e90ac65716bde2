/** What /account's forms and their toasts say (issues 13, 26 and 31), the same words with JavaScript on and off. */
import { authMessages } from "./auth";
import { DISPLAY_NAME_MAX } from "./credentials";
import { displayNameChanges } from "./limits";

export const accountMessages = {
  currentPasswordRequired: "Please enter your current password",
  currentPasswordWrong: "That isn't your current password",
  passwordRequired: authMessages.passwordRequired,
  passwordWrong: "That password isn't right",
  codeRequired: "Please enter the 6-digit code from your authenticator app",
  codeWrong: "That code didn't work. Check the time on your phone and try again.",
  secondFactorFirst:
    "To turn two-step sign-in off, sign out and sign in again with your authenticator code (or a recovery code), then try again.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  failed: "Something went wrong. Please try again.",
  confirmDeleteRequired: "Please tick the box to confirm",
  credentialNotFound: "That credential isn't one of yours.",
  displayNameTooLong: `Please keep your display name to ${DISPLAY_NAME_MAX} characters`,
  displayNameLimit: (from: string) =>
    `You can change your display name ${displayNameChanges.max} times in ${displayNameChanges.days} days. You can change it again from ${from}.`,
} as const;

/** Flash toasts after a redirect back to /account (or home, after deletion). */
export const accountToasts = {
  passwordChanged: {
    type: "success",
    title: "Password Changed",
    description: "Your other devices have been signed out.",
  },
  othersSignedOut: {
    type: "success",
    title: "Signed Out Elsewhere",
    description: "Only this device is signed in now.",
  },
  twoFactorOn: {
    type: "success",
    title: "Two-Step Sign-In Is On",
    description: "Save your recovery codes now: they are shown only once.",
  },
  twoFactorOff: { type: "info", title: "Two-Step Sign-In Is Off", description: "Sign-in asks only for your password." },
  displayNameSaved: {
    type: "success",
    title: "Display Name Saved",
    description: "Your credential pages show it from now on.",
  },
  credentialPublic: {
    type: "success",
    title: "Credential Public",
    description: "Anyone with its link can see and verify it.",
  },
  credentialPrivate: {
    type: "info",
    title: "Credential Private",
    description: "Its page now shows only to you; its signed file still verifies wherever you share it.",
  },
  deleted: {
    type: "info",
    title: "Account Deleted",
    description: "Your account and its personal details have been removed. Thank you for taking part.",
  },
} as const;
