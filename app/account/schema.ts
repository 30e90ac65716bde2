/**
 * The /account forms (issue 13). One schema per form, zod/mini like the /auth
 * forms; a new password follows the sign-up rules (app/auth/schema.ts).
 * Passwords are never trimmed.
 */
import * as z from "zod/mini";
import { authLimits } from "~/auth/schema";
import { accountMessages } from "~/content/account";
import { authMessages } from "~/content/auth";
import { DISPLAY_NAME_MAX } from "~/content/credentials";
import { plainText } from "~/lib/plain-text";

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

const password = (required: string) =>
  z
    .string({ error: required })
    .check(
      z.minLength(1, { error: required }),
      z.maxLength(authLimits.password.max, { error: authMessages.passwordTooLong }),
    );

export const ChangePasswordSchema = z.object({
  currentPassword: password(accountMessages.currentPasswordRequired),
  newPassword: z
    .string({ error: authMessages.passwordTooShort })
    .check(
      z.minLength(authLimits.password.min, { error: authMessages.passwordTooShort }),
      z.maxLength(authLimits.password.max, { error: authMessages.passwordTooLong }),
    ),
});

/** Signing out every other device needs nothing but the button. */
export const SignOutOthersSchema = z.object({});

/** Enabling or disabling the second factor, and deleting the account: the password again. */
export const PasswordSchema = z.object({ password: password(accountMessages.passwordRequired) });

export const DeleteAccountSchema = z.object({
  password: password(accountMessages.passwordRequired),
  confirm: z.literal("yes", { error: accountMessages.confirmDeleteRequired }),
});

export const ConfirmTwoFactorSchema = z.object({
  code: z
    .string({ error: accountMessages.codeRequired })
    .check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, { error: accountMessages.codeRequired })),
  /** Only to show the QR code again after a wrong code; never used to verify. */
  totpURI: z.optional(z.string().check(z.maxLength(512))),
});

/** Where /account is, and what the sign-in gate says to a visitor who asks for it. */
export const ACCOUNT_PATH = "/account";
export const ACCOUNT_GATE_DESCRIPTION = "Please log in to see and manage your account";

/** /account's switch of one credential between public and private (issue 26). */
export const CredentialVisibilitySchema = z.object({
  credentialId: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  visibility: z.enum(["public", "private"]),
});

/** The name shown on the holder's credential pages (issue 26); empty shows none. */
export const DisplayNameSchema = z.object({
  displayName: z.optional(
    z
      .string()
      .check(
        z.overwrite(plainText),
        z.trim(),
        z.maxLength(DISPLAY_NAME_MAX, { error: accountMessages.displayNameTooLong }),
      ),
  ),
});
