/**
 * Every edition on one database (issue 23), through the built worker. With
 * the fixture edition published after 2026 (APP_EDITION_FIXTURE=1), one
 * database goes through 2026 (an organization buys a package, an employee
 * enrolls with its code and submits a project) and on into the fixture
 * edition, the clock moved per request by X-App-Now as the end-to-end tests
 * move it: the 2026 registration enrolls nobody in the new edition, the 2026
 * code is refused with a message naming its edition, the 2026 project is
 * shown read-only, a new registration starts a separate project, and the
 * organization's dashboard and CSV keep the years apart.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fixtureEdition } from "~/content/editions";
import { edition2026 } from "../fixtures/edition-2026";
import { milestoneUid } from "~/clock/calendar";
import { companyCodeEditionMessages } from "~/content/organization";
import { portalMessages } from "~/content/portal";
import { createAccount, markEmailVerified, uniqueEmail, uniqueIp } from "./auth-helpers";
import { expectHtmlNotToContain, expectHtmlToSay } from "./html";
import { individualFields, liveCodes, workforceFields } from "./payments-helpers";
import { fetchWithEnv } from "./worker";

/** 2026's creation period: enrollment and the portal open. */
const IN_2026 = "2026-02-10T12:00:00-07:00";
/** The fixture edition's creation period, long after the 2026 finals. */
const IN_FIXTURE = "2027-02-10T12:00:00-07:00";

/** One server, one database: the fixture edition is published, and each request carries its own clock. */
const withFixture: Partial<Env> = { APP_EDITION_FIXTURE: "1", APP_NOW: undefined };

interface Person {
  email: string;
  cookie: string;
  id: string;
}

async function person(tag: string): Promise<Person> {
  const email = uniqueEmail(tag);
  const cookie = await createAccount(email, "a good passphrase", uniqueIp());
  await markEmailVerified(email);
  const row = await env.DB.prepare("SELECT id FROM user WHERE email = ?").bind(email).first<{ id: string }>();
  return { email, cookie, id: row!.id };
}

function get(path: string, who: Person, at: string) {
  return fetchWithEnv(path, withFixture, {
    headers: { cookie: who.cookie, "X-App-Now": at },
    redirect: "manual",
  });
}

