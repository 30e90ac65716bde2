/**
 * The organization dashboard (issue 14) through the built worker: who sees
 * what (owner, co-administrator, another signed-in account, anonymous), the
 * company code's regeneration, inviting and removing employees, the CSV, the
 * recognition tier's count, and co-administrators' invitations.
 * No STRIPE_SECRET_KEY: Workforce Packages are bought on the local stand-in.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { companyCodes } from "~/db/schema";
import { commitOrganizationChange } from "~/organization/events.server";
import { organizationLimits } from "~/content/organization";
import { renderNotification } from "~/notifications/kinds.server";
import { createEmployeeInvitations, createRegistration } from "./factories";
import { createAccount, postForm } from "./auth-helpers";
import { individualFields, liveCodes, uniqueEmail, uniqueIp, workforceFields } from "./payments-helpers";
import { expectHtmlNotToContain, expectHtmlToContain } from "./html";
import { fetchWithEnv } from "./worker";

const EARLY = { APP_NOW: "2025-12-01T12:00:00-07:00" };
/** The Mountain-Time day of EARLY: what the daily invitation limit counts. */
const EARLY_DAY = "2025-12-01";

function post(
  path: string,
  fields: Record<string, string>,
  { cookie, ip = uniqueIp() }: { cookie?: string; ip?: string } = {},
) {
  return postForm(path, fields, { ip, cookie, appNow: EARLY.APP_NOW });
}

function get(path: string, cookie?: string) {
  return fetchWithEnv(path, EARLY, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

interface Account {
  email: string;
  cookie: string;
  id: string;
}

/**
 * A signed-up account, its address verified unless asked otherwise: buying a
 * Workforce Package and enrolling with a code need a verified address once
 * issue 13's rule is in (harmless before it).
 */
async function account(tag = "person", { verified = true } = {}): Promise<Account> {
  const email = uniqueEmail(tag);
  const cookie = await createAccount(email, "a good passphrase", uniqueIp());
  const row = await env.DB.prepare("SELECT id FROM user WHERE email = ?").bind(email).first<{ id: string }>();
  const person = { email, cookie, id: row!.id };
  if (verified) await verify(person);
  return person;
}

async function verify(person: Account) {
  await env.DB.prepare("UPDATE user SET email_verified = 1 WHERE id = ?").bind(person.id).run();
}

/** Buys a Workforce Package on the stand-in checkout; its registration id and live code. */
async function buyWorkforce(owner: Account, companyName = `Gem State Works ${crypto.randomUUID().slice(0, 4)}`) {
  const started = await post("/register?tab=workforce", workforceFields({ companyName }), { cookie: owner.cookie });
  expect(started.status).toBe(303);
  const paid = await post(new URL(started.headers.get("location")!).pathname, {});
  expect(paid.status).toBe(303);
  const row = await env.DB.prepare(
    "SELECT id FROM registrations WHERE user_id = ? AND registration_type = 'workforce' AND company_name = ? AND status = 'paid'",
  )
    .bind(owner.id, companyName)
    .first<{ id: string }>();
  const id = row!.id;
  const [code] = await liveCodes(id);
  return { id, code: code!, companyName, path: `/organization/${id}` };
}

/** An employee enrolls with the code on /register; their registration id. */
async function enroll(code: string, overrides: Record<string, string> = {}) {
  const employee = await account("employee");
  const fields = individualFields({ employerCode: code, email: employee.email, ...overrides });
  const response = await post("/register", fields, { cookie: employee.cookie });
  expect(response.status).toBe(303);
  const id = new URL(response.headers.get("location")!, "http://localhost").searchParams.get("registration_id")!;
  return { ...employee, registrationId: id, firstName: fields.firstName!, lastName: fields.lastName! };
}

async function notificationsTo(recipient: string, kind: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, kind, recipient, subject, payload FROM notifications WHERE recipient = ? AND kind = ? ORDER BY created_at",
  )
    .bind(recipient, kind)
    .all<{ id: string; kind: string; recipient: string; subject: string; payload: string }>();
  return results;
}

async function events(registrationId: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor_user_id, substr(action, length('organization.') + 1) AS action, payload AS detail, created_at FROM events WHERE organization_id = ? AND actor_kind = 'account' ORDER BY id",
  )
    .bind(registrationId)
    .all<{ actor_user_id: string; action: string; detail: string | null; created_at: string }>();
  return results;
}

