import { env } from "cloudflare:test";
import { fetchSite, fetchWithEnv } from "./worker";

export { uniqueEmail, uniqueIp } from "./contact-helpers";

/**
 * Posts a form as a browser without JavaScript does (urlencoded, same origin,
 * no redirect following); `appNow` sets the site's clock for this request.
 */
export function postForm(
  path: string,
  fields: Record<string, string>,
  init: { ip: string; cookie?: string; appNow?: string },
) {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    "cf-connecting-ip": init.ip,
    origin: "http://localhost",
    "sec-fetch-site": "same-origin",
  };
  if (init.cookie) headers.cookie = init.cookie;
  const request = {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  } as const;
  return init.appNow ? fetchWithEnv(path, { APP_NOW: init.appNow }, request) : fetchSite(path, request);
}

/** better-auth's JSON API, as a script or a future client would call it. */
export function postAuthApi(
  path: string,
  body: Record<string, unknown>,
  { ip, cookie }: { ip: string; cookie?: string },
) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "cf-connecting-ip": ip,
    origin: "http://localhost",
  };
  if (cookie) headers.cookie = cookie;
  return fetchSite(`/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body), redirect: "manual" });
}

/** The Cookie header a browser would send back after `response` (name=value of each Set-Cookie). */
export function cookieHeaderFrom(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const [name, ...rest] = pair.split("=");
    jar.set(name!, rest.join("="));
  }
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const [name, ...rest] = pair!.split("=");
    const value = rest.join("=");
    if (/max-age=0/i.test(cookie) || value === "") jar.delete(name!);
    else jar.set(name!, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export function sessionCookieOf(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => /better-auth\.session_token=/.test(cookie));
}

export interface UserRow {
  id: string;
  email: string;
  created_at: number;
}

export async function userByEmail(email: string): Promise<UserRow | null> {
  return env.DB.prepare("SELECT id, email, created_at FROM user WHERE email = ?")
    .bind(email.toLowerCase())
    .first<UserRow>();
}

export async function passwordHashOf(userId: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT password FROM account WHERE user_id = ? AND provider_id = 'credential'")
    .bind(userId)
    .first<{ password: string | null }>();
  return row?.password ?? null;
}

export async function notificationsOfKind(kind: string) {
  const { results } = await env.DB.prepare("SELECT * FROM notifications WHERE kind = ? ORDER BY created_at")
    .bind(kind)
    .all<{ id: string; recipient: string; subject: string; payload: string; status: string }>();
  return results;
}

/** Creates an account through the JSON API and returns its session cookie header. */
export async function createAccount(email: string, password = "a good passphrase", ip = "10.250.0.1") {
  const response = await postAuthApi("/sign-up/email", { email, password, name: "" }, { ip });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  await response.text();
  return cookieHeaderFrom(response);
}

/**
 * Marks an address verified directly in D1, for tests about something else
 * (a Workforce Package, a company code): recovery.test.ts goes through the
 * real link. Sessions read the column on each request, so a cookie from
 * before sees it at once.
 */
export async function markEmailVerified(email: string): Promise<void> {
  await env.DB.prepare("UPDATE user SET email_verified = 1 WHERE email = ?").bind(email.toLowerCase()).run();
}

/** createAccount, with the address already verified (issue 13's rule for workforce and company codes). */
export async function createVerifiedAccount(email: string, password = "a good passphrase", ip = "10.250.0.1") {
  const cookie = await createAccount(email, password, ip);
  await markEmailVerified(email);
  return cookie;
}

export { inOneRateLimitWindow } from "../rate-limit-window";
