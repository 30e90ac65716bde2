import { Hono } from "hono";
import {
  AUTH_RATE_LIMIT_MESSAGE,
  AUTH_RATE_LIMIT_RETRY_AFTER,
  authAttemptAllowed,
  clearSignInFailures,
  recordSignInFailure,
  type AuthAttempt,
} from "~/accounts/rate-limit.server";
import { createAuth } from "~/accounts/auth.server";
import { twoFactorAttemptAllowed } from "~/accounts/two-factor.server";
import { log } from "~/lib/log.server";
import type { ApiEnv } from "./env";

/** better-auth's JSON endpoints that take a password, and which limit they count against. */
const limitedEndpoints: Record<string, AuthAttempt> = {
  "/api/auth/sign-in/email": "sign-in",
  "/api/auth/sign-up/email": "sign-up",
};

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
 * better-auth's HTTP handler (sign-up, sign-in, sign-out, session…) for
 * clients that speak JSON. Every method: a GET-only route would 404 its POSTs.
 * The site's own pages use the same instance from their actions (app/routes/auth.tsx).
 */
export const authRoutes = new Hono<ApiEnv>().all("/*", async (c) => {
  const request = c.req.raw;
  const attempt = request.method === "POST" ? limitedEndpoints[c.req.path] : undefined;
  const email = attempt ? await emailOf(request) : undefined;
  if (attempt && !(await authAttemptAllowed(c.env, request, attempt, email))) {
    log("warn", "auth.rate_limited", { requestId: c.get("requestId"), attempt, via: "api" });
    return c.json({ code: "TOO_MANY_REQUESTS", message: AUTH_RATE_LIMIT_MESSAGE }, 429, {
      "Retry-After": String(AUTH_RATE_LIMIT_RETRY_AFTER),
    });
  }
  // Second-factor codes are limited per client like the /auth/two-factor page (issue 13).
  if (request.method === "POST" && c.req.path.startsWith("/api/auth/two-factor/")) {
    if (!(await twoFactorAttemptAllowed(c.env, request))) {
      log("warn", "auth.rate_limited", { requestId: c.get("requestId"), attempt: "two-factor", via: "api" });
      return c.json({ code: "TOO_MANY_REQUESTS", message: AUTH_RATE_LIMIT_MESSAGE }, 429, {
        "Retry-After": String(AUTH_RATE_LIMIT_RETRY_AFTER),
      });
    }
  }
  const response = await createAuth(c.env, request, { requestId: c.get("requestId") }).handler(request);
  if (attempt === "sign-in") {
    // The lockout rule's memory (ADR 008): a refused sign-in is a failure; one that worked clears this client's.
    if (response.ok) await clearSignInFailures(c.env, request, email);
    else if (response.status === 401) await recordSignInFailure(c.env, request, email);
  }
  return response;
});
