import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOrganizationAdmin } from "./factories";
import { cookieHeaderFrom, inOneRateLimitWindow, postForm, uniqueEmail, uniqueIp } from "./auth-helpers";
import {
  countRows,
  enableTotp,
  enrollmentOf,
  getPage,
  newAccount,
  PASSWORD,
  postAccount,
  RFC6238_SHA1_SECRET,
  seedCompanyCode,
  seedInterest,
  seedRegistration,
  seedSponsorship,
  signInOnPage,
  totp,
  wrongTotp,
} from "./account-helpers";
import { expectHtmlNotToContain, expectHtmlToContain } from "./html";

/** Each test hashes or checks scrypt passwords several times (ADR 005): slow on a busy machine. */
const ACCOUNT_TEST_TIMEOUT = { timeout: 60_000 };

async function signedInAs(cookie: string): Promise<string | null> {
  const response = await getPage("/api/auth/get-session", cookie);
  const body = await response.json<{ user?: { email: string } } | null>();
  return body?.user?.email ?? null;
}

describe("the TOTP helper", () => {
  it("matches RFC 6238's SHA-1 test vector", async () => {
    // T = 59 s → 94287082 (8 digits); the last 6 digits are the 6-digit code.
    expect(await totp(RFC6238_SHA1_SECRET, { at: 59_000 })).toBe("287082");
    expect(await totp(RFC6238_SHA1_SECRET, { at: 1_111_111_109_000 })).toBe("081804");
  });
});

describe("/account: who may see it", ACCOUNT_TEST_TIMEOUT, () => {
  it("sends a signed-out visitor to /auth with /account as the return target", async () => {
    const response = await getPage("/account");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Faccount");
    const data = await getPage("/account/data.json");
    expect(data.status).toBe(302);
    expect(data.headers.get("location")).toBe("/auth?redirectTo=%2Faccount");
  });

  it("is not indexed nor cached, and ships no script", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("acct"), ip);
    const response = await getPage("/account", me.cookie, ip);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expectHtmlToContain(html, '<meta name="robots" content="noindex"/>', "<h1", "Your Account", me.email);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const sitemap = await (await getPage("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/account");
  });

  it("lists only the signed-in account's registrations, sponsorships and interests, with helpful empty states", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("acct"), ip);
    const other = await newAccount(uniqueEmail("other"), ip);

    const empty = await (await getPage("/account", me.cookie, ip)).text();
    expectHtmlToContain(
      empty,
      "You haven&#x27;t registered for the Challenge yet.",
      "No sponsorships from this account.",
      "You haven&#x27;t offered to judge or advise.",
    );

    const mine = await seedRegistration(me.id, { companyName: null });
    await seedSponsorship(me.id, "My Sponsor Co");
    await seedInterest(me.id, "My Judging Org");
    const theirs = await seedRegistration(other.id, { type: "workforce", companyName: "Their Workforce Org" });
    const theirCode = await seedCompanyCode(theirs);
    await seedSponsorship(other.id, "Their Sponsor Co");
    await seedInterest(other.id, "Their Judging Org");

    const html = await (await getPage("/account", me.cookie, ip)).text();
    expectHtmlToContain(html, "My Sponsor Co", "My Judging Org", "Individual", "$199");
    expect(html.match(/data-testid="registration-row"/g)).toHaveLength(1);
    expectHtmlNotToContain(html, "Their Workforce Org", theirCode, "Their Sponsor Co", "Their Judging Org", theirs);
    const myRow = await env.DB.prepare("SELECT checkout_session_id FROM registrations WHERE id = ?")
      .bind(mine)
      .first<{ checkout_session_id: string }>();
    expectHtmlToContain(html, `/registration-success?session_id=${myRow!.checkout_session_id}`);
  });

  it("shows a Workforce Package's company code to its owner only, and an enrollment's organization", async () => {
    const ip = uniqueIp();
    const owner = await newAccount(uniqueEmail("owner"), ip);
    const employee = await newAccount(uniqueEmail("employee"), ip);
    const organization = await seedRegistration(owner.id, {
      type: "workforce",
      companyName: "Boise Widgets",
      amountCents: 250000,
    });
    const code = await seedCompanyCode(organization);
    const enrollment = await seedRegistration(employee.id, {
      status: "enrolled",
      amountCents: 0,
      checkoutSessionId: null,
      organizationRegistrationId: organization,
    });

    const ownerPage = await (await getPage("/account", owner.cookie, ip)).text();
    expectHtmlToContain(ownerPage, code, "Boise Widgets", "employees already enrolled with its company code stay");
    // Its dashboard (issue 14) is one link away; the employee gets no such link.
    expectHtmlToContain(ownerPage, "Organizations you manage", `href="/organization/${organization}"`);

    const employeePage = await (await getPage("/account", employee.cookie, ip)).text();
    expectHtmlToContain(
      employeePage,
      "Through Boise Widgets",
      "Individual enrollment (Workforce Package)",
      `/registration-success?registration_id=${enrollment}`,
    );
    expectHtmlNotToContain(employeePage, code, "Organizations you manage", `/organization/${organization}`);
  });
});

