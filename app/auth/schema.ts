/**
 * The /auth forms (SPEC.md §5, §8): email and password; at least 6 characters
 * on sign-up. One schema per form for the browser (Conform) and the server.
 * Passwords are never trimmed or cut: a passphrase is used whole, up to
 * PASSWORD_MAX_LENGTH characters (ADR 005). Written with zod/mini, which the
 * browser can afford (ADR 004).
 */
import * as z from "zod/mini";
import { authMessages } from "~/content/auth";
import { emailField } from "~/forms/fields";

export const authLimits = { email: { max: 255 }, password: { min: 6, max: 1024 } } as const;

export const AUTH_TABS = ["signup", "signin"] as const;
export type AuthTab = (typeof AUTH_TABS)[number];

/** ?tab=signin selects Sign In; anything else, or nothing, Sign Up (SPEC.md §2). */
export function authTab(value: string | null | undefined): AuthTab {
  return value === "signin" ? "signin" : "signup";
}

const m = authMessages;

export const SignUpSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: m.passwordTooShort })
    .check(
      z.minLength(authLimits.password.min, { error: m.passwordTooShort }),
      z.maxLength(authLimits.password.max, { error: m.passwordTooLong }),
    ),
});

export const SignInSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: m.passwordRequired })
    .check(
      z.minLength(1, { error: m.passwordRequired }),
      z.maxLength(authLimits.password.max, { error: m.passwordTooLong }),
    ),
});

export type SignUpInput = z.output<typeof SignUpSchema>;
