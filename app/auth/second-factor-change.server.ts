/**
 * Turning two-step sign-in on or off (issue 50). Whoever did it holds the one
 * session that stays: every other session of the account ends (one opened
 * with the password alone before the change, or with the old authenticator),
 * and the account's organizer API tokens are revoked for good: a token that
 * stopped working when two-step sign-in went off must not work again when it
 * comes back on (ADR 018), and a token made under one authenticator does not
 * outlive it.
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { organizerTokens, session } from "~/db/schema";

/** The session token better-auth set on `headers` (its signed cookie: token, dot, signature), or null. */
export function newSessionTokenOf(headers: Headers): string | null {
  for (const cookie of headers.getSetCookie()) {
    const value = /^(?:__Secure-)?better-auth\.session_token=([^;]*)/.exec(cookie)?.[1];
    if (!value) continue;
    const signed = decodeURIComponent(value);
    const dot = signed.lastIndexOf(".");
    if (dot > 0) return signed.slice(0, dot);
  }
  return null;
}

/**
 * After better-auth turned two-step sign-in on or off and replaced the
 * caller's session (its new cookie is on `answer`): ends the account's other
 * sessions and revokes its API tokens. Without a new session cookie, every
 * session ends (the caller signs in again).
 */
export async function endOthersAfterSecondFactorChange(
  env: Pick<Env, "DB">,
  account: { id: string; email: string },
  answer: Headers,
  now: Date,
): Promise<void> {
  const db = getDb(env);
  const kept = newSessionTokenOf(answer);
  const sessionsOfAccount = eq(session.userId, account.id);
  await db.batch([
    db.delete(session).where(kept ? and(sessionsOfAccount, ne(session.token, kept)) : sessionsOfAccount),
    db
      .update(organizerTokens)
      .set({ revokedAt: now.toISOString(), revokedBy: `organizer:${account.email}` })
      .where(and(eq(organizerTokens.userId, account.id), isNull(organizerTokens.revokedAt))),
  ]);
}
