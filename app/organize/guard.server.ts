/**
 * Who may use the organizers' desk (issue 32, ADR 018), checked once per
 * request by the /organize layout's middleware, after `signedInMiddleware`
 * (a visitor signs in first and comes back). It admits a request only when
 * the account holds an organizer role, its address is verified, two-step
 * sign-in is on AND this session passed it, and the page asked for is one
 * of `deskPages` that the role may open. Everyone else gets a 404, a visitor
 * who is not signed in too: nobody learns what the desk holds, or who runs it.
 *
 * A desk session lasts a working day without activity (`deskRules.idleHours`
 * since its last desk request, or since it passed the second factor if it
 * has made none, on the worker's clock); past that the
 * session is signed out and the person signs in again, with the second
 * factor.
 */
import { eq } from "drizzle-orm";
import { createContext, data, type MiddlewareFunction } from "react-router";
import { signInFirst } from "~/auth/gate.server";
import { requestSession } from "~/auth/request-session.server";
import { appendSetCookies } from "~/auth/session.server";
import { passedSecondFactor } from "~/auth/second-factor-session.server";
import { deskMessages, deskRules } from "~/content/organize";
import { requestContext, signedInContext, type SignedIn } from "~/context";
import type { Db } from "~/db/client.server";
import { organizerSessions, session, type OrganizerRoleName } from "~/db/schema";
import { log } from "~/lib/log.server";
import { siteOrigin } from "~/lib/meta";
import { discardBody } from "~/portal/guard.server";
import type { ActionContext, Actor } from "./action.server";
import { roleOf } from "./organizers.server";
import { deskPageFor, deskPages, type DeskPage } from "./pages";
import { can, type Permission } from "./roles";

export interface Desk extends SignedIn {
  env: Env;
  request: Request;
  requestId: string;
  role: OrganizerRoleName;
  /** The person, as every action they take records them. */
  actor: Extract<Actor, { kind: "person" }>;
  /** What an action run from this request gets (./action.server.ts). */
  action: ActionContext;
  /** The desk's menu: the pages this role may open. */
  menu: { path: string; label: string }[];
  can: (permission: Permission) => boolean;
}

export const deskContext = createContext<Desk>();

/**
 * Whether the session's last desk request is older than a working day;
 * records this one otherwise. A session that has not used the desk yet
 * counts from when it passed the second factor (ADR 021): a code typed days
 * ago does not open the desk today.
 */
async function sessionIdle(db: Db, sessionId: string, secondFactorAt: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ at: organizerSessions.lastRequestAt })
    .from(organizerSessions)
    .where(eq(organizerSessions.sessionId, sessionId))
    .limit(1);
  const idleLimit = deskRules.idleHours * 3_600_000;
  if (row) {
    if (now.getTime() - new Date(row.at).getTime() > idleLimit) return true;
  } else if (Date.now() - new Date(secondFactorAt).getTime() > idleLimit) {
    // better-auth stamps the mark with the machine's time, so it is measured on that time too: a preview's
    // APP_NOW a year ahead would otherwise end every new desk session at once.
    return true;
  }
  const at = now.toISOString();
  await db
    .insert(organizerSessions)
    .values({ sessionId, lastRequestAt: at })
    .onConflictDoUpdate({ target: organizerSessions.sessionId, set: { lastRequestAt: at } });
  return false;
}

/**
 * A visitor who is not signed in gets the same 404 as an address the desk
 * does not have (ADR 021): redirecting them to sign in told anyone which of
 * the desk's pages exist. Organizers sign in from /auth like everyone else.
 */
export const signedOutNotFound: MiddlewareFunction<Response> = async ({ request, context }) => {
  const session = await requestSession(request, context);
  if (session.user && session.sessionId) return;
  await discardBody(request);
  // An expired session's cookie is cleared on the way, as the sign-in gate does.
  const headers = new Headers();
  appendSetCookies(headers, session.headers);
  throw data(null, { status: 404, headers });
};

export const deskMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { env, requestId } = context.get(requestContext);
  const signedIn = context.get(signedInContext);
  const { user, db, now, edition, sessionId } = signedIn;
  const role = await roleOf(db, user.id);
  const page: DeskPage | null = deskPageFor(new URL(request.url).pathname);
  if (!role || !user.emailVerified || !passedSecondFactor(signedIn) || !page || !can(role, page.permission)) {
    if (role) log("info", "organize.desk_refused", { requestId, userId: user.id, role, path: page?.path ?? null });
    await discardBody(request);
    throw data(null, { status: 404 });
  }
  if (await sessionIdle(db, sessionId, signedIn.secondFactorAt!, now)) {
    await db.delete(session).where(eq(session.id, sessionId));
    log("info", "organize.desk_session_ended", { requestId, userId: user.id });
    await discardBody(request);
    throw await signInFirst(request, env, { description: deskMessages.sessionExpired });
  }
  const actor = { kind: "person", userId: user.id, email: user.email, role } as const;
  context.set(deskContext, {
    ...signedIn,
    env,
    request,
    requestId,
    role,
    actor,
    action: { env, db, now, edition, origin: siteOrigin(request, env), requestId, actor },
    menu: deskPages.flatMap((p: DeskPage) =>
      p.menu && can(role, p.permission) ? [{ path: p.path, label: p.menu }] : [],
    ),
    can: (permission) => can(role, permission),
  });
};
