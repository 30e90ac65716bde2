/**
 * Who is on /account (issue 13): the signed-in user with the fields the page
 * needs (e-mail verified, second factor) and the current session's id, or the
 * gate's redirect to /auth and back.
 */
import { getSessionCookie } from "better-auth/cookies";
import type { RouterContextProvider } from "react-router";
import { createAuth } from "~/accounts/auth.server";
import { requireUserForForm } from "~/accounts/gate.server";
import { requestContext } from "~/context";

export const ACCOUNT_PATH = "/account";

export const ACCOUNT_GATE_DESCRIPTION = "Please log in to see and manage your account";

export interface AccountUser {
  id: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
}

export interface AccountSession {
  user: AccountUser;
  sessionId: string;
  /** A refreshed session cookie to forward, if better-auth set one. */
  headers: Headers | null;
}

export async function requireAccount(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { returnTo = ACCOUNT_PATH }: { returnTo?: string } = {},
): Promise<AccountSession> {
  const { env, requestId } = context.get(requestContext);
  if (getSessionCookie(request)) {
    const result = await createAuth(env, request, { requestId }).api.getSession({
      headers: request.headers,
      returnHeaders: true,
    });
    const found = result.response;
    if (found) {
      return {
        user: {
          id: found.user.id,
          email: found.user.email,
          emailVerified: Boolean(found.user.emailVerified),
          twoFactorEnabled: Boolean(found.user.twoFactorEnabled),
          createdAt: found.user.createdAt.toISOString(),
        },
        sessionId: found.session.id,
        headers: result.headers.has("set-cookie") ? result.headers : null,
      };
    }
  }
  // Signed out: the gate throws its redirect to /auth?redirectTo=/account.
  await requireUserForForm(request, context, { description: ACCOUNT_GATE_DESCRIPTION, returnTo });
  throw new Error("requireUserForForm let a signed-out request through");
}
