/**
 * The session read of a signed-in request, at its floor (issue 34, ADR 020):
 * exactly what better-auth's `getSession` does when it has nothing to write.
 * The signed session cookie, under the name better-auth gives it, is checked
 * against the secret (better-call's format: the token, a dot, its HMAC-SHA256
 * in base64), then the session and its user are read in one statement whose
 * SQL is built once per isolate, and the expiry is checked. Whenever
 * better-auth would write something (a session it would refresh today, an
 * expired or unknown one whose cookie it clears, a "don't remember me" or a
 * cookie-cache cookie), this answers `null` and `getSession` asks better-auth
 * itself. The cookie names, the secret and the session's ages are read from
 * better-auth's own configuration, never repeated here.
 */
import { eq, sql } from "drizzle-orm";
import type { Auth } from "~/auth/auth.server";
import { getDb, statementOnce } from "~/db/client.server";
import type { OrganizerRoleName } from "~/content/organize";
import {
  judges,
  organizationAdmins,
  organizerRoles,
  organizerSessions,
  registrations,
  session as sessions,
  user as accounts,
} from "~/db/schema";
import { managedOrganization, oldestFirst, type Organization } from "~/organization/managed.server";
import { paidWorkforce } from "~/organization/paid-workforce.server";

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

/**
 * What the header's account menu shows links for (app/account/areas.server.ts),
 * read in the session's own statement: the editions the account judges (not
 * stepped down) and the organizations it manages (the paid Workforce
 * Packages it owns or co-administers, oldest first). Read on this request,
 * like the session, so a change shows on the next page. The judging link only
 * shows or hides a link (/judging's middleware decides who enters); the
 * organizations are the very list the organization area's middleware and
 * /account would read (app/account/request-reads.server.ts), so an
 * organization's pages read no second statement to let its managers in.
 */
export interface MenuFacts {
  judgeOfEditions: string[];
  organizations: Organization[];
  /** The account's organizer role, or null: the menu's desk link, and the desk's guard's first check. */
  organizerRole: OrganizerRoleName | null;
}

/**
 * What the desk's guard reads of this session (app/organize/guard.server.ts),
 * read in the session's own statement (issue 56): its last desk request, or
 * null when it has made none. With the role in `MenuFacts`, the guard needs
 * no statement of its own on most requests.
 */
export interface DeskSessionFacts {
  lastRequestAt: string | null;
}

/** Who is signed in, this browser's session, and a refreshed session cookie to forward, if any. */
export interface RequestSession {
  user: SessionUser | null;
  sessionId: string | null;
  /** When this session passed the second factor (ISO), or null (app/auth/second-factor-session.server.ts). */
  secondFactorAt: string | null;
  headers: Headers | null;
  /** The menu's facts when the quick read answered; null when better-auth did (the menu reads them itself). */
  menuFacts?: MenuFacts | null;
  /** The desk session's facts when the quick read answered; null when better-auth did (the guard reads them). */
  deskSession?: DeskSessionFacts | null;
}

/** Nobody signed in. */
export const NO_SESSION: RequestSession = Object.freeze({
  user: null,
  sessionId: null,
  secondFactorAt: null,
  headers: null,
  menuFacts: null,
  deskSession: null,
});

const sessionAndUser = statementOnce((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      userId: accounts.id,
      email: accounts.email,
      createdAt: accounts.createdAt,
      emailVerified: accounts.emailVerified,
      twoFactorEnabled: accounts.twoFactorEnabled,
      // The menu's facts (issues 55 and 56): two correlated lookups in this statement cost less than two more
      // statements on every signed-in page (each a round trip to D1 and its results to decode).
      judgeOfEditions: sql<string | null>`(SELECT group_concat(${judges.editionId}, ' ') FROM ${judges}
        WHERE ${judges.userId} = ${accounts.id} AND ${judges.leftAt} IS NULL)`,
      // organizationsOf's rows (app/organization/managed.server.ts), as one JSON array; sorted below. Read from
      // the account's own registrations and administrations (CROSS JOIN keeps that order): led by the paid
      // status, SQLite walked every paid registration of every edition on every signed-in request (issue 56).
      organizations: sql<string>`(SELECT json_group_array(json_array(${registrations.id}, ${registrations.companyName},
          ${registrations.userId}, ${registrations.paidAt}, ${registrations.editionId}))
        FROM (SELECT ${registrations.id} AS managed_id FROM ${registrations} WHERE ${registrations.userId} = ${accounts.id}
          UNION SELECT ${organizationAdmins.registrationId} FROM ${organizationAdmins}
            WHERE ${organizationAdmins.userId} = ${accounts.id})
        CROSS JOIN ${registrations} ON ${registrations.id} = managed_id
        WHERE ${paidWorkforce})`,
      // The desk's guard's two reads (issue 56), each a primary-key lookup: every desk page read them in a
      // statement of their own, and every signed-in page read the role again for the menu's desk link.
      organizerRole: sql<OrganizerRoleName | null>`(SELECT ${organizerRoles.role} FROM ${organizerRoles}
        WHERE ${organizerRoles.userId} = ${accounts.id})`,
      deskLastRequestAt: sql<string | null>`(SELECT ${organizerSessions.lastRequestAt} FROM ${organizerSessions}
        WHERE ${organizerSessions.sessionId} = ${sessions.id})`,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1),
);