/** Invites `person` as co-administrator from the owner's dashboard; the link's token. */
async function inviteAdmin(owner: Account, organizationPath: string, email: string) {
  const response = await post(organizationPath, { intent: "invite-admin", email }, { cookie: owner.cookie });
  expect(response.status).toBe(303);
  const [mail] = (await notificationsTo(email.toLowerCase(), "organization-admin-invitation")).slice(-1);
  const acceptUrl = new URL((JSON.parse(mail!.payload) as { acceptUrl: string }).acceptUrl);
  return acceptUrl.searchParams.get("token")!;
}

async function addCoAdmin(owner: Account, organizationPath: string) {
  const admin = await account("coadmin");
  const token = await inviteAdmin(owner, organizationPath, admin.email);
  const accepted = await post("/organization/invitation", { intent: "accept", token }, { cookie: admin.cookie });
  expect(accepted.status).toBe(303);
  return admin;
}

const intents: Record<string, string>[] = [
  { intent: "regenerate" },
  { intent: "invite", addresses: "someone@example.com" },
  { intent: "remove-employee", registrationId: "x" },
  { intent: "invite-admin", email: "someone@example.com" },
  { intent: "cancel-admin-invitation", invitationId: "x" },
  { intent: "remove-admin", userId: "x" },
];

describe("who sees the dashboard", { timeout: 60_000 }, () => {
  it("owner and co-administrator see it; another account gets 404 on every URL and action; anonymous goes to sign-in", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const employee = await enroll(org.code);
    const admin = await addCoAdmin(owner, org.path);
    const stranger = await account("stranger");

    // One organization: /organization goes straight to it.
    const index = await get("/organization", owner.cookie);
    expect(index.status).toBe(302);
    expect(index.headers.get("location")).toBe(org.path);

    for (const person of [owner, admin]) {
      const page = await get(org.path, person.cookie);
      expect(page.status).toBe(200);
      const html = await page.text();
      expectHtmlToContain(html, org.companyName, `value="${org.code.replace(/(.{4})(?=.)/g, "$1-")}"`, employee.email);
      expect((await get(`${org.path}/employees.csv`, person.cookie)).status).toBe(200);
      // The header links the dashboard for those who manage one.
      expectHtmlToContain(await (await get("/", person.cookie)).text(), 'href="/organization"');
    }

    const strangerHtml = await (await get("/", stranger.cookie)).text();
    expectHtmlNotToContain(strangerHtml, 'href="/organization"');
    for (const path of ["/organization", org.path, `${org.path}/employees.csv`, `${org.path}?q=a`]) {
      const response = await get(path, stranger.cookie);
      expect(response.status, path).toBe(404);
      expectHtmlNotToContain(await response.text(), org.companyName, org.code.slice(0, 4));
    }
    for (const fields of intents) {
      expect((await post(org.path, fields, { cookie: stranger.cookie })).status, fields.intent).toBe(404);
    }
    // Not a UUID, or a registration that is not a paid Workforce Package: the same 404.
    expect((await get("/organization/not-an-id", owner.cookie)).status).toBe(404);
    expect((await get(`/organization/${employee.registrationId}`, employee.cookie)).status).toBe(404);

    for (const path of [org.path, `${org.path}/employees.csv`, "/organization"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      const location = new URL(response.headers.get("location")!, "http://localhost");
      expect(location.pathname).toBe("/auth");
      expect(location.searchParams.get("redirectTo")).toBe(path.replace("/employees.csv", ""));
    }
    for (const fields of intents) {
      const response = await post(org.path, fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/auth/);
    }
    // Nobody but the owner and the co-administrator changed anything.
    expect((await events(org.id)).map((e) => e.action)).toEqual(["admin-invited", "admin-added"]);
    expect(await liveCodes(org.id)).toEqual([org.code]);
  });

  it("lists several organizations of one account", async () => {
    const owner = await account("owner");
    const a = await buyWorkforce(owner, `Alpha ${crypto.randomUUID().slice(0, 4)}`);
    const b = await buyWorkforce(owner, `Beta ${crypto.randomUUID().slice(0, 4)}`);
    const response = await get("/organization", owner.cookie);
    expect(response.status).toBe(200);
    expectHtmlToContain(await response.text(), `href="${a.path}"`, `href="${b.path}"`, a.companyName, b.companyName);
  });
});

