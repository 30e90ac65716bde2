/**
 * Issue 22, the second audit: its findings on organizers, the JSON auth API,
 * token pages, the next-edition list and the CSV writer, one describe each,
 * numbered as in the audit. Every test here failed on the code before its
 * fix. Through the built worker (fetchWithEnv, postForm) and D1; rate-limit
 * tests use a client address of their own (and, per account, a fresh
 * account), and send enough requests that two rate-limit windows cannot
 * absorb them, so none waits for a minute boundary.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { organizationLimits, organizationMessages } from "~/content/organization";
import { accountEmailMinimumAnswerMs, rateLimitPerMinute } from "~/content/limits";
import { csvField, toCsv } from "~/lib/csv";
import { renderNotification } from "~/notifications/kinds.server";
import { createAccount, postAuthApi, postForm } from "./auth-helpers";
import { expectHtmlToContain } from "./html";
import { uniqueEmail, uniqueIp, workforceFields } from "./payments-helpers";
import { fetchSite, fetchWithEnv } from "./worker";

const EARLY = { APP_NOW: "2025-12-01T12:00:00-07:00" };

/** More requests than two rate-limit windows allow: at least one is refused wherever a minute boundary falls. */
const BURST = 2 * rateLimitPerMinute + 1;

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return postForm(path, fields, { ip: uniqueIp(), cookie, appNow: EARLY.APP_NOW });
}

function get(path: string, cookie?: string) {
  return fetchWithEnv(path, EARLY, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

interface Account {
  email: string;
  cookie: string;
  id: string;
}

async function account(tag = "person"): Promise<Account> {
  const email = uniqueEmail(tag);
  const cookie = await createAccount(email, "a good passphrase", uniqueIp());
  await env.DB.prepare("UPDATE user SET email_verified = 1 WHERE email = ?").bind(email).run();
  const row = await env.DB.prepare("SELECT id FROM user WHERE email = ?").bind(email).first<{ id: string }>();
  return { email, cookie, id: row!.id };
}

/** Buys a Workforce Package on the stand-in checkout. */
async function buyWorkforce(owner: Account, companyName = `Gem State Works ${crypto.randomUUID().slice(0, 4)}`) {
  const started = await post("/register?tab=workforce", workforceFields({ companyName }), owner.cookie);
  expect(started.status).toBe(303);
  expect((await post(new URL(started.headers.get("location")!).pathname, {})).status).toBe(303);
  const row = await env.DB.prepare(
    "SELECT id FROM registrations WHERE user_id = ? AND registration_type = 'workforce' AND status = 'paid'",
  )
    .bind(owner.id)
    .first<{ id: string }>();
  return { id: row!.id, companyName, path: `/organization/${row!.id}` };
}

async function adminInvitationMails(recipient: string) {
  const { results } = await env.DB.prepare(
    "SELECT kind, subject, payload FROM notifications WHERE recipient = ? AND kind = 'organization-admin-invitation' ORDER BY created_at",
  )
    .bind(recipient.toLowerCase())
    .all<{ kind: string; subject: string; payload: string }>();
  return results;
}

/** Invites `email` as co-administrator from `inviter`'s dashboard; the link's token. */
async function inviteAdmin(inviter: Account, organizationPath: string, email: string) {
  const response = await post(organizationPath, { intent: "invite-admin", email }, inviter.cookie);
  expect(response.status).toBe(303);
  const mail = (await adminInvitationMails(email)).at(-1)!;
  return new URL((JSON.parse(mail.payload) as { acceptUrl: string }).acceptUrl).searchParams.get("token")!;
}

async function openInvitationId(email: string): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT id FROM organization_admin_invitations WHERE email = ? AND revoked_at IS NULL AND accepted_at IS NULL",
  )
    .bind(email.toLowerCase())
    .first<{ id: string }>();
  return row!.id;
}

