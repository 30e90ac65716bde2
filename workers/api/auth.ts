import { Hono, type Context } from "hono";
import {
  AUTH_RATE_LIMIT_MESSAGE,
  AUTH_RATE_LIMIT_RETRY_AFTER,
  authAttemptAllowed,
  clearSignInFailures,
  recordSignInFailure,
  type AuthAttempt,
} from "~/auth/rate-limit.server";
import { createAuth } from "~/auth/auth.server";
import { getSessionUser } from "~/auth/session.server";
import { accountEmailMinimumAnswerMs } from "~/content/limits";
import { accountAllowed, clientAllowed, type LimitScope } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import type { ApiEnv } from "./env";

/** better-auth's JSON endpoints that take a password, and which limit they count against. */
const limitedEndpoints: Record<string, AuthAttempt> = {
  "/api/auth/sign-in/email": "sign-in",
  "/api/auth/sign-up/email": "sign-up",
};

/**
 * Endpoints whose pages (/auth/forgot-password, /auth/reset-password,
 * /account/verify-email) count against a per-client scope: the JSON API counts
 * against the same one, so it is no way around the page (issue 22). The two
 * that mail an address also answer no sooner than the forgot-password page.
 */
const pageProtections: Record<string, { scope: LimitScope; attempt: string; fixedTime: boolean }> = {
  "/api/auth/request-password-reset": { scope: "auth:password-reset", attempt: "password-reset", fixedTime: true },
  "/api/auth/reset-password": { scope: "auth:password-reset", attempt: "reset-password", fixedTime: false },
  "/api/auth/send-verification-email": { scope: "auth:verify-email", attempt: "verify-email", fixedTime: true },
};

const CHANGE_PASSWORD_PATH = "/api/auth/change-password";

/**
 * A password change guesses the current password: counted per client and per
 * account (a stolen session used from many clients), as on /account (issue 22).
 */
async function passwordChangeAllowed(env: Env, request: Request, requestId: string): Promise<boolean> {
  if (!(await clientAllowed(env, "account:password", request))) return false;
  const user = await getSessionUser(request, env, { requestId });
  // No session: better-auth refuses it anyway, and the client's count already went up.
  return !user || (await accountAllowed(env, "account:password", user.id));
}

function tooMany(c: Context<ApiEnv>, attempt: string) {
  log("warn", "auth.rate_limited", { requestId: c.get("requestId"), attempt, via: "api" });
  return c.json({ code: "TOO_MANY_REQUESTS", message: AUTH_RATE_LIMIT_MESSAGE }, 429, {
    "Retry-After": String(AUTH_RATE_LIMIT_RETRY_AFTER),
  });
}

async function emailOf(request: Request): Promise<string | undefined> {
  try {
    const body: unknown = await request.clone().json();
    if (typeof body === "object" && body !== null && "email" in body && typeof body.email === "string") {
      return body.email;
    }
  } catch {
    // Not JSON: better-auth answers it with its own validation error.
  }
  return undefined;
}

/**
 * better-auth's HTTP handler for clients that speak JSON: only the endpoints
 * in app/auth/served-endpoints.ts (sign-up, sign-in, sign-out, session…), the
 * others answer 404 (issue 50); second-factor codes are checked only by the
 * site's pages. Every method: a GET-only route would 404 its POSTs. The site's
 * own pages use the same instance from their actions (app/routes/auth.tsx).
 */
export const authRoutes = new Hono<ApiEnv>().all("/*", async (c) => {
  const started = Date.now();
  const request = c.req.raw;
  const attempt = request.method === "POST" ? limitedEndpoints[c.req.path] : undefined;
  const email = attempt ? await emailOf(request) : undefined;
  if (attempt && !(await authAttemptAllowed(c.env, request, attempt, email))) return tooMany(c, attempt);
  const protection = request.method === "POST" ? pageProtections[c.req.path] : undefined;
  if (protection && !(await clientAllowed(c.env, protection.scope, request))) return tooMany(c, protection.attempt);
  if (request.method === "POST" && c.req.path === CHANGE_PASSWORD_PATH) {
    if (!(await passwordChangeAllowed(c.env, request, c.get("requestId")))) return tooMany(c, "change-password");
  }
  const response = await createAuth(c.env, request, { requestId: c.get("requestId") }).handler(request);
  if (protection?.fixedTime) {
    const remaining = accountEmailMinimumAnswerMs - (Date.now() - started);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  }
  if (attempt === "sign-in") {
    // The lockout rule's memory (ADR 008): a refused sign-in is a failure; one that worked clears this client's.
    if (response.ok) await clearSignInFailures(c.env, request, email);
    else if (response.status === 401) await recordSignInFailure(c.env, request, email);
  }
  return response;
});