describe("regenerating the company code", { timeout: 60_000 }, () => {
  it("stops the old code at once, issues a new one, keeps enrolled employees, tells the organizers and logs who", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const admin = await addCoAdmin(owner, org.path);
    const before = await enroll(org.code);

    const response = await post(org.path, { intent: "regenerate" }, { cookie: admin.cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${org.path}#code`);
    const [fresh] = await liveCodes(org.id);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(org.code);
    const old = await env.DB.prepare("SELECT revoked_at, revoked_reason FROM company_codes WHERE code = ?")
      .bind(org.code)
      .first<{ revoked_at: string | null; revoked_reason: string | null }>();
    expect(old).toMatchObject({ revoked_reason: null });
    expect(old!.revoked_at).not.toBeNull();

    // The old code enrolls nobody; the new one does; the employee enrolled before stays.
    const late = await account("late");
    const refused = await post("/register", individualFields({ employerCode: org.code, email: late.email }), {
      cookie: late.cookie,
    });
    expect(refused.status).toBe(400);
    expectHtmlToContain(await refused.text(), "We couldn&#x27;t find that company code");
    await enroll(fresh!);
    const kept = await env.DB.prepare("SELECT status, organization_registration_id FROM registrations WHERE id = ?")
      .bind(before.registrationId)
      .first();
    expect(kept).toEqual({ status: "enrolled", organization_registration_id: org.id });

    // Both organizers are told, without the new code in the e-mail.
    for (const organizer of [owner, admin]) {
      const [mail] = await notificationsTo(organizer.email, "organization-code-regenerated");
      expect(mail).toBeDefined();
      const rendered = renderNotification(mail!.kind, mail!.payload);
      expect(rendered.text).toContain(admin.email);
      expect(rendered.text).toContain(`/organization/${org.id}`);
      expect(rendered.text).not.toContain(fresh!.slice(0, 4));
    }
    const logged = (await events(org.id)).filter((e) => e.action === "code-regenerated");
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actor_user_id).toBe(admin.id);
    expect(logged[0]!.detail ?? "").not.toContain(org.code);
    expect(logged[0]!.detail ?? "").not.toContain(fresh!);
  });

  it("refuses while the code is suspended by a refund, issuing nothing", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    await env.DB.prepare(
      "UPDATE company_codes SET revoked_at = '2025-12-01T00:00:00.000Z', revoked_reason = 'refund' WHERE code = ?",
    )
      .bind(org.code)
      .run();
    const response = await post(org.path, { intent: "regenerate" }, { cookie: owner.cookie });
    expect(response.status).toBe(409);
    expectHtmlToContain(await response.text(), "suspended after a refund");
    expect(await liveCodes(org.id)).toEqual([]);
    expect(await events(org.id)).toEqual([]);
  });
});