describe("/account: password and sessions", ACCOUNT_TEST_TIMEOUT, () => {
  it("refuses a wrong current password and an invalid new one, with the same page", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("pw"), ip);
    const wrong = await postAccount(
      "change-password",
      { currentPassword: "not my password", newPassword: "a new passphrase" },
      { cookie: me.cookie, ip },
    );
    expect(wrong.status).toBe(400);
    expectHtmlToContain(await wrong.text(), "That isn&#x27;t your current password");
    const short = await postAccount(
      "change-password",
      { currentPassword: PASSWORD, newPassword: "short" },
      { cookie: me.cookie, ip },
    );
    expect(short.status).toBe(400);
    expectHtmlToContain(await short.text(), "Password must be at least 6 characters");
    expect(await signedInAs(me.cookie)).toBe(me.email);
  });

  it("changes the password with the right current one and signs out the other sessions", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("pw"), ip);
    const elsewhere = (await signInOnPage(me.email, PASSWORD, ip)).cookie;
    expect(await signedInAs(elsewhere)).toBe(me.email);

    const response = await postAccount(
      "change-password",
      { currentPassword: PASSWORD, newPassword: "a brand new passphrase" },
      { cookie: me.cookie, ip },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/account");
    const cookie = cookieHeaderFrom(response, me.cookie);
    expect(await signedInAs(cookie)).toBe(me.email);
    expect(await signedInAs(elsewhere)).toBeNull();
    const page = await (await getPage("/account", cookie, ip)).text();
    expectHtmlToContain(page, "Password Changed");

    expect((await signInOnPage(me.email, PASSWORD, ip)).response.status).toBe(401);
    expect((await signInOnPage(me.email, "a brand new passphrase", ip)).response.status).toBe(302);
  });

  it("lists the sessions with their device and signs out everywhere else", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("sess"), ip);
    const firefox = await postForm(
      "/auth",
      { intent: "signin", email: me.email, password: PASSWORD, redirectTo: "/account" },
      { ip },
    );
    const elsewhere = cookieHeaderFrom(firefox);
    await env.DB.prepare(
      "UPDATE session SET user_agent = ? WHERE id = (SELECT id FROM session WHERE user_id = ? ORDER BY created_at DESC LIMIT 1)",
    )
      .bind("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0", me.id)
      .run();

    const html = await (await getPage("/account", me.cookie, ip)).text();
    expect(html.match(/data-testid="session-row"/g)).toHaveLength(2);
    expectHtmlToContain(html, "Firefox on Windows", "(this device)", "Sign Out Everywhere Else");

    const response = await postAccount("sign-out-others", {}, { cookie: me.cookie, ip });
    expect(response.status).toBe(303);
    expect(await signedInAs(me.cookie)).toBe(me.email);
    expect(await signedInAs(elsewhere)).toBeNull();
    expect(await countRows("SELECT count(*) AS n FROM session WHERE user_id = ?", me.id)).toBe(1);
    const after = await (await getPage("/account", cookieHeaderFrom(response, me.cookie), ip)).text();
    expectHtmlToContain(after, "Signed Out Elsewhere", "You&#x27;re signed in only on this device.");
  });
});

