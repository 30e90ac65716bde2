/**
 * Showing the recovery codes once, right after a second factor is confirmed.
 * Confirming replaces the session (better-auth signs the old one out), so the
 * action must redirect; this short-lived signed cookie tells the next GET of
 * /account to show the codes (read from better-auth, never put in the cookie)
 * and is cleared by that response.
 */
import { createCookie } from "react-router";
import { isProduction } from "~/lib/config.server";

const DEVELOPMENT_SECRET = "development-only-account-flash-secret-not-for-production";
const MAX_AGE_SECONDS = 300;

function flashCookie(env: Pick<Env, "ENVIRONMENT" | "BETTER_AUTH_SECRET">) {
  const production = isProduction(env);
  if (!env.BETTER_AUTH_SECRET && production) throw new Error("BETTER_AUTH_SECRET is required in production");
  return createCookie("recovery_codes", {
    // Not "/account": with JavaScript the page's data comes from /account.data, which that path would not match.
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: production,
    maxAge: MAX_AGE_SECONDS,
    secrets: [env.BETTER_AUTH_SECRET ?? DEVELOPMENT_SECRET],
  });
}

export async function showRecoveryCodesCookie(env: Env, userId: string): Promise<string> {
  return flashCookie(env).serialize({ userId, until: Date.now() + MAX_AGE_SECONDS * 1000 });
}

/** Whether to show this user's codes now, and the Set-Cookie that forgets the flag. */
export async function takeShowRecoveryCodes(
  env: Env,
  request: Request,
  userId: string,
): Promise<{ show: boolean; clear: string | null }> {
  const cookie = flashCookie(env);
  const value: unknown = await cookie.parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return { show: false, clear: null };
  const { userId: flagged, until } = value as { userId?: unknown; until?: unknown };
  const show = flagged === userId && typeof until === "number" && until > Date.now();
  return { show, clear: await cookie.serialize("", { maxAge: 0 }) };
}
