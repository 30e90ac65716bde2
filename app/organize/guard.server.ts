/**
 * Who may use the organizers' desk (issue 32, ADR 018), checked once per
 * request by the /organize layout's middleware, after `signedInMiddleware`
 * (a visitor signs in first and comes back). It admits a request only when
 * the account holds an organizer role, its address is verified, two-step
 * sign-in is on AND this session passed it, and the page asked for is one
 * of `deskPages` that the role may open. Everyone else gets a 404: nobody
 * learns what the desk holds, or who runs it.
 *
 * A desk session lasts a working day without activity (`deskRules.idleHours`
 * since its last desk request, on the worker's clock); past that the
 * session is signed out and the person signs in again, with the second
 * factor.
 */
import { eq } from "drizzle-orm";
import { createContext, data, type MiddlewareFunction } from "react-router";
import { signInFirst } from "~/auth/gate.server";
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

/** Whether the session's last desk request is older than a working day; records this one otherwise. */
async function sessionIdle(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ at: organizerSessions.lastRequestAt })
    .from(organizerSessions)
    .where(eq(organizerSessions.sessionId, sessionId))
    .limit(1);
  if (row && now.getTime() - new Date(row.at).getTime() > deskRules.idleHours * 3_600_000) return true;
  const at = now.toISOString();
  await db
    .insert(organizerSessions)
    .values({ sessionId, lastRequestAt: at })
    .onConflictDoUpdate({ target: organizerSessions.sessionId, set: { lastRequestAt: at } });
  return false;
}

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
  if (await sessionIdle(db, sessionId, now)) {
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
