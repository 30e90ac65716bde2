/**
 * better-auth's options for e-mail verification and password reset (issue
 * 13), kept out of auth.server.ts so that file stays a list of settings.
 * - Verification: sent on sign-up (the person is signed in at once, SPEC.md
 *   §4) and on request; the link is better-auth's signed token (24 hours).
 * - Reset: a random token, stored hashed in `verification`, one hour, used
 *   once; a reset deletes every session of the account.
 * - A sign-up for an address that already has an account answers like a fresh
 *   one (200, no session) and warns the owner by e-mail (docs/accounts.md).
 */
import type { BetterAuthOptions } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { log } from "~/lib/log.server";
import {
  forgotPasswordLink,
  queueAccountEmail,
  RESET_LINK_SECONDS,
  resetLink,
  VERIFICATION_LINK_SECONDS,
  verificationLink,
} from "./account-emails.server";
import { authLimits } from "./schema";

/** What the e-mails need of the request being served: its bindings, its origin (for links) and its id (for logs). */
export interface RecoveryRequest {
  env: Pick<Env, "DB" | "NOTIFICATIONS">;
  origin: string;
  requestId?: string;
}

/** The path of better-auth's e-mail sign-up endpoint, as hooks see it. */
const SIGN_UP_PATH = "/sign-up/email";

/**
 * Built once with the auth configuration (auth.server.ts); each callback asks
 * `current()` for the request it serves, so a link, a queued e-mail and a log
 * line always belong to that request.
 */
export function recoveryAuthOptions(current: () => RecoveryRequest) {
  const logCapped = (event: string) => log("warn", event, { requestId: current().requestId });

  const emailAndPassword = {
    resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
    revokeSessionsOnPasswordReset: true,
    async sendResetPassword({ user, token }: { user: { email: string }; token: string }) {
      const { env, origin, requestId } = current();
      await queueAccountEmail(
        env,
        "password-reset",
        { email: user.email, url: resetLink(origin, token) },
        { requestId, log: logCapped },
      );
    },
  } satisfies Partial<NonNullable<BetterAuthOptions["emailAndPassword"]>>;

  const emailVerification = {
    sendOnSignUp: true,
    // Verifying proves the mailbox, it does not sign in whoever holds the link.
    autoSignInAfterVerification: false,
    expiresIn: VERIFICATION_LINK_SECONDS,
    async sendVerificationEmail({ user, token }: { user: { email: string }; token: string }) {
      const { env, origin, requestId } = current();
      await queueAccountEmail(
        env,
        "email-verification",
        { email: user.email, url: verificationLink(origin, token) },
        { requestId, log: logCapped },
      );
    },
  } satisfies BetterAuthOptions["emailVerification"];

  // Reset tokens are bearer secrets: D1 keeps only their SHA-256.
  const verification = { storeIdentifier: "hashed" } satisfies BetterAuthOptions["verification"];

  const hooks = {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== SIGN_UP_PATH) return;
      const body = (ctx.body ?? {}) as { email?: unknown; password?: unknown; name?: unknown };
      const { email, password } = body;
      // Anything the endpoint itself refuses (bad address, password too short or long) goes on to be refused.
      if (typeof email !== "string" || typeof password !== "string") return;
      if (password.length < authLimits.password.min || password.length > authLimits.password.max) return;
      const normalized = email.trim().toLowerCase();
      const existing = await ctx.context.internalAdapter.findUserByEmail(normalized);
      if (!existing?.user) return;
      // As long as a real sign-up: hash the password it would have stored.
      await ctx.context.password.hash(password);
      const { env, origin, requestId } = current();
      try {
        await queueAccountEmail(
          env,
          "existing-account-sign-up",
          { email: normalized, url: forgotPasswordLink(origin) },
          { requestId, log: logCapped },
        );
      } catch (error) {
        log("error", "auth.existing_address_email_failed", { requestId, error });
      }
      log("info", "auth.sign_up_existing_address", { requestId });
      const now = new Date();
      // better-auth's own shape for a sign-up it will not reveal (requireEmailVerification's generic answer).
      return ctx.json({
        token: null,
        user: {
          id: crypto.randomUUID(),
          email: normalized,
          name: typeof body.name === "string" ? body.name : "",
          image: null,
          emailVerified: false,
          createdAt: now,
          updatedAt: now,
        },
      });
    }),
  } satisfies BetterAuthOptions["hooks"];

  return { emailAndPassword, emailVerification, verification, hooks };
}