type Row = [
  sessionId: string,
  expiresAt: number,
  secondFactorAt: number | null,
  userId: string,
  email: string,
  createdAt: number,
  emailVerified: number,
  twoFactorEnabled: number | null,
  judgeOfEditions: string | null,
  organizations: string,
  organizerRole: OrganizerRoleName | null,
  deskLastRequestAt: string | null,
];

/** The HMAC key of each secret, imported once. */
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** A cookie's value as better-call reads it: the first of that name, unquoted, URI-decoded. */
function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}

/** The token of a correctly signed session cookie, else null (what better-call's getSignedCookie accepts). */
async function signedToken(value: string, secret: string): Promise<string | null> {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  try {
    const bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
    return (await crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, new TextEncoder().encode(token)))
      ? token
      : null;
  } catch {
    return null;
  }
}

/**
 * The session of `request` when reading it is all better-auth would do;
 * null when better-auth must answer (and write) itself.
 */
export async function readSessionQuickly(
  request: Request,
  env: Pick<Env, "DB">,
  auth: Auth,
): Promise<RequestSession | null> {
  const header = request.headers.get("cookie") ?? "";
  const { authCookies, secret, sessionConfig } = await auth.inRequest(async (instance) => instance.$context);
  if (cookieValue(header, authCookies.sessionData.name) !== null) return null;
  if (cookieValue(header, authCookies.dontRememberToken.name) !== null) return null;
  const value = cookieValue(header, authCookies.sessionToken.name);
  if (!value) return null;
  const token = await signedToken(value, secret);
  // A cookie that is not ours: no session, and better-auth would write nothing either.
  if (!token) return NO_SESSION;
  const [row] = await sessionAndUser(getDb(env), { token }).raw<Row>();
  if (!row) return null;
  const [
    sessionId,
    expiresAt,
    secondFactorAt,
    userId,
    email,
    createdAt,
    emailVerified,
    twoFactorEnabled,
    judgeOfEditions,
    organizations,
    organizerRole,
    deskLastRequestAt,
  ] = row;
  const now = Date.now();
  if (expiresAt < now) return null;
  // better-auth moves the expiry on (and sets the cookie again) once the session is `updateAge` old.
  if (expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now) return null;
  return {
    user: {
      id: userId,
      email,
      createdAt: new Date(createdAt).toISOString(),
      emailVerified: emailVerified === 1,
      twoFactorEnabled: twoFactorEnabled === 1,
    },
    sessionId,
    secondFactorAt: secondFactorAt === null ? null : new Date(secondFactorAt).toISOString(),
    headers: null,
    menuFacts: {
      judgeOfEditions: judgeOfEditions ? judgeOfEditions.split(" ") : [],
      organizations: managedOrganizations(organizations, userId),
      organizerRole,
    },
    deskSession: { lastRequestAt: deskLastRequestAt },
  };
}

type OrganizationRow = [
  id: string,
  companyName: string | null,
  userId: string,
  paidAt: string | null,
  editionId: string,
];

/** The session statement's organizations as organizationsOf gives them. */
function managedOrganizations(json: string, userId: string): Organization[] {
  return (JSON.parse(json) as OrganizationRow[])
    .map(([id, companyName, ownerUserId, paidAt, editionId]) =>
      managedOrganization({ id, companyName, userId: ownerUserId, paidAt, editionId }, userId),
    )
    .sort(oldestFirst);
}
