/**
 * One session read per request (issue 34, ADR 020), for loaders, actions and
 * middleware: kept apart from session.server.ts, which the JSON API, the
 * payments and the queue use without React Router.
 */
import { createContext, type RouterContextProvider } from "react-router";
import { shareOrganizations, shareOrganizerRole } from "~/account/request-reads.server";
import { requestContext } from "~/context";
import { getSession, type RequestSession, type SessionUser } from "./session.server";

/** This request's session read, once set (issue 34). */
const sessionOfRequest = createContext<Promise<RequestSession> | null>(null);

/**
 * The session of the request a loader, action or middleware serves, read
 * once per request and shared through the request's context (issue 34): the
 * root loader, an area's middleware, a page's view and an action all get the
 * same answer from one database read. A later change to the session in the
 * same request (signing in or out) goes through better-auth and a redirect.
 */
export function requestSession(request: Request, context: Readonly<RouterContextProvider>): Promise<RequestSession> {
  const read = context.get(sessionOfRequest);
  if (read) return read;
  const { env, requestId } = context.get(requestContext);
  const session = getSession(request, env, { requestId }).then((read) => {
    // The organizations and the role came with the session (its menu's facts): shared before anyone awaiting the
    // session goes on.
    if (read.menuFacts) {
      shareOrganizations(context, read.menuFacts.organizations);
      shareOrganizerRole(context, read.menuFacts.organizerRole);
    }
    return read;
  });
  context.set(sessionOfRequest, session);
  return session;
}

/** Who is signed in on this request (read once per request, `requestSession`). */
export async function requestSessionUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser | null> {
  return (await requestSession(request, context)).user;
}
