/**
 * Who is signed in (issue 7, docs/accounts.md): the one way pages, actions and
 * the JSON API ask, built on better-auth's session (auth.server.ts).
 */
import { getSessionCookie } from "better-auth/cookies";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user as accounts } from "~/db/schema";
import { createAuth, type AuthEnv } from "~/auth/auth.server";
import { secondFactorInstant } from "~/auth/second-factor-session.server";
import { NO_SESSION, readSessionQuickly, type RequestSession, type SessionUser } from "./session-read.server";

// The session's shape is defined beside its quick read, which this module builds on; pages keep asking here.
export { NO_SESSION, type MenuFacts, type RequestSession, type SessionUser } from "./session-read.server";

/** Whether the account's address is verified: required for a Workforce Package and for a company code. */
export function isEmailVerified(user: Pick<SessionUser, "emailVerified"> | null | undefined): boolean {
  return user?.emailVerified === true;
}

/**
 * The signed-in user of this request, or null. Anonymous requests (no session
 * cookie) cost no database read; a signed-in one, one statement
 * (session-read.server.ts), unless better-auth has something to write (a
 * refresh, an expired session), when better-auth answers itself. `headers` may
 * carry a refreshed session cookie, to forward on the response. Pages ask
 * `requestSession` instead, which reads it once per request.
 */
export async function getSession(
  request: Request,
  env: AuthEnv,
  options: { requestId?: string } = {},
): Promise<RequestSession> {
  if (!getSessionCookie(request)) return NO_SESSION;
  const auth = createAuth(env, request, options);
  const read = await readSessionQuickly(request, env, auth);
  if (read) return read;
  const result = await auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  const found = result.response?.user;
  const user = found
    ? {
        id: found.id,
        email: found.email,
        createdAt: found.createdAt.toISOString(),
        emailVerified: found.emailVerified === true,
        twoFactorEnabled: found.twoFactorEnabled === true,
      }
    : null;
  const headers = result.headers.has("set-cookie") ? result.headers : null;
  const session = user ? result.response?.session : undefined;
  return {
    user,
    sessionId: session?.id ?? null,
    secondFactorAt: secondFactorInstant(session?.secondFactorAt),
    headers,
    menuFacts: null,
    deskSession: null,
  };
}

/** Shortcut for the JSON API, which has no request context: who is signed in. */
export async function getSessionUser(request: Request, env: AuthEnv, options: { requestId?: string } = {}) {
  return (await getSession(request, env, options)).user;
}

/**
 * Copies every Set-Cookie of `from` onto `to` (better-auth's session cookies
 * onto our redirect), except one `to` carries already: the session read is
 * shared, so the root loader and an area's middleware forward the same cookie.
 */
export function appendSetCookies(to: Headers, from: Headers | null | undefined): Headers {
  const present = new Set(to.getSetCookie());
  for (const cookie of from?.getSetCookie() ?? []) if (!present.has(cookie)) to.append("Set-Cookie", cookie);
  return to;
}

/**
 * The address of the account that owns a record: where its e-mails go (issue
 * 16), never an address typed into a form. Null once the account is deleted.
 */
export async function accountEmailOf(env: Pick<Env, "DB">, userId: string): Promise<string | null> {
  const [row] = await getDb(env)
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, userId))
    .limit(1);
  return row?.email ?? null;
}
