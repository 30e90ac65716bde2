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

/** The signed-in account as pages see it (SPEC.md §3, Session user). */
export interface SessionUser {
  id: string;
  email: string;
  createdAt: string;
  /** The address was confirmed through the link e-mailed to it (issue 13). */
  emailVerified: boolean;
  /** Sign-in asks for a code from an authenticator app as well (issue 13). */
  twoFactorEnabled: boolean;
}

/** Whether the account's address is verified: required for a Workforce Package and for a company code. */
export function isEmailVerified(user: Pick<SessionUser, "emailVerified"> | null | undefined): boolean {
  return user?.emailVerified === true;
}

/**
 * The signed-in user of this request, or null. Anonymous requests (no session
 * cookie) cost no database read. `headers` may carry a refreshed session
 * cookie, to forward on the response.
 */
export async function getSession(
  request: Request,
  env: AuthEnv,
  options: { requestId?: string } = {},
): Promise<{
  user: SessionUser | null;
  sessionId: string | null;
  /** When this session passed the second factor (ISO), or null (app/auth/second-factor-session.server.ts). */
  secondFactorAt: string | null;
  headers: Headers | null;
}> {
  if (!getSessionCookie(request)) return { user: null, sessionId: null, secondFactorAt: null, headers: null };
  const result = await createAuth(env, request, options).api.getSession({
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
  };
}

/** Shortcut for actions that only need to know who is signed in. */
export async function getSessionUser(request: Request, env: AuthEnv, options: { requestId?: string } = {}) {
  return (await getSession(request, env, options)).user;
}

/** Copies every Set-Cookie of `from` onto `to` (better-auth's session cookies onto our redirect). */
export function appendSetCookies(to: Headers, from: Headers | null | undefined): Headers {
  for (const cookie of from?.getSetCookie() ?? []) to.append("Set-Cookie", cookie);
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
