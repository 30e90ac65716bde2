/**
 * Who may use the organizers' desk (issue 32, ADR 018), checked once per
 * request by the /organize layout's middleware, after `signedInMiddleware`
 * (a visitor signs in first and comes back). It admits a request only when
 * the account holds an organizer role, its address is verified, two-step
 * sign-in is on AND this session passed it, and the page asked for is one
 * of the desk's pages (app/desk/pages.ts, handed to `deskMiddleware` by the
 * /organize layout) that the role may open. Everyone else gets a 404, a visitor
 * who is not signed in too: nobody learns what the desk holds, or who runs it.
 *
 * A desk session lasts a working day without activity (`deskRules.idleHours`
 * since its last desk request, or since it passed the second factor if it
 * has made none, on the worker's clock; the last request is written at most
 * every `deskRules.touchEveryMinutes`, issue 56); past that the
 * session is signed out and the person signs in again, with the second
 * factor.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { createContext, data, type MiddlewareFunction } from "react-router";
import { signInFirst } from "~/auth/gate.server";
import { requestSession } from "~/auth/request-session.server";
import { appendSetCookies } from "~/auth/session.server";
import { passedSecondFactor } from "~/auth/second-factor-session.server";
import { deskMessages, deskRules, organizerRoleNames, organizerRoleText } from "~/content/organize";
import { requestContext, signedInContext, type SignedIn } from "~/context";
import type { Db } from "~/db/client.server";
import { organizerRoles, organizerSessions, session, type OrganizerRoleName } from "~/db/schema";
import { discardBody } from "~/lib/discard-body.server";
import { log } from "~/lib/log.server";
import { siteOrigin } from "~/lib/meta";
import type { ActionContext, Actor } from "./action.server";
import { derivedVersionQuery, type DerivedName } from "./kept.server";
import { shareOrganizerRole } from "~/account/request-reads.server";
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
  /** The version of the kept computation the page declared (`DeskPage.version`), read in the guard's batch. */
  version: { name: DerivedName; rows: { token: string }[] } | null;
}

export const deskContext = createContext<Desk>();

/** Who is at the desk, and the menu, as every desk page's header shows them. */
export function deskHeader(desk: Desk) {
  return { email: desk.user.email, role: organizerRoleText[desk.role].label, menu: desk.menu };
}

/** A page of the desk and the permission it needs; the list of them is app/desk/pages.ts. */
export interface DeskPage {
  /** The route's path; `:name` stands for one segment. */
  path: string;
  /** In the desk's menu, under this name; absent for pages reached from another (a CSV, one proposal). */
  menu?: string;
  permission: Permission;
  /**
   * A computation kept per isolate under a version (./kept.server.ts) that the page shows: the guard reads
   * its token in its own batch, so a page whose kept copy no longer holds computes it one round trip sooner.
   */
  version?: DerivedName;
}

/** The page of `pages` a request's path is for, or null. React Router's data requests (`.data`) count as their page. */
export function deskPageFor(pages: readonly DeskPage[], pathname: string): DeskPage | null {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const segments = path.split("/");
  return (
    pages.find((page) => {
      const pattern = page.path.split("/");
      return (
        pattern.length === segments.length &&
        pattern.every((part, i) => (part.startsWith(":") ? /^[\w-]{1,64}$/.test(segments[i]!) : part === segments[i]))
      );
    }) ?? null
  );
}

/** How often a desk session's last request is written: far under the idle limit, so it ends on time. */
const TOUCH_EVERY_MS = deskRules.touchEveryMinutes * 60_000;
const IDLE_LIMIT_MS = deskRules.idleHours * 3_600_000;

/**
 * What the guard needs from D1 (issue 56): the account's role, the desk
 * session's last request, and, for a request that the desk will admit, that
 * request recorded. The role and the last request come with the session's
 * own statement (app/auth/session-read.server.ts) when the quick read
 * answered (`known`); else they are read here. The record is written only
 * when the last one is older than `touchEveryMinutes`, and never for a
 * session past the idle limit (the write's own conditions, so two requests
 * at once cannot both move it, and the guard judges idleness on the row as it
 * was). A session without a row counts from when it passed the second factor
 * (ADR 021), on the machine's time: better-auth stamps the mark with that
 * time. Most desk requests, with everything known and nothing due, send no
 * statement here at all.
 */