describe("/account: two-step sign-in (TOTP)", ACCOUNT_TEST_TIMEOUT, () => {
  it("enrolls with the password, a QR code and a right code; a wrong code or password is refused", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("totp"), ip);
    const badPassword = await postAccount("enable-two-factor", { password: "nope nope" }, { cookie: me.cookie, ip });
    expect(badPassword.status).toBe(400);
    expectHtmlToContain(await badPassword.text(), "That password isn&#x27;t right");

    const started = await postAccount("enable-two-factor", { password: PASSWORD }, { cookie: me.cookie, ip });
    expect(started.status).toBe(200);
    const html = await started.text();
    expectHtmlToContain(html, 'data-testid="totp-qr"', "<svg", 'data-testid="totp-secret"');
    const { uri, secret } = enrollmentOf(html);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);

    const wrong = await postAccount(
      "confirm-two-factor",
      { code: await wrongTotp(secret), totpURI: uri },
      { cookie: me.cookie, ip },
    );
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expectHtmlToContain(wrongHtml, "That code didn&#x27;t work", 'data-testid="totp-qr"');
    expect(await countRows('SELECT count(*) AS n FROM "user" WHERE id = ? AND two_factor_enabled = 1', me.id)).toBe(0);

    const right = await postAccount(
      "confirm-two-factor",
      { code: await totp(secret), totpURI: uri },
      { cookie: me.cookie, ip },
    );
    expect(right.status).toBe(303);
    expect(await countRows('SELECT count(*) AS n FROM "user" WHERE id = ? AND two_factor_enabled = 1', me.id)).toBe(1);
    const cookie = cookieHeaderFrom(right, me.cookie);
    const shown = await getPage("/account", cookie, ip);
    const shownHtml = await shown.text();
    expectHtmlToContain(shownHtml, "Two-step sign-in is on.", "Your recovery codes");
    expect(shownHtml.match(/data-testid="recovery-codes">(.*?)<\/ul>/s)?.[1]?.match(/<li>/g)).toHaveLength(10);
    // Shown once: the next visit has no codes.
    const again = await (await getPage("/account", cookieHeaderFrom(shown, cookie), ip)).text();
    expectHtmlNotToContain(again, "Your recovery codes");
    expectHtmlToContain(again, "Two-step sign-in is on.");
  });

  it("asks for the code after the password; a wrong code is refused, the right one signs in", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("totp"), ip);
    const { secret } = await enableTotp(me, ip);

    const { response, cookie: challenge } = await signInOnPage(me.email, PASSWORD, ip);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth/two-factor?redirectTo=%2Faccount");
    expect(challenge).toMatch(/better-auth\.two_factor=/);
    expect(challenge).not.toMatch(/better-auth\.session_token=/);
    expect(await signedInAs(challenge)).toBeNull();

    const page = await getPage("/auth/two-factor?redirectTo=%2Faccount", challenge, ip);
    expect(page.status).toBe(200);
    expectHtmlToContain(
      await page.text(),
      "Two-Step Sign-In",
      'name="code"',
      '<meta name="robots" content="noindex"/>',
    );

    const wrong = await postForm(
      "/auth/two-factor",
      { code: await wrongTotp(secret), redirectTo: "/account" },
      {
        ip,
        cookie: challenge,
      },
    );
    expect(wrong.status).toBe(401);
    expectHtmlToContain(await wrong.text(), "That code didn&#x27;t work");

    const right = await postForm(
      "/auth/two-factor",
      { code: await totp(secret), redirectTo: "/account" },
      {
        ip,
        cookie: challenge,
      },
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/account");
    expect(await signedInAs(cookieHeaderFrom(right, challenge))).toBe(me.email);
  });

  it("takes a recovery code once, not twice", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("totp"), ip);
    const { recoveryCodes } = await enableTotp(me, ip);
    expect(recoveryCodes).toHaveLength(10);
    const code = recoveryCodes[0]!;

    const first = await signInOnPage(me.email, PASSWORD, ip);
    const used = await postForm("/auth/two-factor", { code, redirectTo: "/account" }, { ip, cookie: first.cookie });
    expect(used.status).toBe(302);
    expect(await signedInAs(cookieHeaderFrom(used, first.cookie))).toBe(me.email);

    const second = await signInOnPage(me.email, PASSWORD, ip);
    const reused = await postForm("/auth/two-factor", { code, redirectTo: "/account" }, { ip, cookie: second.cookie });
    expect(reused.status).toBe(401);
    expectHtmlToContain(await reused.text(), "That code didn&#x27;t work");
    expect(await signedInAs(cookieHeaderFrom(reused, second.cookie))).toBeNull();
  });

  it("sends a visitor without a sign-in challenge back to sign in", async () => {
    const response = await getPage("/auth/two-factor?redirectTo=%2Faccount");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?tab=signin&redirectTo=%2Faccount");
  });

  it("limits code attempts per client", async () => {
    const me = await newAccount(uniqueEmail("totp"), uniqueIp());
    const { secret } = await enableTotp(me, uniqueIp());
    // Twelve wrong codes from one client in one of the limiter's minutes (a burst split over two would never reach
    // the limit of 10 a minute), with fresh challenges (better-auth ends one after 5 wrong codes).
    const statuses = await inOneRateLimitWindow(async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      let challenge = "";
      for (let attempt = 0; attempt < 12; attempt++) {
        if (attempt % 4 === 0) challenge = (await signInOnPage(me.email, PASSWORD, uniqueIp())).cookie;
        const response = await postForm(
          "/auth/two-factor",
          { code: await wrongTotp(secret), redirectTo: "/" },
          { ip, cookie: challenge },
        );
        statuses.push(response.status);
        await response.text();
      }
      return statuses;
    });
    expect(statuses).toContain(429);
  });

  it("turns off only with the password", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("totp"), ip);
    const { cookie } = await enableTotp(me, ip);
    const wrong = await postAccount("disable-two-factor", { password: "not it at all" }, { cookie, ip });
    expect(wrong.status).toBe(400);
    expectHtmlToContain(await wrong.text(), "That password isn&#x27;t right");
    expect(await countRows('SELECT count(*) AS n FROM "user" WHERE id = ? AND two_factor_enabled = 1', me.id)).toBe(1);

    const right = await postAccount("disable-two-factor", { password: PASSWORD }, { cookie, ip });
    expect(right.status).toBe(303);
    expect(await countRows('SELECT count(*) AS n FROM "user" WHERE id = ? AND two_factor_enabled = 1', me.id)).toBe(0);
    expect(await countRows("SELECT count(*) AS n FROM two_factor WHERE user_id = ?", me.id)).toBe(0);
    const { response } = await signInOnPage(me.email, PASSWORD, ip);
    expect(response.headers.get("location")).toBe("/account");
  });
});

