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
