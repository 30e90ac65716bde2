/**
 * Issue 13: e-mail verification, password reset, the existing-address
 * sign-up and the verified-address rule, through the built worker with the
 * real better-auth on D1. E-mail is read from the outbox (the notifications
 * table): the links it would send are in each row's payload.
 */
import { env } from "cloudflare:test";
import { signJWT } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import {
  cookieHeaderFrom,
  createAccount,
  inOneRateLimitWindow,
  markEmailVerified,
  notificationsOfKind,
  postAuthApi,
  sessionCookieOf,
  uniqueEmail,
  uniqueIp,
  userByEmail,
} from "./auth-helpers";
import { individualFields, sponsorFields, workforceFields } from "./payments-helpers";
import { expectHtmlNotToContain, expectHtmlToContain } from "./html";
import { fetchSite, fetchWithEnv } from "./worker";

/** A secret of the test's own, so it can sign tokens the worker accepts (and expired ones). */
const SECRET = "a-test-secret-for-recovery-tests-32-characters";
const WITH_SECRET: Partial<Env> = { BETTER_AUTH_SECRET: SECRET };
/** Registration is open on this day (the early-bird phase). */
const EARLY: Partial<Env> = { ...WITH_SECRET, APP_NOW: "2025-12-01T12:00:00-07:00" };

function send(
  path: string,
  {
    method = "GET",
    fields,
    json,
    cookie,
    ip = uniqueIp(),
    overrides = WITH_SECRET,
  }: {
    method?: string;
    fields?: Record<string, string>;
    json?: unknown;
    cookie?: string;
    ip?: string;
    overrides?: Partial<Env>;
  } = {},
) {
  const headers: Record<string, string> = { "cf-connecting-ip": ip, origin: "http://localhost" };
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (fields) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers["sec-fetch-site"] = "same-origin";
    body = new URLSearchParams(fields).toString();
  } else if (json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(json);
  }
  return fetchWithEnv(path, overrides, {
    method: fields || json !== undefined ? "POST" : method,
    headers,
    body,
    redirect: "manual",
  });
}

/** The page a redirect leads to, with the cookies it set (e.g. the toast). */
async function follow(response: Response, cookie = "", overrides = WITH_SECRET) {
  const location = response.headers.get("location");
  if (!location) throw new Error(`expected a redirect, got ${response.status}`);
  await response.text();
  const next = await fetchWithEnv(location, overrides, {
    headers: { cookie: cookieHeaderFrom(response, cookie) },
    redirect: "manual",
  });
  return { location, html: await next.text(), status: next.status };
}

/** Signs up on /auth (no JavaScript); answers the session cookie header. */
async function signUp(email: string, password = "a good passphrase") {
  const response = await send("/auth", { fields: { intent: "signup", email, password } });
  expect(response.status).toBe(302);
  await response.text();
  return cookieHeaderFrom(response);
}

/** The newest link e-mailed to `email` by `kind`, as a path on this site. */
async function mailedPath(kind: string, email: string): Promise<string> {
  const rows = (await notificationsOfKind(kind)).filter((row) => row.recipient === email);
  const last = rows.at(-1);
  if (!last) throw new Error(`no ${kind} e-mail to ${email}`);
  const url = new URL((JSON.parse(last.payload) as { url: string }).url);
  return `${url.pathname}${url.search}`;
}

async function isVerified(email: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT email_verified FROM user WHERE email = ?")
    .bind(email)
    .first<{ email_verified: number }>();
  return row?.email_verified === 1;
}

async function sessionOf(cookie: string): Promise<{ user: { email: string } } | null> {
  return (await fetchWithEnv("/api/auth/get-session", WITH_SECRET, { headers: { cookie } })).json();
}

async function signIn(email: string, password: string) {
  return send("/api/auth/sign-in/email", { json: { email, password } });
}

