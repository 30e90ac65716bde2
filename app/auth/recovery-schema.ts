/**
 * The forms and toasts of e-mail verification and password reset (issue
 * 13; their messages are app/content/auth.ts's), for the browser and the
 * server alike. The new password follows the sign-up rules exactly: the same
 * zod field as SignUpSchema.
 */
import * as z from "zod/mini";
import { SignUpSchema } from "./schema";

export const ForgotPasswordSchema = z.object({ email: SignUpSchema.shape.email });

export const ResetPasswordSchema = z.object({
  token: z.string({ error: "This link is incomplete." }).check(z.minLength(1, { error: "This link is incomplete." })),
  password: SignUpSchema.shape.password,
});

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
