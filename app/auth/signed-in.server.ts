/**
 * The middleware of every signed-in area's layout route (issue 21, ADR 013):
 * a visitor who is not signed in goes to /auth with the area's toast and
 * comes back afterwards; anyone else continues with the account, the
 * database and the clock on the request context (`signedInContext`). A
 * session cookie better-auth refreshed on the way is forwarded on the answer.
 */
import type { MiddlewareFunction } from "react-router";
import { requestClock } from "~/clock/page-clock.server";
import { requestContext, signedInContext } from "~/context";
import { getDb } from "~/db/client.server";
import { signInFirst } from "./gate.server";
import { appendSetCookies } from "./session.server";
import { requestSession } from "./request-session.server";

export function signedInMiddleware(
  gateDescription: string,
  /** Where to come back to after signing in, when not the URL asked for (a download comes back to its page). */
  returnTo?: (url: URL) => string | undefined,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const { env } = context.get(requestContext);
    // The request's one session read, which the root loader shares (issue 34).
    const session = await requestSession(request, context);
    if (!session.user || !session.sessionId) {
      const gate = await signInFirst(request, env, {
        description: gateDescription,
        returnTo: returnTo?.(new URL(request.url)),
      });
      // An expired session's cookie is cleared on the way to /auth.
      appendSetCookies(gate.headers, session.headers);
      throw gate;
    }
    const { now, edition } = requestClock(context);
    context.set(signedInContext, {
      user: session.user,
      sessionId: session.sessionId,
      secondFactorAt: session.secondFactorAt,
      db: getDb(env),
      now,
      edition,
    });
    const response = await next();
    if (!session.headers) return response;
    const forwarded = new Response(response.body, response);
    appendSetCookies(forwarded.headers, session.headers);
    return forwarded;
  };
}