function post(path: string, fields: Record<string, string>, who: Person | null, at: string) {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    "cf-connecting-ip": uniqueIp(),
    origin: "http://localhost",
    "sec-fetch-site": "same-origin",
    "X-App-Now": at,
  };
  if (who) headers.cookie = who.cookie;
  return fetchWithEnv(path, withFixture, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

function upload(who: Person, component: string, bytes: Uint8Array<ArrayBuffer>, at: string) {
  const form = new FormData();
  form.append("file", new File([bytes], `${component}.pdf`, { type: "application/pdf" }));
  return fetchWithEnv(`/portal/upload?component=${component}`, withFixture, {
    method: "POST",
    headers: {
      "cf-connecting-ip": uniqueIp(),
      cookie: who.cookie,
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
      "X-App-Now": at,
    },
    body: form,
    redirect: "manual",
  });
}

const encoder = new TextEncoder();
function pdf(pages: number): Uint8Array<ArrayBuffer> {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
  const objects = Array.from({ length: pages }, (_, i) => `${i + 3} 0 obj<</Type /Page /Parent 2 0 R>>endobj\n`).join(
    "",
  );
  return encoder.encode(
    `%PDF-1.4\n1 0 obj<</Type /Catalog /Pages 2 0 R>>endobj\n2 0 obj<</Type /Pages /Kids [${kids}] /Count ${pages}>>endobj\n${objects}trailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

/** Registers on /register and pays on the local stand-in checkout; the registration's id. */
async function registerAndPay(who: Person, fields: Record<string, string>, at: string, tab = "individual") {
  const started = await post(`/register?tab=${tab}`, fields, who, at);
  expect(started.status).toBe(303);
  const paid = await post(new URL(started.headers.get("location")!).pathname, {}, null, at);
  expect(paid.status).toBe(303);
  const row = await env.DB.prepare(
    "SELECT id, edition_id, status FROM registrations WHERE user_id = ? AND registration_type = ? ORDER BY created_at DESC",
  )
    .bind(who.id, tab)
    .first<{ id: string; edition_id: string; status: string }>();
  expect(row?.status).toBe("paid");
  return row!;
}

async function projectsOf(userId: string) {
  const { results } = await env.DB.prepare(
    `SELECT t.id, t.edition_id, s.status FROM team_members m JOIN teams t ON t.id = m.team_id
       LEFT JOIN submissions s ON s.team_id = t.id WHERE m.user_id = ? ORDER BY t.created_at`,
  )
    .bind(userId)
    .all<{ id: string; edition_id: string; status: string | null }>();
  return results;
}

describe("two editions on one database", () => {
  it("keeps 2026 and the next edition apart in access, codes, projects, the dashboard and its export", async () => {
    // ── 2026: a package, an employee enrolled by its code, a submitted project ──
    const owner = await person("editions-owner");
    const companyName = `Two Years Works ${crypto.randomUUID().slice(0, 4)}`;
    const organization = await registerAndPay(owner, workforceFields({ companyName }), IN_2026, "workforce");
    expect(organization.edition_id).toBe(edition2026.id);
    const [code] = await liveCodes(organization.id);
    const codeRow = await env.DB.prepare("SELECT edition_id FROM company_codes WHERE code = ?")
      .bind(code)
      .first<{ edition_id: string }>();
    expect(codeRow?.edition_id).toBe(edition2026.id);

    const employee = await person("editions-employee");
    const enrolled = await post(
      "/register",
      individualFields({ employerCode: code!, email: employee.email }),
      employee,
      IN_2026,
    );
    expect(enrolled.status).toBe(303);
    expect(
      await env.DB.prepare("SELECT edition_id, status FROM registrations WHERE user_id = ?").bind(employee.id).first(),
    ).toEqual({ edition_id: edition2026.id, status: "enrolled" });

    const saves: Record<string, string>[] = [
      { component: "prototype", prototypeUrl: "https://demo.example.com/app" },
      { component: "abstract", abstract: words(300) },
      { component: "video", videoUrl: "https://www.loom.com/share/abc123", videoConfirmed: "on" },
      { component: "aiUseLog", aiUseLog: words(150) },
    ];
    for (const fields of saves) {
      expect((await post("/portal/submission", { intent: "save", ...fields }, employee, IN_2026)).status).toBe(303);
    }
    expect((await upload(employee, "pitchDeck", pdf(10), IN_2026)).status).toBe(303);
    expect((await upload(employee, "reflectionLog", pdf(3), IN_2026)).status).toBe(303);
    expect((await post("/portal/submission", { intent: "submit" }, employee, IN_2026)).status).toBe(303);
    expect(await projectsOf(employee.id)).toMatchObject([{ edition_id: edition2026.id, status: "submitted" }]);

    const dashboard2026 = await (await get(`/organization/${organization.id}`, owner, IN_2026)).text();
    expectHtmlToSay(dashboard2026, employee.email, `enrolled with your code in the ${edition2026.name}`);

    // ── The fixture edition: the 2026 enrollment does not carry over ──
    const portal = await get("/portal", employee, IN_FIXTURE);
    expect(portal.status).toBe(200);
    const portalHtml = await portal.text();
    expectHtmlToSay(portalHtml, "Enroll to use the portal", portalMessages.enrollmentPerEdition(fixtureEdition.name));
    // The 2026 project is listed, read-only: no form of the portal's reaches it.
    expectHtmlToSay(portalHtml, "Past projects", `${edition2026.name}: your project, submitted`);
    const refusedSave = await post(
      "/portal/submission",
      { intent: "save", component: "abstract", abstract: words(260) },
      employee,
      IN_FIXTURE,
    );
    expect(refusedSave.status).toBe(303);
    expect(refusedSave.headers.get("location")).toBe("/portal");
    expect(await projectsOf(employee.id)).toHaveLength(1);

    // The 2026 code is refused, naming the edition it belongs to.
    const refused = await post(
      "/register",
      individualFields({ employerCode: code!, email: employee.email }),
      employee,
      IN_FIXTURE,
    );
    expect(refused.status).toBe(403);
    expectHtmlToSay(
      await refused.text(),
      companyCodeEditionMessages.otherEdition(edition2026.name, fixtureEdition.name),
    );
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM registrations WHERE user_id = ?").bind(employee.id).first(),
    ).toEqual({ n: 1 });

    // A new registration for the new edition; its project is separate from the 2026 one.
    const renewed = await registerAndPay(employee, individualFields({ email: employee.email }), IN_FIXTURE);
    expect(renewed.edition_id).toBe(fixtureEdition.id);
    const participantPortal = await (await get("/portal", employee, IN_FIXTURE)).text();
    expectHtmlNotToContain(participantPortal, "Enroll to use the portal");
    expectHtmlToSay(participantPortal, "Past projects");
    expect(
      (
        await post(
          "/portal/submission",
          { intent: "save", component: "prototype", prototypeUrl: "https://next.example.com/" },
          employee,
          IN_FIXTURE,
        )
      ).status,
    ).toBe(303);
    const projects = await projectsOf(employee.id);
    expect(projects).toMatchObject([
      { edition_id: edition2026.id, status: "submitted" },
      { edition_id: fixtureEdition.id, status: "draft" },
    ]);
    const old = await env.DB.prepare("SELECT prototype_url FROM submissions WHERE team_id = ?")
      .bind(projects[0]!.id)
      .first<{ prototype_url: string }>();
    expect(old?.prototype_url).toBe("https://demo.example.com/app");

    // /account groups registrations and projects by edition, the newest first.
    const account = await (await get("/account", employee, IN_FIXTURE)).text();
    const groups = [...account.matchAll(/data-testid="account-edition"[\s\S]*?<\/section>/g)].map((m) => m[0]);
    expect(groups).toHaveLength(2);
    expectHtmlToSay(groups[0]!, fixtureEdition.name, "Project: your project, draft, not submitted", "Paid");
    expectHtmlToSay(groups[1]!, edition2026.name, "Project: your project, submitted", "Through ");
    expectHtmlNotToContain(groups[1]!, "Paid");

    // ── The organization: this edition's employees listed, 2026 counted; the CSV is this edition's ──
    const dashboard = await (await get(`/organization/${organization.id}`, owner, IN_FIXTURE)).text();
    expectHtmlToSay(
      dashboard,
      `enrolled with your code in the ${fixtureEdition.name}`,
      "Nobody has enrolled with your code yet.",
      `${edition2026.name}: 1 employee enrolled`,
      companyCodeEditionMessages.codeOfPastEdition(edition2026.name),
    );
    expectHtmlNotToContain(dashboard, employee.email);
    const invite = await post(
      `/organization/${organization.id}`,
      { intent: "invite", addresses: uniqueEmail("late-hire") },
      owner,
      IN_FIXTURE,
    );
    expect(invite.status).toBe(403);
    const csvNow = await (await get(`/organization/${organization.id}/employees.csv`, owner, IN_FIXTURE)).text();
    expect(csvNow).not.toContain(employee.email);
    const csv2026 = await (await get(`/organization/${organization.id}/employees.csv`, owner, IN_2026)).text();
    expect(csv2026).toContain(employee.email);
  });

  it("keeps the past edition's calendar events beside the current one's, under UIDs that name the edition", async () => {
    const feed = async (at: string) => {
      const response = await fetchWithEnv("/timeline.ics", { ...withFixture, APP_NOW: at });
      expect(response.status).toBe(200);
      return (await response.text()).replace(/\r\n[ \t]/g, "");
    };
    const uid = (editionId: string, milestone: string) => `UID:${milestoneUid({ id: milestone }, editionId)}`;
    const in2026 = await feed(IN_2026);
    expect(in2026).toContain(uid(edition2026.id, "submission-deadline"));
    expect(in2026).not.toContain(uid(fixtureEdition.id, "submission-deadline"));
    const next = await feed(IN_FIXTURE);
    // Both years' deadlines, each its own event: next year's does not overwrite this year's.
    expect(next).toContain(uid(edition2026.id, "submission-deadline"));
    expect(next).toContain(uid(fixtureEdition.id, "submission-deadline"));
    expect(next.match(/BEGIN:VEVENT/g)).toHaveLength(edition2026.milestones.length + fixtureEdition.milestones.length);
  });
});