describe(
  "1. co-administrator invitations are capped and carry no free text in their subject",
  { timeout: 60_000 },
  () => {
    it("stops inviting one address over and over, cancelled invitations counting", async () => {
      const owner = await account("owner");
      const org = await buyWorkforce(owner);
      const target = uniqueEmail("target");
      for (let i = 0; i < organizationLimits.adminInvitationsPerRecipientPerDay; i++) {
        await inviteAdmin(owner, org.path, target);
        const cancelled = await post(
          org.path,
          { intent: "cancel-admin-invitation", invitationId: await openInvitationId(target) },
          owner.cookie,
        );
        expect(cancelled.status).toBe(303);
      }
      const refused = await post(org.path, { intent: "invite-admin", email: target }, owner.cookie);
      expect(refused.status).toBe(429);
      expectHtmlToContain(await refused.text(), "enough invitations for now");
      expect(await adminInvitationMails(target)).toHaveLength(organizationLimits.adminInvitationsPerRecipientPerDay);
    });

    it("caps the invitations one organizer sends in a day", async () => {
      const owner = await account("owner");
      const org = await buyWorkforce(owner);
      for (let i = 0; i < organizationLimits.adminInvitationsPerInviterPerDay; i++) {
        await inviteAdmin(owner, org.path, uniqueEmail("invitee"));
      }
      const last = uniqueEmail("invitee");
      const refused = await post(org.path, { intent: "invite-admin", email: last }, owner.cookie);
      expect(refused.status).toBe(429);
      expectHtmlToContain(await refused.text(), "the most one person may send");
      expect(await adminInvitationMails(last)).toHaveLength(0);
      expect(organizationMessages.adminInviteDailyLimit).toContain(
        String(organizationLimits.adminInvitationsPerInviterPerDay),
      );
    });

    it("keeps the company name, typed by the buyer, out of the subject", async () => {
      const owner = await account("owner");
      const companyName = `Claim Your Prize Desk ${crypto.randomUUID().slice(0, 4)}`;
      const org = await buyWorkforce(owner, companyName);
      const invited = uniqueEmail("invited");
      await inviteAdmin(owner, org.path, invited);
      const [mail] = await adminInvitationMails(invited);
      expect(mail!.subject).not.toContain(companyName);
      const rendered = renderNotification(mail!.kind, mail!.payload);
      expect(rendered.subject).not.toContain(companyName);
      // The body still says which organization it is.
      expect(rendered.text).toContain(companyName);
    });
  },
);

describe("2. a removed co-administrator cannot come back", { timeout: 60_000 }, () => {
  async function coAdmin(owner: Account, organizationPath: string) {
    const admin = await account("coadmin");
    const token = await inviteAdmin(owner, organizationPath, admin.email);
    expect((await post("/organization/invitation", { intent: "accept", token }, admin.cookie)).status).toBe(303);
    return admin;
  }

  it("revokes the invitations a co-administrator sent when the owner removes them", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const admin = await coAdmin(owner, org.path);
    // An address the co-administrator controls.
    const spare = await account("spare");
    const token = await inviteAdmin(admin, org.path, spare.email);

    const removed = await post(org.path, { intent: "remove-admin", userId: admin.id }, owner.cookie);
    expect(removed.status).toBe(303);

    const revoked = await env.DB.prepare("SELECT revoked_at FROM organization_admin_invitations WHERE email = ?")
      .bind(spare.email)
      .first<{ revoked_at: string | null }>();
    expect(revoked!.revoked_at).not.toBeNull();
    expect((await post("/organization/invitation", { intent: "accept", token }, spare.cookie)).status).toBe(410);
    expect((await get(org.path, spare.cookie)).status).toBe(404);
  });

  it("refuses an invitation whose sender no longer manages the organization", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const admin = await coAdmin(owner, org.path);
    const spare = await account("spare");
    const token = await inviteAdmin(admin, org.path, spare.email);
    // A removal that left the invitation open, as every removal before this fix did.
    await env.DB.prepare("DELETE FROM organization_admins WHERE registration_id = ? AND user_id = ?")
      .bind(org.id, admin.id)
      .run();

    const page = await get(`/organization/invitation?token=${token}`, spare.cookie);
    expectHtmlToContain(await page.text(), "expired, was cancelled or was already used");
    expect((await post("/organization/invitation", { intent: "accept", token }, spare.cookie)).status).toBe(410);
    expect((await get(org.path, spare.cookie)).status).toBe(404);

    // The owner's own invitations are unaffected.
    const other = await account("other");
    const fromOwner = await inviteAdmin(owner, org.path, other.email);
    expect((await post("/organization/invitation", { intent: "accept", token: fromOwner }, other.cookie)).status).toBe(
      303,
    );
  });
});

