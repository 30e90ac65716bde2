/**
 * The fourth audit's second-factor findings (issue 50), with real
 * authenticator codes. Each test failed before the fix:
 *
 * - Medium: better-auth's /api/auth/two-factor/get-totp-uri handed the TOTP
 *   secret to a password-only session, and a code made from it signed in
 *   "with the second factor". Now only the endpoints the site uses are
 *   served over HTTP (app/auth/served-endpoints.ts); turning two-step
 *   sign-in off needs a session that passed it; turning it on or off ends
 *   the account's other sessions and revokes its API tokens for good.
 * - Low 1: the code that signed a session in confirmed a proposal, and one
 *   code confirmed two. Now each code counts once (second_factor_codes).
 * - Informational: wrong confirmation codes had no lockout. Now 5 in a row
 *   from a session refuse codes for 15 minutes.
 */
import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { createAuth } from "~/auth/auth.server";
import { SERVED_AUTH_ENDPOINTS } from "~/auth/served-endpoints";
import { verifySecondFactorAgain } from "~/auth/second-factor-session.server";
import { twoFactorMessages } from "~/content/two-factor";
import { accountMessages } from "~/content/account";
import { publishedResults, teams } from "~/db/schema";
import {
  actorLabel,
  defineOrganizerAction,
  type ActionContext,
  type AnyOrganizerAction,
} from "~/organize/action.server";
import { confirmProposal, proposeAction } from "~/organize/proposals.server";
import { organizerActions } from "~/desk/registry.server";
import { secondFactorRefusal } from "~/organize/second-factor-again.server";
import { createTeam } from "./factories";
import { enableTotp, newAccount, PASSWORD, postAccount, signInOnPage, totp, wrongTotp } from "./account-helpers";
import { cookieHeaderFrom, markEmailVerified, postAuthApi, postForm, uniqueEmail, uniqueIp } from "./auth-helpers";
import { decodeEntities } from "./html";
import {
  actionContext,
  api,
  deskGet,
  directorWithAuthenticator,
  grantDirectly,
  organizer,
  personActor,
  tokenOf,
} from "./organize-helpers";
import { fetchSite } from "./worker";

const text = async (response: Response) => decodeEntities(await response.text());

async function signedInAs(cookie: string): Promise<string | null> {
  const response = await fetchSite("/api/auth/get-session", { headers: { cookie } });
  const body = (await response.json()) as { user?: { email: string } } | null;
  return body?.user?.email ?? null;
}

const twoFactorOn = async (userId: string) =>
  (await env.DB.prepare('SELECT two_factor_enabled AS on_ FROM "user" WHERE id = ?')
    .bind(userId)
    .first<{ on_: number }>())!.on_ === 1;

/** Signs in with the password, then `code`, on the pages (as a judge or an organizer does). */
async function signInWithCode(email: string, code: string, ip: string) {
  const first = await signInOnPage(email, PASSWORD, ip, "/account");
  expect(first.response.headers.get("location")).toMatch(/^\/auth\/two-factor/);
  const done = await postForm("/auth/two-factor", { code, redirectTo: "/account" }, { ip, cookie: first.cookie });
  return { response: done, cookie: cookieHeaderFrom(done, first.cookie) };
}

/**
 * An account with two-step sign-in on, and a session that did not pass the
 * second factor: the audit's was opened by the password before two-step
 * sign-in was turned on. Turning it on now ends such sessions, so the test
 * keeps one as a session from before this change would be: a sign-in whose
 * mark is cleared.
 */
async function accountWithOldSession(tag: string) {
  const ip = uniqueIp();
  const me = await newAccount(uniqueEmail(tag), ip);
  await markEmailVerified(me.email);
  const enrolled = await enableTotp(me, ip);
  const passwordOnly = (await signInWithCode(me.email, await totp(enrolled.secret), ip)).cookie;
  await env.DB.prepare(
    "UPDATE session SET second_factor_at = NULL WHERE id = (SELECT id FROM session WHERE user_id = ? ORDER BY created_at DESC LIMIT 1)",
  )
    .bind(me.id)
    .run();
  return { me, ip, passwordOnly, ...enrolled };
}