describe("inviting employees", { timeout: 60_000 }, () => {
  it("reports invalid addresses and sends nothing, keeping the paste", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const good = uniqueEmail("invitee");
    const pasted = `${good}, not-an-address\nalso@bad`;
    const response = await post(org.path, { intent: "invite", addresses: pasted }, { cookie: owner.cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expectHtmlToContain(html, "These addresses aren&#x27;t valid: not-an-address, also@bad.", "Nothing was sent");
    // The textarea keeps what was pasted.
    expectHtmlToContain(html, `${good}, not-an-address\nalso@bad</textarea>`);
    expect(await notificationsTo(good, "organization-employee-invitation")).toHaveLength(0);
  });

  it("sends one e-mail per new address with the code and a link that fills it in; skips duplicates, enrolled and already invited", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const enrolled = await enroll(org.code);
    const [a, b] = [uniqueEmail("invitee"), uniqueEmail("invitee")];
    const pasted = `${a}\n${b.toUpperCase()}, ${b} ${enrolled.email};<${a}>`;
    const response = await post(org.path, { intent: "invite", addresses: pasted }, { cookie: owner.cookie });
    expect(response.status).toBe(303);
    const page = await get(org.path, `${owner.cookie}; ${toastCookie(response)}`);
    expectHtmlToContain(await page.text(), "Sent 2 invitations; skipped 1 already enrolled, 2 duplicates.");

    for (const address of [a, b]) {
      const mails = await notificationsTo(address, "organization-employee-invitation");
      expect(mails).toHaveLength(1);
      const rendered = renderNotification(mails[0]!.kind, mails[0]!.payload);
      const formatted = org.code.replace(/(.{4})(?=.)/g, "$1-");
      expect(rendered.text).toContain(formatted);
      expect(rendered.text).toContain(`http://localhost/register?tab=individual&code=${formatted}`);
      expect(rendered.subject).toContain(org.companyName);
    }
    expect(await notificationsTo(enrolled.email, "organization-employee-invitation")).toHaveLength(0);

    // The link's page fills the code in.
    const form = await (await get(`/register?tab=individual&code=${org.code.toLowerCase()}`)).text();
    expect(form).toMatch(new RegExp(`name="employerCode"[^>]*value="${org.code.replace(/(.{4})(?=.)/g, "$1-")}"`));

    // The same addresses again today: skipped, nothing sent.
    const again = await post(org.path, { intent: "invite", addresses: `${a} ${b}` }, { cookie: owner.cookie });
    expect(again.status).toBe(303);
    expectHtmlToContain(
      await (await get(org.path, `${owner.cookie}; ${toastCookie(again)}`)).text(),
      "Sent 0 invitations; skipped 2 already invited today.",
    );
    expect(await notificationsTo(a, "organization-employee-invitation")).toHaveLength(1);
    const logged = (await events(org.id)).filter((e) => e.action === "employees-invited");
    expect(logged.map((e) => JSON.parse(e.detail!).sent)).toEqual([2]);
    expect(logged[0]!.actor_user_id).toBe(owner.id);
  });

  it("sends a long paste in one batch", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const tag = crypto.randomUUID().slice(0, 8);
    const many = Array.from({ length: 47 }, (_, i) => `bulk${i}.${tag}@example.com`);
    const response = await post(org.path, { intent: "invite", addresses: many.join("; ") }, { cookie: owner.cookie });
    expect(response.status).toBe(303);
    const counted = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM organization_employee_invitations WHERE registration_id = ?1) AS invitations, (SELECT count(*) FROM notifications WHERE kind = 'organization-employee-invitation' AND recipient LIKE ?2) AS mails",
    )
      .bind(org.id, `%.${tag}@example.com`)
      .first();
    expect(counted).toEqual({ invitations: 47, mails: 47 });
    const page = await (await get(org.path, owner.cookie)).text();
    expectHtmlToContain(page, `You can send ${organizationLimits.invitationsPerDay - 47} more today.`);
  });

  it("refuses a paste over the limit of one paste or of the day, sending nothing", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const tooMany = Array.from({ length: organizationLimits.invitationsPerPaste + 1 }, (_, i) => `p${i}@example.com`);
    const over = await post(org.path, { intent: "invite", addresses: tooMany.join("\n") }, { cookie: owner.cookie });
    expect(over.status).toBe(400);
    expectHtmlToContain(await over.text(), `Paste at most ${organizationLimits.invitationsPerPaste} addresses`);

    // Invitations already sent today, up to one short of the limit.
    const used = organizationLimits.invitationsPerDay - 1;
    await createEmployeeInvitations(
      org.id,
      Array.from({ length: used }, (_, i) => ({
        email: `sent${i}@example.com`,
        day: EARLY_DAY,
        invitedBy: owner.id,
        createdAt: "2025-12-01T19:00:00.000Z",
      })),
    );
    const [c, d] = [uniqueEmail("invitee"), uniqueEmail("invitee")];
    const refused = await post(org.path, { intent: "invite", addresses: `${c}\n${d}` }, { cookie: owner.cookie });
    expect(refused.status).toBe(429);
    expectHtmlToContain(await refused.text(), "can send 1 more invitation today", "Nothing was sent");
    expect(await notificationsTo(c, "organization-employee-invitation")).toHaveLength(0);
    const one = await post(org.path, { intent: "invite", addresses: c }, { cookie: owner.cookie });
    expect(one.status).toBe(303);
    expect(await notificationsTo(c, "organization-employee-invitation")).toHaveLength(1);
  });
});

