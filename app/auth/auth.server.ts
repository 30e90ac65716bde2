/**
 * Accounts: better-auth with email and password on D1 (issue 7, docs/accounts.md).
 *
 * One better-auth instance per isolate and configuration (issue 34, ADR 020):
 * building one costs more than most requests do, and what it is built from
 * (the secret, production or not, the site's origin, the cost of password
 * hashes: each instance is keyed by all of them) does not change between
 * requests. What does change (the request's bindings, its origin for links in
 * e-mails, its id for logs) reaches the instance through an
 * AsyncLocalStorage scope that `createAuth` opens around every call: the
 * database adapter, the e-mails, the sign-up hook and the logger read it.
 * workerd forbids I/O and randomness at module scope, so the instance is
 * built on the first request that needs it. The same instance type serves the
 * Hono handler at /api/auth/* and the React Router actions of /auth, which
 * call its server API and forward its Set-Cookie so everything works without
 * JavaScript. Over HTTP it answers only the endpoints listed in
 * served-endpoints.ts (issue 50); the server API is not limited by it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getDb, type Db } from "~/db/client.server";
import { site } from "~/content/site";
import { queueSignupNotification } from "~/auth/signup-notification.server";
import { isProduction } from "~/lib/config.server";
import { log } from "~/lib/log.server";
import { plainText } from "~/lib/plain-text";
import { siteOrigin } from "~/lib/meta";
import { hashPassword, passwordHashParams, verifyPassword, type ScryptParams } from "~/auth/password.server";
import { DEVELOPMENT_AUTH_SECRET } from "~/auth/development-secret";
import { twoFactorPlugin } from "~/auth/two-factor-plugin.server";
import { recoveryAuthOptions } from "~/auth/recovery-auth.server";
import { markSecondFactorSession, secondFactorSessionFields } from "~/auth/second-factor-session.server";
import { secondFactorCodesPlugin } from "~/auth/second-factor-codes.server";
import { servedAuthPath } from "~/auth/served-endpoints";

/** Where better-auth's HTTP handler is mounted (workers/api/auth.ts). */
export const AUTH_BASE_PATH = "/api/auth";

/** SPEC.md §5 and §9: at least 6 characters; long passphrases are accepted whole. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;

export type AuthEnv = Pick<
  Env,
  "DB" | "ENVIRONMENT" | "BETTER_AUTH_SECRET" | "BASE_URL" | "NOTIFICATIONS" | "NOTIFY_TO" | "PASSWORD_HASH_COST"
>;

function authSecret(env: Pick<Env, "BETTER_AUTH_SECRET" | "ENVIRONMENT">): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (isProduction(env)) throw new Error("BETTER_AUTH_SECRET is required in production");
  return DEVELOPMENT_AUTH_SECRET;
}

/** The request a call into better-auth serves. */
interface AuthRequest {
  env: AuthEnv;
  origin: string;
  requestId?: string;
  /** Its drizzle instance, made on the first query. */
  db?: Db;
}

const authRequests = new AsyncLocalStorage<AuthRequest>();

function currentRequest(): AuthRequest {
  const current = authRequests.getStore();
  if (!current) throw new Error("better-auth was called outside a request: go through createAuth(env, request)");
  return current;
}

/**
 * The database of the request being served. better-auth builds its adapter
 * once per instance; this stand-in hands every property to the current
 * request's drizzle instance, on that request's D1 binding.
 */
const requestDb = new Proxy({} as Db, {
  get(_, property) {
    const current = currentRequest();
    const db = (current.db ??= getDb(current.env));
    const value: unknown = Reflect.get(db, property, db);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(db) : value;
  },
});

interface AuthConfiguration {
  baseURL: string;
  production: boolean;
  secret: string;
  /** The cost of new password hashes, which the environment sets (PASSWORD_HASH_COST, password.server.ts). */
  passwordHash: ScryptParams;
}

