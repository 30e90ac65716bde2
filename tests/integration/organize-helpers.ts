/**
 * The organizers' desk's test people and doors (issue 32): organizers made
 * through the real sign-up, their role, verification, two-step sign-in and a
 * session past the second factor seeded in D1 (as judging-helpers does;
 * second-factor-session.test.ts goes through the real codes), API tokens
 * with a token the test knows, and requests to the desk (plain POST, as a
 * browser without JavaScript) and to the organizer API.
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createAuth } from "~/auth/auth.server";
import { verifySecondFactorAgain } from "~/auth/second-factor-session.server";
import { getDb } from "~/db/client.server";
import type { OrganizerRoleName } from "~/content/organize";
import type { ActionContext, Actor } from "~/organize/action.server";
import { TOKEN_PREFIX } from "~/organize/tokens.server";
import { edition2026 } from "../fixtures/edition-2026";
import { enableTotp, newAccount, totp } from "./account-helpers";
import { postForm, uniqueEmail, uniqueIp } from "./auth-helpers";
import { createOrganizerRole, createOrganizerToken } from "./factories";
import { account, sha256Hex, type Account, JUDGING } from "./judging-helpers";
import { fetchWithEnv } from "./worker";
import { withSiteEditions } from "./site-editions";

export { JUDGING };

export interface Organizer extends Account {
  role: OrganizerRoleName | null;
}

/** An organizer (or, with role null, a signed-in person with none), as `account` makes them. */
export async function organizer(
  role: OrganizerRoleName | null,
  options: Parameters<typeof account>[1] = {},
): Promise<Organizer> {
  const who = await account(role ?? "person", options);
  if (role) await grantDirectly(who.id, role);
  return { ...who, role };
}

export async function grantDirectly(userId: string, role: OrganizerRoleName) {
  await createOrganizerRole(userId, role);
}

/** An API token of `who`, stored as the desk stores one; returns the token. */
export async function tokenOf(who: { id: string }, name = "test token"): Promise<string> {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const token = `${TOKEN_PREFIX}${Array.from(crypto.getRandomValues(new Uint8Array(43)), (b) => alphabet[b % 64]).join("")}`;
  await createOrganizerToken({ userId: who.id, name, tokenHash: await sha256Hex(token) });
  return token;
}

/** A desk page as the person's browser asks for it (no redirect followed), at the judging window's date. */
export function deskGet(path: string, who?: { cookie: string }, clock: Partial<Env> = JUDGING) {
  return fetchWithEnv(path, clock, {
    headers: { ...(who?.cookie ? { cookie: who.cookie } : {}), "cf-connecting-ip": uniqueIp() },
    redirect: "manual",
  });
}

/** A desk form posted as a browser without JavaScript posts it. */
export function deskPost(path: string, fields: Record<string, string>, who?: { cookie: string }, clock = JUDGING) {
  return postForm(path, fields, { ip: uniqueIp(), cookie: who?.cookie, appNow: clock.APP_NOW });
}

/** A second director confirms a proposal on its desk page with a fresh code (303); answers the audit rows it wrote. */
export async function confirmOnDesk(
  location: string,
  director: { who: { cookie: string }; secret: string },
  clock = JUDGING,
): Promise<AuditRow[]> {
  const since = await lastAuditId();
  const confirmed = await deskPost(
    location,
    { intent: "confirm", code: await totp(director.secret) },
    director.who,
    clock,
  );
  expect(confirmed.status, await confirmed.clone().text()).toBe(303);
  return auditSince(since);
}

/** The organizer API, as the CLI calls it. */
export function api(
  method: "GET" | "POST",
  path: string,
  {
    token,
    body,
    clock = JUDGING,
    headers = {},
  }: { token?: string; body?: unknown; clock?: Partial<Env>; headers?: Record<string, string> } = {},
) {
  return fetchWithEnv(`/api/organize${path}`, clock, {
    method,
    headers: {
      "cf-connecting-ip": uniqueIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
}

export interface AuditRow {
  id: number;
  created_at: string;
  actor_kind: string;
  actor_user_id: string | null;
  actor_label: string;
  actor_role: string | null;
  token_id: string | null;
  action: string;
  summary: string;
  targets: string;
  facts_before: string | null;
  facts_after: string | null;
  reason: string | null;
  proposal_id: string | null;
  request_id: string | null;
}

/** The audit rows written after row `since` (the highest id before the step). */
export async function auditSince(since: number): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM events WHERE id > ? AND actor_kind <> 'account' ORDER BY id")
    .bind(since)
    .all<AuditRow>();
  return results;
}

export async function lastAuditId(): Promise<number> {
  const row = await env.DB.prepare("SELECT coalesce(max(id), 0) AS n FROM events").first<{ n: number }>();
  return row?.n ?? 0;
}

/** An action's context for calling the executor directly (the daily jobs' door, and the two-person rule's tests). */
export function actionContext(actor: Actor, now = new Date("2026-03-25T18:00:00.000Z")): ActionContext {
  return {
    env: withSiteEditions(env),
    db: getDb(env),
    now,
    edition: edition2026,
    origin: "http://localhost",
    requestId: `test-${crypto.randomUUID()}`,
    actor,
  };
}

export function personActor(who: Organizer): Actor {
  if (!who.role) throw new Error("not an organizer");
  return { kind: "person", userId: who.id, email: who.email, role: who.role };
}

/** A director with a real authenticator, and a function that checks a code as the confirmation form does. */
export async function directorWithAuthenticator() {
  const ip = uniqueIp();
  const me = await newAccount(uniqueEmail("director"), ip);
  await env.DB.prepare("UPDATE user SET email_verified = 1 WHERE id = ?").bind(me.id).run();
  const { secret, cookie, recoveryCodes } = await enableTotp(me, ip);
  await grantDirectly(me.id, "director");
  const request = new Request("http://localhost/organize/proposals/x", {
    method: "POST",
    headers: { cookie, "cf-connecting-ip": ip },
  });
  const who: Organizer = { ...me, cookie, role: "director" };
  const code = (value: string) => () => verifySecondFactorAgain(createAuth(env, request), request, value);
  // A code counts once: a step can't be reused, so a test that gives many codes uses these, one each.
  const unusedRecoveryCodes = [...recoveryCodes];
  const nextRecoveryCode = () => {
    const next = unusedRecoveryCodes.shift();
    if (!next) throw new Error("this director's ten recovery codes are used up");
    return next;
  };
  return { who, secret, code, nextRecoveryCode };
}
