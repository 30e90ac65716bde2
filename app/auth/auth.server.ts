/**
 * Accounts: better-auth with email and password on D1 (issue 7, docs/accounts.md).
 *
 * Built per request from `env` (workerd forbids I/O and randomness at module
 * scope, and the base URL may be the request's origin locally). The same
 * instance type serves the Hono handler at /api/auth/* and the React Router
 * actions of /auth, which call its server API and forward its Set-Cookie so
 * everything works without JavaScript.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getDb } from "~/db/client.server";
import { site } from "~/content/site";
import { queueSignupNotification } from "~/auth/signup-notification.server";
import { isProduction } from "~/lib/config.server";
import { log } from "~/lib/log.server";
import { plainText } from "~/lib/plain-text";
import { siteOrigin } from "~/lib/meta";
import { hashPassword, passwordHashParams, verifyPassword } from "~/auth/password.server";
import { twoFactorPlugin } from "~/auth/two-factor-plugin.server";
import { recoveryAuthOptions } from "~/auth/recovery-auth.server";
import { markSecondFactorSession, secondFactorSessionFields } from "~/auth/second-factor-session.server";

/** Where better-auth's HTTP handler is mounted (workers/api/auth.ts). */
export const AUTH_BASE_PATH = "/api/auth";

/** SPEC.md §5 and §9: at least 6 characters; long passphrases are accepted whole. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * Signs session cookies locally when no secret is configured. Public, so
 * production refuses to start without BETTER_AUTH_SECRET (config.server.ts).
 */
const DEVELOPMENT_SECRET = "development-only-better-auth-secret-not-for-production-use";

export type AuthEnv = Pick<
  Env,
  "DB" | "ENVIRONMENT" | "BETTER_AUTH_SECRET" | "BASE_URL" | "NOTIFICATIONS" | "NOTIFY_TO" | "PASSWORD_HASH_COST"
>;

function authSecret(env: Pick<Env, "BETTER_AUTH_SECRET" | "ENVIRONMENT">): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (isProduction(env)) throw new Error("BETTER_AUTH_SECRET is required in production");
  return DEVELOPMENT_SECRET;
}

export function createAuth(env: AuthEnv, request: Request, { requestId }: { requestId?: string } = {}) {
  const baseURL = siteOrigin(request, env);
  const production = isProduction(env);
  const recovery = recoveryAuthOptions(env, baseURL, { requestId });
  return betterAuth({
    appName: site.name,
    baseURL,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(env),
    trustedOrigins: [baseURL],
    // The display name changes on /account only, where it is limited (issue 31); nothing else uses update-user.
    disabledPaths: ["/update-user"],
    // The one drizzle instance: its schema (app/db/schema.ts) holds better-auth's tables among the others.
    database: drizzleAdapter(getDb(env), { provider: "sqlite" }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Native scrypt instead of better-auth's pure-JavaScript one (ADR 005), at the configured cost.
      password: {
        hash: (password) => hashPassword(password, passwordHashParams(env)),
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      // Password reset by e-mail (issue 13): app/auth/recovery-auth.server.ts.
      ...recovery.emailAndPassword,
    },
    // TOTP second factor and recovery codes (issue 13): /account enrolls, /auth/two-factor asks.
    plugins: [twoFactorPlugin()],
    // E-mail verification, hashed reset tokens, the existing-address sign-up (issue 13).
    emailVerification: recovery.emailVerification,
    verification: recovery.verification,
    hooks: recovery.hooks,
    // Whether each session passed the second factor itself (ADR 018): judges and the desk require it.
    session: { additionalFields: secondFactorSessionFields },
    databaseHooks: {
      session: { create: { before: markSecondFactorSession } },
      user: {
        create: {
          // A name given through the JSON sign-up is stored as plain text, as /account stores it (issue 31).
          async before(user) {
            return { data: { ...user, name: plainText(user.name ?? "").trim() } };
          },
          // SPEC.md §7 send-signup-notification: a failure is only logged, the account stands.
          async after(user) {
            try {
              await queueSignupNotification(env, user, { requestId });
            } catch (error) {
              log("error", "auth.signup_notification_failed", { requestId, userId: user.id, error });
            }
          },
        },
      },
    },
    // better-auth's own limiter keeps counts in isolate memory, which means
    // nothing on Workers: sign-in and sign-up are limited with the
    // RATE_LIMITER binding instead (app/auth/rate-limit.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: production,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: production },
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
    },
    telemetry: { enabled: false },
    logger: {
      // "info" would log e-mail addresses (e.g. a sign-up for an existing one).
      level: "warn",
      log(level, message) {
        if (level === "warn" || level === "error") log(level, "auth.library", { requestId, message });
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