describe("e-mail verification", () => {
  it("signs up as before (signed in, toast, /register) and queues a link that verifies once", async () => {
    const email = uniqueEmail("verify");
    const cookie = await signUp(email);
    expect(await sessionOf(cookie)).toMatchObject({ user: { email } });
    expect(await isVerified(email)).toBe(false);
    const [row] = (await notificationsOfKind("email-verification")).filter((r) => r.recipient === email);
    expect(row?.subject).toBe("Verify your e-mail address for the Idaho AI Challenge");

    const link = await mailedPath("email-verification", email);
    expect(link).toMatch(/^\/verify-email\?token=[\w.-]+$/);
    const verify = await send(link, { cookie });
    expect(verify.status).toBe(302);
    const landed = await follow(verify, cookie);
    expect(landed.location).toBe("/register");
    expectHtmlToContain(landed.html, "Email verified", "your e-mail address is confirmed");
    // The unverified notice is gone from /register.
    expectHtmlNotToContain(landed.html, 'data-testid="verify-email-notice"');
    expect(await isVerified(email)).toBe(true);

    // The same link again: a clear page, not a second success.
    const reused = await send(link, { cookie });
    expect(reused.status).toBe(200);
    expectHtmlToContain(await reused.text(), "This verification link has already been used");
  });

  it("verifies from another browser without signing it in", async () => {
    const email = uniqueEmail("verify-elsewhere");
    await signUp(email);
    const verify = await send(await mailedPath("email-verification", email));
    expect(verify.status).toBe(302);
    expect(sessionCookieOf(verify)).toBeUndefined();
    await verify.text();
    expect(await isVerified(email)).toBe(true);
  });

  it("refuses an expired link and offers a new one to the signed-in owner", async () => {
    const email = uniqueEmail("expired");
    const cookie = await signUp(email);
    const user = await userByEmail(email);
    const expired = await signJWT({ email, userId: user!.id }, SECRET, -60);
    const response = await send(`/verify-email?token=${expired}`, { cookie });
    expect(response.status).toBe(410);
    const html = await response.text();
    expectHtmlToContain(html, "This verification link has expired.", 'action="/account/verify-email"');
    expect(await isVerified(email)).toBe(false);
    // The same claims, unexpired and signed with the worker's secret, do work: only the expiry was wrong.
    const fresh = await signJWT({ email, userId: user!.id }, SECRET, 600);
    expect((await send(`/verify-email?token=${fresh}`)).status).toBe(302);
  });

  it("refuses a tampered link, or one signed with another secret, and verifies nothing", async () => {
    const email = uniqueEmail("tampered");
    await signUp(email);
    const link = await mailedPath("email-verification", email);
    const token = new URL(link, "http://localhost").searchParams.get("token")!;
    const [header, , signature] = token.split(".");
    const otherClaims = btoa(JSON.stringify({ email, userId: "someone-else", exp: 4102444800 }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    const forged = await signJWT({ email }, "not-the-worker-secret-at-all-but-long-enough", 600);
    for (const bad of [`${header}.${otherClaims}.${signature}`, forged, "not-a-token", `${token}x`]) {
      const response = await send(`/verify-email?token=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      const html = await response.text();
      expectHtmlToContain(html, "This verification link isn&#x27;t valid.", "sign in");
    }
    expect(await isVerified(email)).toBe(false);
    const missing = await send("/verify-email");
    expect(missing.status).toBe(400);
    expectHtmlToContain(await missing.text(), "This page needs the link from your verification e-mail.");
  });

  it("resends to the signed-in account, three links an hour at most, and asks a signed-out visitor to log in", async () => {
    const email = uniqueEmail("resend");
    const cookie = await signUp(email);
    const resend = () => send("/account/verify-email", { fields: { redirectTo: "/register?tab=workforce" }, cookie });

    // The sign-up sent the first; two more go out.
    for (let i = 0; i < 2; i++) {
      const response = await resend();
      expect(response.status).toBe(302);
      const { location, html } = await follow(response, cookie, EARLY);
      expect(location).toBe("/register?tab=workforce");
      expectHtmlToContain(html, "Verification email sent", `We sent a new link to ${email}`);
    }
    expect((await notificationsOfKind("email-verification")).filter((r) => r.recipient === email)).toHaveLength(3);
    const capped = await follow(await resend(), cookie, EARLY);
    expectHtmlToContain(capped.html, "Please check your inbox", "several links in the last hour");
    expect((await notificationsOfKind("email-verification")).filter((r) => r.recipient === email)).toHaveLength(3);

    // Any of the links verifies; after that a resend just says so.
    const verify = await send(await mailedPath("email-verification", email));
    expect(verify.status).toBe(302);
    await verify.text();
    const done = await follow(await resend(), cookie, EARLY);
    expectHtmlToContain(done.html, "Your e-mail address is already verified.");

    const signedOut = await send("/account/verify-email", { fields: { redirectTo: "/register" } });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/auth?tab=signin");
    await signedOut.text();
    // An outside target is not followed.
    const outside = await send("/account/verify-email", { fields: { redirectTo: "//evil.example" }, cookie });
    expect(outside.headers.get("location")).toBe("/register");
    await outside.text();
  });

  it("limits resends per client", { timeout: 90_000 }, async () => {
    const { locations, last } = await inOneRateLimitWindow(async () => {
      const ip = uniqueIp();
      const locations: string[] = [];
      let last = "";
      for (let i = 0; i < 11; i++) {
        const response = await send("/account/verify-email", { fields: { redirectTo: "/register" }, ip });
        locations.push(response.headers.get("location") ?? "");
        if (i === 10) last = (await follow(response)).html;
        else await response.text();
      }
      return { locations, last };
    });
    expect(locations.slice(0, 10).every((l) => l === "/auth?tab=signin")).toBe(true);
    expect(locations[10]).toBe("/register");
    expectHtmlToContain(last, "Too many attempts");
  });
});

describe("a sign-up for an address that already has an account", () => {
  it("looks like a fresh sign-up on the page and on the API, and warns the owner with a reset link", async () => {
    const email = uniqueEmail("existing");
    await createAccount(email, "the owner's passphrase", uniqueIp());
    const fresh = await send("/auth", {
      fields: { intent: "signup", email: uniqueEmail("new"), password: "whatever1" },
    });
    const again = await send("/auth", { fields: { intent: "signup", email, password: "whatever1" } });
    expect(again.status).toBe(fresh.status);
    expect(again.headers.get("location")).toBe(fresh.headers.get("location"));
    expect(sessionCookieOf(again)).toBeUndefined();
    const [freshPage, againPage] = [await follow(fresh), await follow(again)];
    for (const page of [freshPage, againPage]) {
      expectHtmlToContain(page.html, "Account Created!", "You can now register for the challenge");
    }

    const warnings = (await notificationsOfKind("existing-account-sign-up")).filter((r) => r.recipient === email);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.subject).toBe("Someone tried to sign up with your e-mail address");
    expect(JSON.parse(warnings[0]!.payload)).toEqual({ email, url: "http://localhost/auth/forgot-password" });
    // The owner's account is untouched: the old password still signs in.
    const owner = await signIn(email, "the owner's passphrase");
    expect(owner.status).toBe(200);
    await owner.text();

    // The JSON API: 200 and better-auth's generic shape, no session; at most one warning an hour.
    const api = await postAuthApi("/sign-up/email", { email, password: "whatever1", name: "" }, { ip: uniqueIp() });
    expect(api.status).toBe(200);
    expect(sessionCookieOf(api)).toBeUndefined();
    expect(await api.json()).toMatchObject({ token: null, user: { email, emailVerified: false } });
    expect((await notificationsOfKind("existing-account-sign-up")).filter((r) => r.recipient === email)).toHaveLength(
      1,
    );
  });
});

describe("password reset", () => {
  async function requestReset(email: string, ip = uniqueIp()) {
    return send("/auth/forgot-password", { fields: { email }, ip });
  }

  it("gives the same answer for a known and an unknown address; only the known one gets an e-mail", async () => {
    const email = uniqueEmail("reset-known");
    await createAccount(email, "old passphrase", uniqueIp());
    const unknown = uniqueEmail("reset-unknown");
    const [known, nobody] = [await requestReset(email), await requestReset(unknown)];
    expect(known.status).toBe(200);
    expect(nobody.status).toBe(200);
    const answer = (html: string) => /data-testid="reset-requested"[\s\S]*?<\/div>/.exec(html)?.[0];
    const [knownHtml, nobodyHtml] = [await known.text(), await nobody.text()];
    expectHtmlToContain(knownHtml, "If an account uses this address");
    expect(answer(knownHtml)).toBeDefined();
    expect(answer(knownHtml)).toBe(answer(nobodyHtml));
    expect((await notificationsOfKind("password-reset")).filter((r) => r.recipient === email)).toHaveLength(1);
    expect((await notificationsOfKind("password-reset")).some((r) => r.recipient === unknown)).toBe(false);
    // The token is stored hashed: the verification table never holds the one in the link.
    const token = new URL(await mailedPath("password-reset", email), "http://localhost").searchParams.get("token")!;
    const { results } = await env.DB.prepare("SELECT identifier FROM verification").all<{ identifier: string }>();
    expect(results.some((row) => row.identifier.includes(token))).toBe(false);
  });

  it("resets once with a valid link, signs out every session, and refuses the link the second time", async () => {
    const email = uniqueEmail("reset");
    await createAccount(email, "old passphrase", uniqueIp());
    const sessions = [];
    for (let i = 0; i < 2; i++) {
      const response = await signIn(email, "old passphrase");
      sessions.push(cookieHeaderFrom(response));
      await response.text();
    }
    for (const cookie of sessions) expect(await sessionOf(cookie)).not.toBeNull();

    expect((await requestReset(email)).status).toBe(200);
    const link = await mailedPath("password-reset", email);
    expect(link).toMatch(/^\/auth\/reset-password\?token=\w+$/);
    const token = new URL(link, "http://localhost").searchParams.get("token")!;
    const form = await send(link);
    expect(form.status).toBe(200);
    expectHtmlToContain(await form.text(), "New password", 'autoComplete="new-password"');

    // The sign-up rules: a short password is refused and the token stays usable.
    const weak = await send(link, { fields: { token, password: "abc12" } });
    expect(weak.status).toBe(400);
    const weakHtml = await weak.text();
    expectHtmlToContain(weakHtml, "Password must be at least 6 characters");
    expectHtmlNotToContain(weakHtml, "abc12");

    const reset = await send(link, { fields: { token, password: "a brand new passphrase" } });
    expect(reset.status).toBe(302);
    const landed = await follow(reset);
    expect(landed.location).toBe("/auth?tab=signin");
    expectHtmlToContain(landed.html, "Password changed", "signed out everywhere else");

    for (const cookie of sessions) expect(await sessionOf(cookie)).toBeNull();
    const old = await signIn(email, "old passphrase");
    expect(old.status).toBe(401);
    await old.text();
    const fresh = await signIn(email, "a brand new passphrase");
    expect(fresh.status).toBe(200);
    await fresh.text();

    const reused = await send(link, { fields: { token, password: "yet another passphrase" } });
    expect(reused.status).toBe(410);
    expectHtmlToContain(await reused.text(), "expired or has already been used", 'href="/auth/forgot-password"');
    expect((await send(link)).status).toBe(410);
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail("reset-expired");
    await createAccount(email, "old passphrase", uniqueIp());
    await requestReset(email);
    const link = await mailedPath("password-reset", email);
    const token = new URL(link, "http://localhost").searchParams.get("token")!;
    const user = await userByEmail(email);
    // An hour and a minute later, as far as the stored expiry is concerned.
    await env.DB.prepare("UPDATE verification SET expires_at = ? WHERE value = ?")
      .bind(Date.now() - 60_000, user!.id)
      .run();
    const page = await send(link);
    expect(page.status).toBe(410);
    expectHtmlToContain(await page.text(), "This password reset link has expired or has already been used.");
    const post = await send(link, { fields: { token, password: "a brand new passphrase" } });
    expect(post.status).toBe(410);
    await post.text();
    const old = await signIn(email, "old passphrase");
    expect(old.status).toBe(200);
    await old.text();
  });

  it("sends at most three links an hour to one address, and limits each client", { timeout: 90_000 }, async () => {
    const email = uniqueEmail("reset-capped");
    await createAccount(email, "old passphrase", uniqueIp());
    for (let i = 0; i < 5; i++) expect((await requestReset(email)).status).toBe(200);
    expect((await notificationsOfKind("password-reset")).filter((r) => r.recipient === email)).toHaveLength(3);

    const statuses = await inOneRateLimitWindow(async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await requestReset(uniqueEmail("nobody"), ip);
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.headers.get("retry-after")).toBe("60");
          expectHtmlToContain(await response.text(), "Too many attempts. Please wait a minute and try again.");
        } else await response.text();
      }
      return statuses;
    });
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("links to the page from the Sign In tab", async () => {
    const html = await (await fetchSite("/auth?tab=signin")).text();
    expectHtmlToContain(html, 'href="/auth/forgot-password"', "Forgot your password?");
  });
});

describe("a verified address for a Workforce Package and a company code", () => {
  it("refuses both on the page and on the API while unverified, whatever the form says", async () => {
    const email = uniqueEmail("unverified");
    const cookie = await signUp(email);

    const page = await fetchWithEnv("/register?tab=workforce", EARLY, { headers: { cookie } });
    const pageHtml = await page.text();
    expectHtmlToContain(pageHtml, 'data-testid="verify-email-notice"', 'action="/account/verify-email"');

    const workforce = await send("/register?tab=workforce", { fields: workforceFields(), cookie, overrides: EARLY });
    expect(workforce.status).toBe(403);
    expectHtmlToContain(
      await workforce.text(),
      "Please verify your e-mail address before buying the Workforce Package",
    );

    const code = await send("/register", {
      fields: individualFields({ employerCode: "ABCD-EFGH-JKMN" }),
      cookie,
      overrides: EARLY,
    });
    expect(code.status).toBe(403);
    expectHtmlToContain(await code.text(), "Please verify your e-mail address before enrolling with a company code");

    const api = await send("/api/payments/create-registration-payment", {
      json: { registrationType: "workforce", ...workforceFields() },
      cookie,
      overrides: EARLY,
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ code: "email_unverified" });

    // Paying as an individual and sponsoring still work unverified.
    const individual = await send("/register", { fields: individualFields(), cookie, overrides: EARLY });
    expect(individual.status).toBe(303);
    await individual.text();
    const sponsor = await send("/sponsor-register", { fields: sponsorFields(), cookie, overrides: EARLY });
    expect(sponsor.status).toBe(303);
    await sponsor.text();
  });

  it("allows both once the address is verified", async () => {
    const email = uniqueEmail("verified");
    const cookie = await signUp(email);
    const verify = await send(await mailedPath("email-verification", email));
    await verify.text();
    const workforce = await send("/register?tab=workforce", { fields: workforceFields(), cookie, overrides: EARLY });
    expect(workforce.status).toBe(303);
    expect(workforce.headers.get("location")).toMatch(/\/dev\/checkout\/cs_local_/);
    await workforce.text();
    // Past the rule, a code is looked up (this one does not exist; payments-actions.test.ts enrolls with a real one).
    const code = await send("/register", {
      fields: individualFields({ employerCode: "ABCD-EFGH-JKMN" }),
      cookie,
      overrides: EARLY,
    });
    expect(code.status).toBe(400);
    expectHtmlToContain(await code.text(), "We couldn&#x27;t find that company code");
    // The direct D1 helper other tests use has the same effect.
    const other = uniqueEmail("verified-directly");
    const otherCookie = await signUp(other);
    await markEmailVerified(other);
    const api = await send("/api/payments/create-registration-payment", {
      json: { registrationType: "workforce", ...workforceFields() },
      cookie: otherCookie,
      overrides: EARLY,
    });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ url: expect.stringMatching(/\/dev\/checkout\//) });
  });
});