/** The Cookie pair of the flash toast an action set. */
function toastCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("toast="))!
    .split(";")[0]!;
}

describe("employees", { timeout: 60_000 }, () => {
  it("lists, searches and exports the enrolled employees as spreadsheet-safe CSV", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const first = await enroll(org.code, { firstName: "Harper", lastName: "Quinn" });
    const second = await enroll(org.code, { firstName: "Rowan", lastName: "Ellis" });
    // A hostile value, as if it had got past the form: neutralized in the CSV.
    await env.DB.prepare("UPDATE registrations SET last_name = ? WHERE id = ?")
      .bind('=HYPERLINK("http://evil.example","x")', second.registrationId)
      .run();

    const all = await (await get(org.path, owner.cookie)).text();
    expectHtmlToContain(
      all,
      "Harper Quinn",
      first.email,
      second.email,
      'data-testid="participant-count">2 employees are',
    );
    const found = await (await get(`${org.path}?q=harp`, owner.cookie)).text();
    expectHtmlToContain(found, "Harper Quinn");
    expectHtmlNotToContain(found, second.email);
    // LIKE's wildcards are searched for as text.
    expectHtmlToContain(await (await get(`${org.path}?q=%25`, owner.cookie)).text(), "Nobody enrolled matches");

    const csvResponse = await get(`${org.path}/employees.csv`, owner.cookie);
    expect(csvResponse.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csvResponse.headers.get("content-disposition")).toMatch(
      /^attachment; filename="[a-z0-9-]+-employees-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await csvResponse.text();
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe('"first_name","last_name","email","enrolled_at"');
    expect(csv).toContain(`"Harper","Quinn","${first.email}",`);
    expect(csv).toContain(`"Rowan","'=HYPERLINK(""http://evil.example"",""x"")","${second.email}",`);
    expect(lines).toHaveLength(4);
  });

  it("removes an employee: status 'removed', told by e-mail, no longer counted or listed, logged", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const staying = await enroll(org.code);
    const leaving = await enroll(org.code, { firstName: "Jordan", lastName: "Reyes" });
    // Another organization's administrator cannot remove them.
    const other = await account("other-owner");
    const otherOrg = await buyWorkforce(other);
    const foreign = await post(
      otherOrg.path,
      { intent: "remove-employee", registrationId: leaving.registrationId },
      { cookie: other.cookie },
    );
    expect(foreign.status).toBe(404);

    const response = await post(
      org.path,
      { intent: "remove-employee", registrationId: leaving.registrationId },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(303);
    const row = await env.DB.prepare("SELECT status FROM registrations WHERE id = ?")
      .bind(leaving.registrationId)
      .first();
    expect(row).toEqual({ status: "removed" });
    const [mail] = await notificationsTo(leaving.email, "organization-employee-removed");
    expect(renderNotification(mail!.kind, mail!.payload).text).toContain(org.companyName);

    const html = await (await get(org.path, owner.cookie)).text();
    expectHtmlToContain(html, 'data-testid="participant-count">1 employee is', staying.email);
    expectHtmlNotToContain(html, leaving.email);
    expect(await (await get(`${org.path}/employees.csv`, owner.cookie)).text()).not.toContain(leaving.email);
    const logged = (await events(org.id)).filter((e) => e.action === "employee-removed");
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!.detail!)).toEqual({ registrationId: leaving.registrationId });

    // Twice: nothing more happens.
    const again = await post(
      org.path,
      { intent: "remove-employee", registrationId: leaving.registrationId },
      { cookie: owner.cookie },
    );
    expect(again.status).toBe(404);
    expect(await notificationsTo(leaving.email, "organization-employee-removed")).toHaveLength(1);
  });
});