async function deskGuardReads(
  db: Db,
  {
    userId,
    sessionId,
    secondFactorAt,
    now,
    admits,
    version,
    known,
  }: {
    userId: string;
    sessionId: string;
    secondFactorAt: string | null;
    now: Date;
    /** The roles that may open the page, when the session itself qualifies; null: record nothing. */
    admits: readonly OrganizerRoleName[] | null;
    /** The kept computation whose token the page needs, if any. */
    version: DerivedName | null;
    /** The role and the last request as the session's statement read them, if it did. */
    known: { role: OrganizerRoleName | null; lastRequestAt: string | null } | null;
  },
) {
  const roleRead = db
    .select({ role: organizerRoles.role })
    .from(organizerRoles)
    .where(eq(organizerRoles.userId, userId))
    .limit(1);
  const lastRequestRead = db
    .select({ at: organizerSessions.lastRequestAt })
    .from(organizerSessions)
    .where(eq(organizerSessions.sessionId, sessionId))
    .limit(1);
  const secondFactorFresh = secondFactorAt !== null && !secondFactorIdle(secondFactorAt);
  const at = now.toISOString();
  const touchDue =
    admits !== null &&
    admits.length > 0 &&
    // Known admitted and recently touched: nothing to write (the write's own conditions would refuse it).
    !(
      known &&
      (!known.role ||
        !admits.includes(known.role) ||
        (known.lastRequestAt !== null && now.getTime() - new Date(known.lastRequestAt).getTime() <= TOUCH_EVERY_MS))
    );
  // Built as drizzle's insert with a raw SELECT: drizzle cannot batch a raw statement with parameters.
  const touch =
    touchDue && admits
      ? db
          .insert(organizerSessions)
          .select(
            sql`SELECT ${sessionId}, ${at} FROM organizer_roles
              WHERE user_id = ${userId} AND role IN (${sql.join(
                admits.map((role) => sql`${role}`),
                sql`, `,
              )})
                AND (${secondFactorFresh ? 1 : 0} OR EXISTS (SELECT 1 FROM organizer_sessions WHERE session_id = ${sessionId}))`,
          )
          .onConflictDoUpdate({
            target: organizerSessions.sessionId,
            set: { lastRequestAt: sql`excluded.last_request_at` },
            setWhere: and(
              lt(organizerSessions.lastRequestAt, new Date(now.getTime() - TOUCH_EVERY_MS).toISOString()),
              gte(organizerSessions.lastRequestAt, new Date(now.getTime() - IDLE_LIMIT_MS).toISOString()),
            ),
          })
      : null;
  // Read before the page's rows, as a kept computation's token must be (ADR 020, "The report kept up to date").
  const versionRead = version ? derivedVersionQuery(db, version) : null;
  const statements: BatchItem<"sqlite">[] = [
    ...(known ? [] : [roleRead, lastRequestRead]),
    ...(versionRead ? [versionRead] : []),
    ...(touch ? [touch] : []),
  ];
  const [first, ...rest] = statements;
  const results: unknown[] = first ? await db.batch([first, ...rest]) : [];
  const [roleRows, lastRows] = known
    ? [[{ role: known.role }], [{ at: known.lastRequestAt }]]
    : (results.slice(0, 2) as [{ role: OrganizerRoleName }[], { at: string }[]]);
  const versionRows = versionRead ? (results[known ? 0 : 2] as { token: string }[]) : null;
  return {
    role: roleRows[0]?.role ?? null,
    lastRequestAt: lastRows[0]?.at ?? null,
    version: version && versionRows ? { name: version, rows: versionRows } : null,
  };
}

/** Whether a second-factor mark is older than the idle limit, on the machine's time (ADR 021). */
function secondFactorIdle(secondFactorAt: string): boolean {
  // better-auth stamps the mark with the machine's time, so it is measured on that time too: a preview's
  // APP_NOW a year ahead would otherwise end every new desk session at once.
  return Date.now() - new Date(secondFactorAt).getTime() > IDLE_LIMIT_MS;
}

/**
 * Whether the session's last desk request is older than a working day. A
 * session that has not used the desk yet counts from when it passed the
 * second factor (ADR 021): a code typed days ago does not open the desk today.
 */
function sessionIdle(lastRequestAt: string | null, secondFactorAt: string, now: Date): boolean {
  if (lastRequestAt) return now.getTime() - new Date(lastRequestAt).getTime() > IDLE_LIMIT_MS;
  return secondFactorIdle(secondFactorAt);
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

/** The desk's guard over `pages`: only they open, each for the roles holding its permission. */
export const deskMiddleware =
  (pages: readonly DeskPage[]): MiddlewareFunction<Response> =>
  async ({ request, context }) => {
    const { env, requestId } = context.get(requestContext);
    const signedIn = context.get(signedInContext);
    const { user, db, now, edition, sessionId } = signedIn;
    const page = deskPageFor(pages, new URL(request.url).pathname);
    const sessionQualifies = user.emailVerified && passedSecondFactor(signedIn);
    // The session's statement brought the role and the last request when the quick read answered (issue 56).
    const { menuFacts, deskSession } = await requestSession(request, context);
    const { role, lastRequestAt, version } = await deskGuardReads(db, {
      userId: user.id,
      sessionId,
      secondFactorAt: signedIn.secondFactorAt,
      now,
      admits: sessionQualifies && page ? organizerRoleNames.filter((r) => can(r, page.permission)) : null,
      version: sessionQualifies && page?.version ? page.version : null,
      known:
        menuFacts && deskSession ? { role: menuFacts.organizerRole, lastRequestAt: deskSession.lastRequestAt } : null,
    });
    // The header's account menu asks for the role too: it gets this read (issue 56).
    shareOrganizerRole(context, role);
    if (!role || !sessionQualifies || !page || !can(role, page.permission)) {
      if (role) log("info", "organize.desk_refused", { requestId, userId: user.id, role, path: page?.path ?? null });
      await discardBody(request);
      throw data(null, { status: 404 });
    }
    if (sessionIdle(lastRequestAt, signedIn.secondFactorAt!, now)) {
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
      menu: pages.flatMap((p) => (p.menu && can(role, p.permission) ? [{ path: p.path, label: p.menu }] : [])),
      can: (permission) => can(role, permission),
      version,
    });
  };