function buildAuth({ baseURL, production, secret, passwordHash }: AuthConfiguration) {
  const recovery = recoveryAuthOptions(currentRequest);
  return betterAuth({
    appName: site.name,
    baseURL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [baseURL],
    // The one drizzle schema (app/db/schema.ts) holds better-auth's tables among the others.
    database: drizzleAdapter(requestDb, { provider: "sqlite" }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Native scrypt instead of better-auth's pure-JavaScript one (ADR 005), at the configured cost.
      password: {
        hash: (password) => hashPassword(password, passwordHash),
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      // Password reset by e-mail (issue 13): app/auth/recovery-auth.server.ts.
      ...recovery.emailAndPassword,
    },
    // TOTP second factor and recovery codes (issue 13): /account enrolls, /auth/two-factor asks;
    // each authenticator code counts once, and wrong codes from a session lock (issue 50).
    plugins: [twoFactorPlugin(), secondFactorCodesPlugin(requestDb)],
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
            const { env, requestId } = currentRequest();
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
      // The session and its user in one statement (app/db/auth-schema.ts declares the relations).
      database: { joins: true },
    },
    telemetry: { enabled: false },
    logger: {
      // "info" would log e-mail addresses (e.g. a sign-up for an existing one).
      level: "warn",
      log(level, message) {
        if (level === "warn" || level === "error")
          log(level, "auth.library", { requestId: authRequests.getStore()?.requestId, message });
      },
    },
  });
}

type AuthInstance = ReturnType<typeof buildAuth>;

/**
 * The instances of this isolate, by configuration: one in production; a
 * few in tests, which run several environments (production or not, another
 * secret, the test cost of password hashes) in one isolate. Bounded, in case something varies that should not.
 */
const instances = new Map<string, AuthInstance>();
const MAX_INSTANCES = 8;

function instanceFor(configuration: AuthConfiguration): AuthInstance {
  const { production, baseURL, secret, passwordHash } = configuration;
  const key = JSON.stringify([production, baseURL, secret, passwordHash]);
  let auth = instances.get(key);
  if (!auth) {
    if (instances.size >= MAX_INSTANCES) instances.clear();
    auth = buildAuth(configuration);
    instances.set(key, auth);
  }
  return auth;
}

/**
 * better-auth for one request: its server API, its HTTP handler, and
 * `inRequest` for a call into its context, each run in this request's
 * scope. Cheap: the instance behind it is built once per configuration.
 */
export function createAuth(env: AuthEnv, request: Request, { requestId }: { requestId?: string } = {}) {
  const origin = siteOrigin(request, env);
  const scope: AuthRequest = { env, origin, requestId };
  const auth = authRequests.run(scope, () =>
    instanceFor({
      baseURL: origin,
      production: isProduction(env),
      secret: authSecret(env),
      passwordHash: passwordHashParams(env),
    }),
  );
  const api = new Proxy(auth.api, {
    get(target, name, receiver) {
      const endpoint: unknown = Reflect.get(target, name, receiver);
      if (typeof endpoint !== "function") return endpoint;
      return (...args: unknown[]) => authRequests.run(scope, () => (endpoint as (...a: unknown[]) => unknown)(...args));
    },
  });
  return {
    api,
    /** better-auth over HTTP: only the endpoints the site serves (served-endpoints.ts); the others answer 404. */
    handler: (incoming: Request) => {
      if (!servedAuthPath(new URL(incoming.url).pathname, AUTH_BASE_PATH)) {
        return Promise.resolve(new Response("Not Found", { status: 404 }));
      }
      return authRequests.run(scope, () => auth.handler(incoming));
    },
    /** Runs `use` in this request's scope, for what the API does not offer (better-auth's internal adapter). */
    inRequest: <T>(use: (instance: AuthInstance) => Promise<T>) => authRequests.run(scope, () => use(auth)),
  };
}

export type Auth = ReturnType<typeof createAuth>;