describe("the recognition tier on the dashboard", { timeout: 60_000 }, () => {
  it("counts live enrollments against the content's tiers", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const empty = await (await get(org.path, owner.cookie)).text();
    expectHtmlToContain(empty, "No recognition tier yet", "10 more for Innovation Partner", 'max="10"');
    // Ten enrollments written directly (the /register path is covered above).
    for (let i = 0; i < 10; i++) {
      await createRegistration({
        userId: crypto.randomUUID(),
        amountCents: 0,
        status: "enrolled",
        firstName: "Test",
        lastName: "Person",
        email: uniqueEmail("bulk"),
        phone: "2085550100",
        organizationRegistrationId: org.id,
      });
    }
    const ten = await (await get(org.path, owner.cookie)).text();
    expectHtmlToContain(
      ten,
      'data-testid="current-tier">Innovation Partner<',
      "15 more for AI Champion",
      'value="10" max="25"',
    );
  });
});

describe("co-administrators", { timeout: 60_000 }, () => {
  it("accepts only for the invited, verified account, once", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const invited = await account("invited", { verified: false });
    const token = await inviteAdmin(owner, org.path, invited.email);
    const stored = await env.DB.prepare("SELECT token_hash FROM organization_admin_invitations WHERE email = ?")
      .bind(invited.email)
      .first<{ token_hash: string }>();
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(token);

    // Anonymous: the sign-in gate, back to the invitation afterwards.
    const anonymous = await get(`/organization/invitation?token=${token}`);
    expect(anonymous.status).toBe(302);
    expect(new URL(anonymous.headers.get("location")!, "http://localhost").searchParams.get("redirectTo")).toBe(
      `/organization/invitation?token=${token}`,
    );

    const wrong = await account("wrong");
    const byWrong = await post("/organization/invitation", { intent: "accept", token }, { cookie: wrong.cookie });
    expect(byWrong.status).toBe(403);
    expectHtmlToContain(await byWrong.text(), "sent to a different e-mail address");

    const unverified = await post("/organization/invitation", { intent: "accept", token }, { cookie: invited.cookie });
    expect(unverified.status).toBe(403);
    expectHtmlToContain(await unverified.text(), "verify your e-mail address first");
    expect((await get(org.path, invited.cookie)).status).toBe(404);

    await verify(invited);
    const page = await get(`/organization/invitation?token=${token}`, invited.cookie);
    expectHtmlToContain(await page.text(), org.companyName, "Accept invitation");
    const accepted = await post("/organization/invitation", { intent: "accept", token }, { cookie: invited.cookie });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe(org.path);
    expect((await get(org.path, invited.cookie)).status).toBe(200);

    const reused = await post("/organization/invitation", { intent: "accept", token }, { cookie: invited.cookie });
    expect(reused.status).toBe(410);
    expectHtmlToContain(await reused.text(), "expired, was cancelled or was already used");
    const byWrongAgain = await post("/organization/invitation", { intent: "accept", token }, { cookie: wrong.cookie });
    expect(byWrongAgain.status).toBe(410);
    expect((await events(org.id)).map((e) => [e.action, e.actor_user_id])).toEqual([
      ["admin-invited", owner.id],
      ["admin-added", invited.id],
    ]);
  });

  it("refuses an expired or cancelled invitation", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const late = await account("late");
    const expired = await inviteAdmin(owner, org.path, late.email);
    await env.DB.prepare(
      "UPDATE organization_admin_invitations SET expires_at = '2025-11-30T00:00:00.000Z' WHERE email = ?",
    )
      .bind(late.email)
      .run();
    expect(
      (await post("/organization/invitation", { intent: "accept", token: expired }, { cookie: late.cookie })).status,
    ).toBe(410);

    const cancelled = await inviteAdmin(owner, org.path, late.email);
    const { id } = (await env.DB.prepare(
      "SELECT id FROM organization_admin_invitations WHERE email = ? AND revoked_at IS NULL AND expires_at > '2025-12-02'",
    )
      .bind(late.email)
      .first<{ id: string }>())!;
    expect(
      (await post(org.path, { intent: "cancel-admin-invitation", invitationId: id }, { cookie: owner.cookie })).status,
    ).toBe(303);
    expect(
      (await post("/organization/invitation", { intent: "accept", token: cancelled }, { cookie: late.cookie })).status,
    ).toBe(410);
    expect((await get(org.path, late.cookie)).status).toBe(404);
  });

  it("removes a co-administrator but never the buyer", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const admin = await addCoAdmin(owner, org.path);
    const refused = await post(org.path, { intent: "remove-admin", userId: owner.id }, { cookie: admin.cookie });
    expect(refused.status).toBe(400);
    expectHtmlToContain(await refused.text(), "can&#x27;t be removed");
    expect((await get(org.path, owner.cookie)).status).toBe(200);

    const removed = await post(org.path, { intent: "remove-admin", userId: admin.id }, { cookie: owner.cookie });
    expect(removed.status).toBe(303);
    expect((await get(org.path, admin.cookie)).status).toBe(404);
    expect((await events(org.id)).map((e) => e.action)).toEqual(["admin-invited", "admin-added", "admin-removed"]);
  });
});

