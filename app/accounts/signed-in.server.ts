/**
 * The middleware of every signed-in area's layout route (issue 21, ADR 013):
 * a visitor who is not signed in goes to /auth with the area's toast and
 * comes back afterwards; anyone else continues with the account, the
 * database and the clock on the request context (`signedInContext`).
 */
import type { MiddlewareFunction } from "react-router";
import { requestClock } from "~/clock/page-clock.server";
import { requestContext, signedInContext } from "~/context";
import { getDb } from "~/db/client.server";
import { requireUserForForm } from "./gate.server";

export function signedInMiddleware(
  gateDescription: string,
  /** Where to come back to after signing in, when not the URL asked for (a download comes back to its page). */
  returnTo?: (url: URL) => string | undefined,
): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    const user = await requireUserForForm(request, context, {
      description: gateDescription,
      returnTo: returnTo?.(new URL(request.url)),
    });
    const { now, edition } = requestClock(context);
    context.set(signedInContext, { user, db: getDb(context.get(requestContext).env), now, edition });
  };
}