describe(
  "medium: the TOTP secret cannot be read back, nor two-step sign-in changed, with the password alone",
  {
    timeout: 90_000,
  },
  () => {
    it("answers 404 to get-totp-uri over HTTP: the audit's reproduction, from a password-only session", async () => {
      const { me, ip, passwordOnly } = await accountWithOldSession("readback");
      await grantDirectly(me.id, "coordinator");
      expect((await deskGet("/organize", { cookie: passwordOnly })).status).toBe(404);

      const read = await postAuthApi("/two-factor/get-totp-uri", { password: PASSWORD }, { ip, cookie: passwordOnly });
      expect(read.status).toBe(404);
      expect(await read.text()).not.toContain("otpauth://");
    });

    it("serves over HTTP only the endpoints listed, with why; every other better-auth endpoint answers 404", async () => {
      const { passwordOnly, cookie } = await accountWithOldSession("unlisted");
      const unlisted = [
        "/two-factor/get-totp-uri",
        "/two-factor/enable",
        "/two-factor/disable",
        "/two-factor/generate-backup-codes",
        "/two-factor/view-backup-codes",
        "/two-factor/verify-totp",
        "/two-factor/verify-backup-code",
        "/update-user",
        "/delete-user",
        "/change-email",
        "/list-sessions",
        "/revoke-sessions",
        "/sign-in/email/",
      ];
      for (const path of unlisted) {
        for (const session of [passwordOnly, cookie]) {
          const response = await postAuthApi(
            path,
            { password: PASSWORD, code: "123456" },
            { ip: uniqueIp(), cookie: session },
          );
          expect(response.status, path).toBe(404);
        }
      }
      for (const [path, why] of Object.entries(SERVED_AUTH_ENDPOINTS)) {
        expect(why.length, path).toBeGreaterThan(10);
        expect(path).toMatch(/^\/[a-z-]+(?:\/[a-z-]+)?$/);
      }
      // What is served still works.
      expect(await signedInAs(cookie)).toMatch(/@/);
    });

    it("a password-only session cannot turn two-step sign-in off (and so cannot enroll an authenticator of its own)", async () => {
      const { me, ip, passwordOnly, cookie } = await accountWithOldSession("disable");
      const refused = await postAccount("disable-two-factor", { password: PASSWORD }, { cookie: passwordOnly, ip });
      expect(refused.status).toBe(403);
      expect(await text(refused)).toContain(accountMessages.secondFactorFirst);
      expect(await twoFactorOn(me.id)).toBe(true);
      // It cannot start a new enrollment either: two-step sign-in is on.
      const enroll = await postAccount("enable-two-factor", { password: PASSWORD }, { cookie: passwordOnly, ip });
      expect(await enroll.text()).not.toContain('data-testid="totp-uri"');
      // The session that passed the second factor can.
      expect((await postAccount("disable-two-factor", { password: PASSWORD }, { cookie, ip })).status).toBe(303);
      expect(await twoFactorOn(me.id)).toBe(false);
    });

    it("turning two-step sign-in off ends the other sessions and revokes the API tokens, which stay revoked when it is on again", async () => {
      const { me, ip, secret, cookie } = await accountWithOldSession("tokens");
      await grantDirectly(me.id, "director");
      const token = await tokenOf(me);
      expect((await api("GET", "/me", { token })).status).toBe(200);
      const elsewhere = await signInWithCode(me.email, await totp(secret), ip);
      expect(elsewhere.response.status).toBe(302);
      expect(await signedInAs(elsewhere.cookie)).toBe(me.email);

      const off = await postAccount("disable-two-factor", { password: PASSWORD }, { cookie, ip });
      expect(off.status).toBe(303);
      const kept = cookieHeaderFrom(off, cookie);
      expect(await signedInAs(kept)).toBe(me.email);
      expect(await signedInAs(elsewhere.cookie)).toBeNull();
      expect((await api("GET", "/me", { token })).status).toBe(401);
      const revoked = await env.DB.prepare("SELECT revoked_at, revoked_by FROM organizer_tokens WHERE user_id = ?")
        .bind(me.id)
        .first<{ revoked_at: string | null; revoked_by: string | null }>();
      expect(revoked?.revoked_at).not.toBeNull();
      expect(revoked?.revoked_by).toBe(`organizer:${me.email}`);

      // A password-only session opened while it was off ends when it is turned on again; the token stays revoked.
      const meanwhile = (await signInOnPage(me.email, PASSWORD, ip)).cookie;
      expect(await signedInAs(meanwhile)).toBe(me.email);
      const { cookie: again } = await enableTotp({ ...me, cookie: kept }, ip);
      expect(await signedInAs(again)).toBe(me.email);
      expect(await signedInAs(meanwhile)).toBeNull();
      expect((await api("GET", "/me", { token })).status).toBe(401);
    });
  },
);

/** A one-way action for these tests only, confirmed under the two-person rule. */
const publishTeams = defineOrganizerAction({
  id: "test.second-factor-publish",
  permission: "propose:publication",
  input: z.object({ editionId: z.string() }),
  async preview({ editionId }, ctx) {
    const list = await teamsOf(ctx, editionId);
    return { summary: `Publish ${list.length} finalist(s)`, tables: [] };
  },
  async run({ editionId }, ctx) {
    const list = await teamsOf(ctx, editionId);
    return {
      ok: true,
      statements: list.map((t, i) =>
        ctx.db.insert(publishedResults).values({
          editionId,
          award: "finalist",
          teamId: t.id,
          place: i + 1,
          teamName: t.name ?? "",
          publishedAt: ctx.now.toISOString(),
          publishedBy: actorLabel(ctx.actor),
        }),
      ),
      audit: { summary: `Published ${list.length} finalist(s)`, targets: { editionId } },
      message: "Published.",
      result: { published: list.length },
    };
  },
});
const registry: Record<string, AnyOrganizerAction> = { ...organizerActions, [publishTeams.id]: publishTeams };