describe("the audit entry's guard", { timeout: 60_000 }, () => {
  it("rolls the whole batch back when the change it logs did not happen", async () => {
    const owner = await account("owner");
    const org = await buyWorkforce(owner);
    const db = getDb(env);
    const at = "2025-12-01T19:00:00.000Z";
    const failure = await commitOrganizationChange(db, {
      organizationId: org.id,
      actorUserId: owner.id,
      kind: "organization.code-regenerated",
      payload: { notified: 0 },
      now: new Date(at),
      statements: [db.update(companyCodes).set({ revokedAt: at }).where(eq(companyCodes.code, org.code))],
      holds: sql`1 = 0`,
    });
    expect(failure).toEqual({ ok: false, guardLost: true });
    expect(await liveCodes(org.id)).toEqual([org.code]);
    expect(await events(org.id)).toEqual([]);
    // Any other failure is not a lost guard: it throws, and nothing is written either.
    await expect(
      commitOrganizationChange(db, {
        organizationId: org.id,
        actorUserId: owner.id,
        kind: "organization.code-regenerated",
        payload: { notified: 0 },
        now: new Date(at),
        statements: [
          db.update(companyCodes).set({ revokedAt: at }).where(eq(companyCodes.code, org.code)),
          db.insert(companyCodes).values({ code: org.code, registrationId: org.id, editionId: "2026", createdAt: at }),
        ],
      }),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    expect(await liveCodes(org.id)).toEqual([org.code]);
    expect(await events(org.id)).toEqual([]);
  });
});
