/**
 * The forms of e-mail verification and password reset (issue 13; their
 * messages and toasts are app/content/auth.ts's), for the browser and the
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
