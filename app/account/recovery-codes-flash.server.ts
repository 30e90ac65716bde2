/**
 * Showing the recovery codes once, right after a second factor is confirmed.
 * Confirming replaces the session (better-auth signs the old one out), so the
 * action must redirect; this short-lived signed cookie tells the next GET of
 * /account to show the codes (read from better-auth, never put in the cookie)
 * and is cleared by that response.
 *
 * Clearing a cookie only asks the browser to forget it: a copy of its value
 * (another tab's request, a proxy log, a script) would show the codes again.
 * So the cookie carries only the id of a row in recovery_code_flashes, and
 * the first read deletes that row (issue 22): whoever comes second finds
 * nothing, whatever cookie they send.
 */
import { and, eq, gt, lte, or } from "drizzle-orm";
import { createCookie } from "react-router";
import { getDb } from "~/db/client.server";
import { recoveryCodeFlashes } from "~/db/schema";
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

/** Records the one showing this user may have, and returns the Set-Cookie that points to it. */
export async function showRecoveryCodesCookie(env: Env, userId: string): Promise<string> {
  const db = getDb(env);
  const id = crypto.randomUUID();
  const now = new Date();
  await db.batch([
    // The user's earlier, unused showings (and anyone's expired ones) go: at most one is ever live per user.
    db
      .delete(recoveryCodeFlashes)
      .where(or(eq(recoveryCodeFlashes.userId, userId), lte(recoveryCodeFlashes.expiresAt, now.toISOString()))),
    db.insert(recoveryCodeFlashes).values({
      id,
      userId,
      expiresAt: new Date(now.getTime() + MAX_AGE_SECONDS * 1000).toISOString(),
    }),
  ]);
  return flashCookie(env).serialize({ id });
}

/**
 * Whether to show this user's codes now, and the Set-Cookie that forgets the
 * flag. The row is deleted as it is read (DELETE … RETURNING, one statement),
 * so of two requests with the same cookie at most one sees it.
 */
export async function takeShowRecoveryCodes(
  env: Env,
  request: Request,
  userId: string,
): Promise<{ show: boolean; clear: string | null }> {
  const cookie = flashCookie(env);
  const value: unknown = await cookie.parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return { show: false, clear: null };
  const clear = await cookie.serialize("", { maxAge: 0 });
  const { id } = value as { id?: unknown };
  if (typeof id !== "string") return { show: false, clear };
  const taken = await getDb(env)
    .delete(recoveryCodeFlashes)
    .where(
      and(
        eq(recoveryCodeFlashes.id, id),
        eq(recoveryCodeFlashes.userId, userId),
        gt(recoveryCodeFlashes.expiresAt, new Date().toISOString()),
      ),
    )
    .returning({ id: recoveryCodeFlashes.id });
  return { show: taken.length > 0, clear };
}
