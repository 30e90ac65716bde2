/**
 * "A session that passed the second factor" (issues 31 and 32, ADR 018),
 * with the real codes: a session opened by the password before two-step
 * sign-in was turned on keeps no judge power (the third audit's finding;
 * this failed before the fix) and opens no desk page; the session in which
 * two-step sign-in was turned on, a sign-in with an authenticator code or a
 * recovery code, and a password change from a session that had passed it,
 * all do. The desk asks for the code again before a one-way action
 * (`verifySecondFactorAgain`). Turning two-step sign-in on now signs the
 * other sessions out (issue 50), so the session without the mark is made as
 * one left from before that change.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAuth } from "~/auth/auth.server";
import { verifySecondFactorAgain } from "~/auth/second-factor-session.server";
import { judgingMessages } from "~/content/judging";
import { createJudge } from "./factories";
import { enableTotp, newAccount, PASSWORD, postAccount, signInOnPage, totp, wrongTotp } from "./account-helpers";
import { cookieHeaderFrom, markEmailVerified, postForm, uniqueEmail, uniqueIp } from "./auth-helpers";
import { decodeEntities } from "./html";
import { assignDirectly, judgingGet, submittedProject } from "./judging-helpers";
import { deskGet, grantDirectly } from "./organize-helpers";

async function makeJudge(userId: string, email: string) {
  await createJudge({ userId, email, name: "Sam Judge" });
}

/** Signs in with the password, then the code (an authenticator code or a recovery code), on the pages. */
async function signInWithCode(
  email: string,
  code: (secret: string) => Promise<string> | string,
  secret: string,
  ip: string,
) {
  const first = await signInOnPage(email, PASSWORD, ip, "/judging");
  expect(first.response.headers.get("location")).toMatch(/^\/auth\/two-factor/);
  const done = await postForm(
    "/auth/two-factor",
    { code: await code(secret), redirectTo: "/judging" },
    { ip, cookie: first.cookie },
  );
  expect(done.status).toBe(302);
  return cookieHeaderFrom(done, first.cookie);
}

const secondFactorOf = async (userId: string) => {
  const { results } = await env.DB.prepare(
    "SELECT second_factor_at AS at FROM session WHERE user_id = ? ORDER BY created_at",
  )
    .bind(userId)
    .all<{ at: number | null }>();
  return results.map((r) => r.at !== null);
};

describe("sessions and the second factor", { timeout: 60_000 }, () => {
  it("a password-only session opened before two-step sign-in was on is no judge's and opens no desk; the others are", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("judge2fa"), ip);
    await markEmailVerified(me.email);
    const enrolling = (await signInOnPage(me.email, PASSWORD, ip)).cookie;
    const { secret, recoveryCodes, cookie: enrolled } = await enableTotp({ ...me, cookie: enrolling }, ip);
    // Turning it on signs the other sessions out (issue 50).
    expect(await secondFactorOf(me.id)).toEqual([true]);
    // A session without the mark, as one left from before that change: a sign-in whose mark is cleared.
    const before = await signInWithCode(me.email, (s) => totp(s), secret, ip);
    await env.DB.prepare(
      "UPDATE session SET second_factor_at = NULL WHERE id = (SELECT id FROM session WHERE user_id = ? ORDER BY created_at DESC LIMIT 1)",
    )
      .bind(me.id)
      .run();

    await makeJudge(me.id, me.email);
    const teamId = await submittedProject("2026");
    await assignDirectly(teamId, me.id);

    // The old session: /judging says why, the project answers 404.
    const old = { ...me, cookie: before };
    const queue = await judgingGet("/judging", old);
    expect(queue.status).toBe(200);
    expect(decodeEntities(await queue.text())).toContain(judgingMessages.secondFactorSession);
    expect((await judgingGet(`/judging/${teamId}`, old)).status).toBe(404);
    const write = await postForm(
      `/judging/${teamId}`,
      { intent: "save", "innovation-creativity": "7" },
      { ip, cookie: before, appNow: "2026-03-25T12:00:00-06:00" },
    );
    expect(write.status).toBe(404);

    // The session that turned it on, a sign-in with an authenticator code, and one with a recovery code.
    const withTotp = await signInWithCode(me.email, (s) => totp(s), secret, ip);
    const withRecovery = await signInWithCode(me.email, () => recoveryCodes[0]!, secret, ip);
    for (const cookie of [enrolled, withTotp, withRecovery]) {
      expect((await judgingGet(`/judging/${teamId}`, { ...me, cookie })).status).toBe(200);
    }

    // The desk, for the same account holding a role.
    await grantDirectly(me.id, "coordinator");
    expect((await deskGet("/organize", { cookie: before })).status).toBe(404);
    expect((await deskGet("/organize", { cookie: withTotp })).status).toBe(200);

    // A password change from a session that passed it keeps the mark on its new session; the others are signed out.
    const changed = await postAccount(
      "change-password",
      { currentPassword: PASSWORD, newPassword: "another good passphrase" },
      { cookie: withTotp, ip },
    );
    expect(changed.status).toBe(303);
    const after = cookieHeaderFrom(changed, withTotp);
    expect((await judgingGet(`/judging/${teamId}`, { ...me, cookie: after })).status).toBe(200);
    expect((await judgingGet(`/judging/${teamId}`, { ...me, cookie: enrolled })).status).toBe(302);
  });

  it("a sign-up and a sign-in that asked no code (two-step sign-in off) carry no mark", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("nocode"), ip);
    const { response } = await signInOnPage(me.email, PASSWORD, ip);
    expect(response.status).toBe(302);
    expect(await secondFactorOf(me.id)).toEqual([false, false]);
  });

  it("asks for the code again: the right code passes, a wrong one and garbage do not", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("again"), ip);
    const { secret, recoveryCodes, cookie } = await enableTotp(me, ip);
    const request = new Request("http://localhost/organize/proposals/x", {
      method: "POST",
      headers: { cookie, "cf-connecting-ip": ip },
    });
    const auth = createAuth(env, request);
    expect(await verifySecondFactorAgain(auth, request, await wrongTotp(secret))).toBe("wrong");
    expect(await verifySecondFactorAgain(auth, request, "not a code")).toBe("invalid");
    expect(await verifySecondFactorAgain(auth, request, await totp(secret))).toBe("ok");
    expect(await verifySecondFactorAgain(auth, request, recoveryCodes[1]!)).toBe("ok");
    // A recovery code works once.
    expect(await verifySecondFactorAgain(auth, request, recoveryCodes[1]!)).toBe("wrong");
  });
});