describe("/account: delete the account", ACCOUNT_TEST_TIMEOUT, () => {
  it("refuses a wrong password or a missing confirmation", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("del"), ip);
    const wrong = await postAccount(
      "delete-account",
      { password: "wrong one", confirm: "yes" },
      { cookie: me.cookie, ip },
    );
    expect(wrong.status).toBe(400);
    expectHtmlToContain(await wrong.text(), "That password isn&#x27;t right");
    const unconfirmed = await postAccount("delete-account", { password: PASSWORD }, { cookie: me.cookie, ip });
    expect(unconfirmed.status).toBe(400);
    expectHtmlToContain(await unconfirmed.text(), "Please tick the box to confirm");
    expect(await countRows('SELECT count(*) AS n FROM "user" WHERE id = ?', me.id)).toBe(1);
  });

  it("removes the user and sessions, anonymizes payments keeping amounts, deletes interests, leaves others alone", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("del"), ip);
    const other = await newAccount(uniqueEmail("keep"), ip);
    await enableTotp(me, ip).then(({ cookie }) => (me.cookie = cookie));
    const registration = await seedRegistration(me.id, {
      type: "workforce",
      companyName: "Deleted Person's Org",
      amountCents: 250000,
      email: me.email,
    });
    const code = await seedCompanyCode(registration);
    const sponsorship = await seedSponsorship(me.id, "Sponsor Co");
    await seedInterest(me.id, "Interest Org");
    const othersRegistration = await seedRegistration(other.id, { email: other.email });
    await seedInterest(other.id, "Other Interest Org");
    // Co-administration of someone else's organization (issue 14) ends with the account.
    const now = new Date().toISOString();
    await createOrganizationAdmin({
      registrationId: othersRegistration,
      userId: me.id,
      addedBy: other.id,
      createdAt: now,
    });
    await createOrganizationAdmin({ registrationId: registration, userId: other.id, addedBy: me.id, createdAt: now });

    const response = await postAccount(
      "delete-account",
      { password: PASSWORD, confirm: "yes" },
      { cookie: me.cookie, ip },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => /better-auth\.session_token=;/.test(c))).toBe(true);
    const home = await (await getPage("/", cookieHeaderFrom(response, me.cookie), ip)).text();
    expectHtmlToContain(home, "Account Deleted");

    expect(await countRows('SELECT count(*) AS n FROM "user" WHERE id = ?', me.id)).toBe(0);
    expect(await countRows("SELECT count(*) AS n FROM session WHERE user_id = ?", me.id)).toBe(0);
    expect(await countRows("SELECT count(*) AS n FROM account WHERE user_id = ?", me.id)).toBe(0);
    expect(await countRows("SELECT count(*) AS n FROM two_factor WHERE user_id = ?", me.id)).toBe(0);
    expect(await countRows("SELECT count(*) AS n FROM judge_advisor_interests WHERE user_id = ?", me.id)).toBe(0);
    expect(await countRows("SELECT count(*) AS n FROM organization_admins WHERE user_id = ?", me.id)).toBe(0);
    expect(await countRows("SELECT count(*) AS n FROM organization_admins WHERE user_id = ?", other.id)).toBe(1);
    expect(await signedInAs(me.cookie)).toBeNull();

    const kept = await env.DB.prepare("SELECT * FROM registrations WHERE id = ?")
      .bind(registration)
      .first<Record<string, unknown>>();
    expect(kept).toMatchObject({
      amount_cents: 250000,
      status: "paid",
      company_name: "Deleted Person's Org",
      first_name: "",
      last_name: "",
      email: "",
      phone: "",
      title: "",
    });
    expect(await countRows("SELECT count(*) AS n FROM company_codes WHERE code = ? AND revoked_at IS NULL", code)).toBe(
      1,
    );
    const sponsorRow = await env.DB.prepare("SELECT * FROM sponsorships WHERE id = ?")
      .bind(sponsorship)
      .first<Record<string, unknown>>();
    expect(sponsorRow).toMatchObject({ amount_cents: 1000000, email: "", first_name: "", phone: "" });

    expect(await countRows('SELECT count(*) AS n FROM "user" WHERE id = ?', other.id)).toBe(1);
    expect(
      await countRows(
        "SELECT count(*) AS n FROM registrations WHERE id = ? AND email = ?",
        othersRegistration,
        other.email,
      ),
    ).toBe(1);
    expect(await countRows("SELECT count(*) AS n FROM judge_advisor_interests WHERE user_id = ?", other.id)).toBe(1);
    expect(await signedInAs(other.cookie)).toBe(other.email);
  });
});