async function statusesOf(requests: (() => Promise<Response>)[]) {
  const statuses: number[] = [];
  for (const request of requests) {
    const response = await request();
    statuses.push(response.status);
    if (response.status === 429) {
      expect(response.headers.get("retry-after")).toBe("60");
      expect(await response.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    } else await response.arrayBuffer();
  }
  return statuses;
}

const wrongChange = { currentPassword: "not the passphrase", newPassword: "another good passphrase" };

describe("5. /api/auth/change-password is rate limited", { timeout: 120_000 }, () => {
  it("per client", async () => {
    const ip = uniqueIp();
    const people = await Promise.all([account("changer"), account("changer")]);
    const statuses = await statusesOf(
      Array.from(
        { length: BURST },
        (_, i) => () => postAuthApi("/change-password", wrongChange, { ip, cookie: people[i % 2]!.cookie }),
      ),
    );
    expect(statuses).toContain(429);
  });

  it("per account, from any number of clients", async () => {
    const person = await account("changer");
    const statuses = await statusesOf(
      Array.from(
        { length: BURST },
        () => () => postAuthApi("/change-password", wrongChange, { ip: uniqueIp(), cookie: person.cookie }),
      ),
    );
    expect(statuses).toContain(429);
  });
});

describe(
  "6. the password-reset and verification API is limited and timed as the pages are",
  { timeout: 120_000 },
  () => {
    it("limits /api/auth/request-password-reset per client", async () => {
      const ip = uniqueIp();
      const statuses = await statusesOf(
        Array.from(
          { length: BURST },
          () => () => postAuthApi("/request-password-reset", { email: uniqueEmail("nobody") }, { ip }),
        ),
      );
      expect(statuses).toContain(429);
    });

    it("answers /api/auth/request-password-reset no sooner for an unknown address", async () => {
      const started = Date.now();
      const response = await postAuthApi(
        "/request-password-reset",
        { email: uniqueEmail("nobody") },
        { ip: uniqueIp() },
      );
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      expect(Date.now() - started).toBeGreaterThanOrEqual(accountEmailMinimumAnswerMs - 5);
    });

    it("limits /api/auth/send-verification-email per client", async () => {
      const ip = uniqueIp();
      const statuses = await statusesOf(
        Array.from(
          { length: BURST },
          () => () => postAuthApi("/send-verification-email", { email: uniqueEmail("nobody") }, { ip }),
        ),
      );
      expect(statuses).toContain(429);
    });
  },
);

describe("7. a token page's own Referrer-Policy wins", () => {
  it.each(["/auth/reset-password?token=abc", "/verify-email?token=abc"])(
    "%s is served with same-origin, never sending its token to another site",
    async (path) => {
      const response = await fetchSite(path, { headers: { "cf-connecting-ip": uniqueIp() } });
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      await response.arrayBuffer();
    },
  );

  it("other pages keep the site's policy", async () => {
    const response = await fetchSite("/");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    await response.arrayBuffer();
  });
});

describe("11. a confirmed next-edition entry changes only through a confirmation link", () => {
  function signUp(fields: Record<string, string | string[]>) {
    const body = new URLSearchParams({ website: "", returnTo: "/register" });
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    return fetchSite("/next-edition", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() },
      body: body.toString(),
      redirect: "manual",
    });
  }

  async function confirmations(email: string) {
    const { results } = await env.DB.prepare(
      "SELECT payload FROM notifications WHERE recipient = ? AND kind = 'next-edition-confirmation' ORDER BY created_at, id",
    )
      .bind(email)
      .all<{ payload: string }>();
    return results.map((row) => JSON.parse(row.payload) as { confirmUrl: string; change?: unknown });
  }

  async function follow(confirmUrl: string) {
    const url = new URL(confirmUrl);
    return fetchSite(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: url.searchParams.get("token")! }).toString(),
      redirect: "manual",
    });
  }

  async function entry(email: string) {
    return env.DB.prepare("SELECT name, interests, status FROM next_edition_subscribers WHERE email = ?")
      .bind(email)
      .first<{ name: string | null; interests: string; status: string }>();
  }

  it("keeps the name and interests until the address's owner follows the link", async () => {
    const email = uniqueEmail("list");
    expect((await signUp({ email, interests: ["sponsor"], name: "Robin" })).status).toBe(302);
    const [first] = await confirmations(email);
    expect((await follow(first!.confirmUrl)).status).toBe(200);
    expect((await entry(email))?.status).toBe("confirmed");
    // The first link went out long ago: a new one may be sent.
    await env.DB.prepare(
      "UPDATE next_edition_subscribers SET confirmation_sent_at = '2020-01-01T00:00:00.000Z' WHERE email = ?",
    )
      .bind(email)
      .run();

    // Someone else types the address.
    expect((await signUp({ email, interests: ["judge"], name: "Mallory" })).status).toBe(302);
    const unchanged = await entry(email);
    expect(unchanged?.name).toBe("Robin");
    expect(JSON.parse(unchanged!.interests)).toEqual(["sponsor"]);

    const mails = await confirmations(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.change).toEqual({ name: "Mallory", interests: ["judge", "sponsor"] });

    // The owner follows the link: the change applies, once.
    expect((await follow(mails[1]!.confirmUrl)).status).toBe(200);
    const changed = await entry(email);
    expect(changed?.status).toBe("confirmed");
    expect(changed?.name).toBe("Mallory");
    expect(JSON.parse(changed!.interests)).toEqual(["judge", "sponsor"]);
    expect((await follow(mails[1]!.confirmUrl)).status).toBe(400);
  });
});

describe("16. the CSV writer quotes every cell and neutralizes separators as well as formulas", () => {
  it.each([
    [";cmd", `"';cmd"`],
    [",cmd", `"',cmd"`],
    ["=1+2", `"'=1+2"`],
    ["plain", `"plain"`],
    ['say "hi"', `"say ""hi"""`],
  ])("%j", (value, cell) => {
    expect(csvField(value)).toBe(cell);
  });

  it("quotes the header, numbers and empty cells too", () => {
    expect(toCsv([{ a: "x;y", b: 3, c: null }])).toBe('"a","b","c"\r\n"x;y","3",""\r\n');
  });
});