function teamsOf(ctx: ActionContext, editionId: string) {
  return ctx.db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.editionId, editionId))
    .orderBy(asc(teams.id));
}

async function proposal(proposer: Parameters<typeof personActor>[0]) {
  const editionId = `test-${crypto.randomUUID().slice(0, 8)}`;
  await createTeam({ editionId, name: "Alpha", createdAt: "2026-03-01T00:00:00.000Z" });
  const proposed = await proposeAction(publishTeams, { editionId }, actionContext(personActor(proposer)));
  if (!proposed.ok) throw new Error(proposed.message);
  return proposed.proposalId;
}

describe("low 1: a code counts once", { timeout: 120_000 }, () => {
  let proposer: Awaited<ReturnType<typeof organizer>>;
  beforeAll(async () => {
    proposer = await organizer("director");
  });

  it("the code that signed the session in is refused at a proposal's confirmation", async () => {
    const second = await directorWithAuthenticator();
    const ip = uniqueIp();
    const code = await totp(second.secret);
    const signedIn = await signInWithCode(second.who.email, code, ip);
    expect(signedIn.response.status).toBe(302);
    const request = new Request("http://localhost/organize/proposals/x", {
      method: "POST",
      headers: { cookie: signedIn.cookie, "cf-connecting-ip": ip },
    });
    const again = () => verifySecondFactorAgain(createAuth(env, request), request, code);
    const proposalId = await proposal(proposer);
    const confirmed = await confirmProposal(registry, proposalId, actionContext(personActor(second.who)), again);
    expect(confirmed).toMatchObject({ ok: false, status: 400, message: twoFactorMessages.codeUsed });
    expect(secondFactorRefusal("used")?.message).toBe(
      "This code was already used. Wait for the next code in your authenticator app.",
    );
  });

  it("one code confirms one proposal, not two", async () => {
    const second = await directorWithAuthenticator();
    const code = await totp(second.secret);
    const ctx = () => actionContext(personActor(second.who));
    const first = await confirmProposal(registry, await proposal(proposer), ctx(), second.code(code));
    expect(first).toMatchObject({ ok: true });
    const other = await confirmProposal(registry, await proposal(proposer), ctx(), second.code(code));
    expect(other).toMatchObject({ ok: false, status: 400, message: twoFactorMessages.codeUsed });
    // A code of an earlier time step than one accepted is refused too; a later one is taken.
    expect(await second.code(await totp(second.secret, { offset: -1 }))()).toBe("used");
    const next = await confirmProposal(
      registry,
      await proposal(proposer),
      ctx(),
      second.code(await totp(second.secret)),
    );
    expect(next).toMatchObject({ ok: true });
  });

  it("a code already used is refused at sign-in, with the words for it", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("signin-once"), ip);
    const { secret } = await enableTotp(me, ip);
    const code = await totp(secret);
    expect((await signInWithCode(me.email, code, ip)).response.status).toBe(302);
    const reused = await signInWithCode(me.email, code, ip);
    expect(reused.response.status).toBe(401);
    expect(await text(reused.response)).toContain(twoFactorMessages.codeUsed);
    expect(await signedInAs(reused.cookie)).toBeNull();
  });

  it("recovery codes still work once, at sign-in and on the desk", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("recovery-once"), ip);
    const { recoveryCodes, cookie } = await enableTotp(me, ip);
    expect((await signInWithCode(me.email, recoveryCodes[0]!, ip)).response.status).toBe(302);
    expect((await signInWithCode(me.email, recoveryCodes[0]!, ip)).response.status).toBe(401);
    const request = new Request("http://localhost/organize/proposals/x", {
      method: "POST",
      headers: { cookie, "cf-connecting-ip": ip },
    });
    expect(await verifySecondFactorAgain(createAuth(env, request), request, recoveryCodes[1]!)).toBe("ok");
    expect(await verifySecondFactorAgain(createAuth(env, request), request, recoveryCodes[1]!)).toBe("wrong");
  });
});

describe("informational: wrong confirmation codes lock", { timeout: 150_000 }, () => {
  it("5 wrong codes in a row refuse even the right one for 15 minutes; a right code before that resets the count", async () => {
    const { who, secret, code } = await directorWithAuthenticator();
    const wrong = await wrongTotp(secret);
    for (let i = 0; i < 4; i++) expect(await code(wrong)()).toBe("wrong");
    expect(await code(await totp(secret))()).toBe("ok");
    for (let i = 0; i < 4; i++) expect(await code(wrong)()).toBe("wrong");
    expect(await code(await totp(secret))()).toBe("ok");

    for (let i = 0; i < 5; i++) expect(await code(wrong)()).toBe("wrong");
    expect(await code(await totp(secret))()).toBe("locked");
    expect(secondFactorRefusal("locked")).toMatchObject({ status: 429, field: "code" });
    const row = await env.DB.prepare("SELECT locked_until FROM second_factor_codes WHERE user_id = ?")
      .bind(who.id)
      .first<{ locked_until: string }>();
    const minutes = (new Date(row!.locked_until).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });
});