describe("/account/data.json", ACCOUNT_TEST_TIMEOUT, () => {
  it("downloads the account's own data as a JSON attachment, never another person's", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("export"), ip);
    const other = await newAccount(uniqueEmail("other"), ip);
    const mine = await seedRegistration(me.id, { email: me.email });
    await seedSponsorship(me.id, "Export Sponsor Co");
    await seedInterest(me.id, "Export Interest Org");
    const theirs = await seedRegistration(other.id, { email: other.email });
    await seedSponsorship(other.id, "Not Mine Co");

    const response = await getPage("/account/data.json", me.cookie, ip);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="idaho-ai-challenge-account-.+\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const body = JSON.parse(text) as {
      format: number;
      account: { id: string; email: string; emailVerified: boolean; twoFactorEnabled: boolean; createdAt: string };
      sessions: { device: string; current: boolean }[];
      registrations: { id: string; email: string; amountCents: number; phone: string }[];
      sponsorships: { companyName: string }[];
      judgeAdvisorInterests: { organization: string; email: string }[];
    };
    expect(body.format).toBe(1);
    expect(body.account).toMatchObject({ id: me.id, email: me.email, emailVerified: false, twoFactorEnabled: false });
    expect(body.sessions.some((s) => s.current)).toBe(true);
    expect(body.registrations.map((r) => r.id)).toEqual([mine]);
    expect(body.registrations[0]).toMatchObject({ email: me.email, amountCents: 19900, phone: "208-555-0142" });
    expect(body.sponsorships.map((s) => s.companyName)).toEqual(["Export Sponsor Co"]);
    expect(body.judgeAdvisorInterests.map((i) => i.organization)).toEqual(["Export Interest Org"]);
    expect(text).not.toContain(theirs);
    expect(text).not.toContain("Not Mine Co");
    expect(text).not.toContain(other.email);
  });
});
