/**
 * People on the organizers' desk (issue 33), through the real worker: the
 * registrar searches accounts by name or address (any case, % and _ taken
 * literally, a whole address longer than D1's 50-byte LIKE limit), opens a person's page with each kind of fact
 * (and never whom they voted for), lists an edition's registrations,
 * sponsorships and organizations with filters and CSV (a formula-like value
 * neutralized by the one CSV writer), marks a contact message handled and
 * reopens it (who and when on the row, one audit row each); a coordinator
 * and a viewer are refused; the organizer API serves the same queries.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { seedCompanyCode, seedRegistration, seedSponsorship } from "./account-helpers";
import { createContactSubmission, createCredential, createJudge, createOrganizerRole, createVote } from "./factories";
import { decodeEntities, mainOf, textOf } from "./html";
import { bareUser, employeeOf, submittedProject } from "./judging-helpers";
import {
  api,
  auditSince,
  deskGet,
  deskPost,
  lastAuditId,
  organizer,
  tokenOf,
  type Organizer,
} from "./organize-helpers";

const tag = crypto.randomUUID().slice(0, 6);
let registrar: Organizer;
/** The person whose page is read: a participant with one of everything. */
let person: { id: string; email: string };
let organizationId = "";
/** The team the person voted for: its name must never show on the person's page. */
let votedTeamId = "";
const votedTeamName = `Voted Team ${tag}`;
const ownTeamName = `Own Team ${tag}`;

const page = async (path: string, who: Organizer) => {
  const response = await deskGet(path, who);
  expect(response.status, path).toBe(200);
  return response.text();
};

beforeAll(async () => {
  registrar = await organizer("registrar");
  // The person: a name with LIKE's wildcards in it.
  const who = await bareUser(`zoe${tag}`);
  await env.DB.prepare("UPDATE user SET name = ? WHERE id = ?").bind(`Zoë 100%_Sure ${tag}`, who.id).run();
  person = { id: who.id, email: who.email };
  const owner = await bareUser("owner");
  organizationId = await seedRegistration(owner.id, {
    type: "workforce",
    companyName: `Gem State Widgets ${tag}`,
    amountCents: 500000,
    email: owner.email,
  });
  await seedCompanyCode(organizationId);
  await employeeOf(organizationId, who);
  await seedRegistration(who.id, { amountCents: 25000, status: "paid", email: who.email });
  await seedSponsorship(who.id, `Sponsor Co ${tag}`);
  await submittedProject("2026", { name: ownTeamName, members: [who] });
  votedTeamId = await submittedProject("2026", { name: votedTeamName });
  // One vote per person and edition (it may move); excluded by the vote review.
  await createVote({
    id: `vote-${tag}`,
    userId: who.id,
    teamId: votedTeamId,
    createdAt: "2026-03-21T18:00:00.000Z",
    castAt: "2026-03-22T18:00:00.000Z",
    excludedAt: "2026-03-31T18:00:00.000Z",
  });
  await createCredential({
    achievement: "ai-communicator",
    userId: who.id,
    recipientEmail: who.email,
    isPublic: false,
  });
  await createJudge({ userId: who.id, email: who.email, name: "Zoe" });
  await createOrganizerRole(who.id, "viewer", { grantedBy: "organizer:dana@example.com" });
});

describe("the people search", { timeout: 60_000 }, () => {
  it("finds an account by part of its name or address, any case, and takes % and _ literally", async () => {
    const byName = textOf(mainOf(await page(`/organize/people?q=${encodeURIComponent(`ZOË 100%_sure`)}`, registrar)));
    expect(byName).toContain(person.email);
    expect(byName).toContain("1 account matches.");
    // "%" alone would match every account if it were a wildcard.
    const percent = textOf(mainOf(await page(`/organize/people?q=${encodeURIComponent(`0%_S`)}`, registrar)));
    expect(percent).toContain("1 account matches.");
    const wildcardOnly = textOf(mainOf(await page(`/organize/people?q=${encodeURIComponent("%%")}`, registrar)));
    expect(wildcardOnly).toContain('No account\'s name or address contains "%%".');
    const byAddress = await page(`/organize/people?q=${encodeURIComponent(person.email.toUpperCase())}`, registrar);
    expect(byAddress).toContain(`/organize/people/${person.id}`);
    // A whole address past 50 bytes (D1 refuses LIKE patterns that long).
    const long = await bareUser("alexandria", { domain: `treasure-valley-logistics-company-${tag}.example` });
    expect(long.email.length).toBeGreaterThan(50);
    expect(await page(`/organize/people?q=${encodeURIComponent(long.email)}`, registrar)).toContain(
      `/organize/people/${long.id}`,
    );
  });

  it("is the organizer API's people.search, paged", async () => {
    const token = await tokenOf(registrar);
    const response = await api("GET", `/queries/people.search?q=${encodeURIComponent(`zoë 100`)}`, { token });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { total: number; people: { id: string }[] } };
    expect(result.total).toBe(1);
    expect(result.people[0]!.id).toBe(person.id);
  });
});

describe("a person's page", { timeout: 60_000 }, () => {
  it("shows registrations and payments, organization, teams, votes (not for whom), credentials, judge and organizer roles", async () => {
    const html = await page(`/organize/people/${person.id}`, registrar);
    const text = decodeEntities(textOf(mainOf(html)));
    expect(text).toContain(person.email);
    expect(text).toMatch(/Individual paid \$250 /);
    expect(text).toContain(`Sponsor Co ${tag}`);
    expect(text).toContain(`Gem State Widgets ${tag}`);
    expect(text).toContain("Employee (company code)");
    expect(text).toContain(ownTeamName);
    expect(text).toContain("How many votes this account cast and when; never for whom.");
    expect(text).toContain("Mar 22, 2026, 12:00 PM MT");
    expect(text).toContain("AI Communicator");
    expect(text).toContain("Editions this person judges or judged");
    expect(text).toMatch(/Viewer, since/);
    // Never whom they voted for.
    expect(html).not.toContain(votedTeamName);
    expect(html).not.toContain(votedTeamId);
  });

  it("answers 404 for an account that does not exist", async () => {
    const response = await deskGet("/organize/people/no-such-person", registrar);
    expect(response.status).toBe(404);
  });

  it("is the organizer API's people.person, without the voted team", async () => {
    const token = await tokenOf(registrar);
    const response = await api("GET", `/queries/people.person?id=${encodeURIComponent(person.id)}`, { token });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain(votedTeamId);
    const { result } = JSON.parse(body) as { result: { person: { votes: { votes: number }[] } } };
    expect(result.person.votes).toEqual([expect.objectContaining({ votes: 1, excluded: 1 })]);
  });

  it("refuses a coordinator and a viewer (404 on the desk, 403 on the API)", async () => {
    for (const role of ["coordinator", "viewer"] as const) {
      const who = await organizer(role);
      for (const path of ["/organize/people", `/organize/people/${person.id}`, "/organize/inbox"]) {
        const response = await deskGet(path, who);
        expect(response.status, `${role} ${path}`).toBe(404);
        await response.arrayBuffer();
      }
      const response = await api("GET", `/queries/people.person?id=${person.id}`, { token: await tokenOf(who) });
      expect(response.status).toBe(403);
    }
  });
});

describe("the edition's lists", { timeout: 60_000 }, () => {
  it("filters registrations by plan and status, and downloads the same rows as CSV, formulas neutralized", async () => {
    const hostile = await bareUser("hostile");
    await seedRegistration(hostile.id, { status: "pending", email: hostile.email });
    await env.DB.prepare(
      "UPDATE registrations SET first_name = '=HYPERLINK(\"http://evil.example\")' WHERE user_id = ?",
    )
      .bind(hostile.id)
      .run();
    const workforce = textOf(mainOf(await page("/organize/registrations?plan=workforce", registrar)));
    expect(workforce).toContain(`Gem State Widgets ${tag}`);
    expect(workforce).not.toContain(hostile.email);
    const pending = textOf(mainOf(await page("/organize/registrations?status=pending", registrar)));
    expect(pending).toContain(hostile.email);
    expect(pending).not.toContain(person.email);

    const csv = await deskGet("/organize/registrations.csv?status=pending", registrar);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const body = await csv.text();
    const header = body.split("\r\n")[0]!;
    for (const column of ["id", "edition_id", "plan", "status", "amount_cents", "first_name", "email", "paid_at"]) {
      expect(header).toContain(`"${column}"`);
    }
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(body).not.toContain(person.email);
  });

  it("lists sponsorships and organizations with their employees, each with its CSV", async () => {
    expect(textOf(mainOf(await page("/organize/sponsorships?tier=gold", registrar)))).toContain(`Sponsor Co ${tag}`);
    expect(textOf(mainOf(await page("/organize/sponsorships?tier=bronze", registrar)))).not.toContain(
      `Sponsor Co ${tag}`,
    );
    const organizations = await page("/organize/organizations", registrar);
    expect(organizations).toContain(`Gem State Widgets ${tag}`);
    expect(organizations).toContain(`/organize/people/${person.id}`);
    const csv = await (await deskGet("/organize/organizations.csv", registrar)).text();
    const line = csv.split("\r\n").find((l) => l.includes(`Gem State Widgets ${tag}`));
    expect(line).toContain(`"1","${person.email}"`);
    const sponsorshipsCsv = await (await deskGet("/organize/sponsorships.csv?tier=gold", registrar)).text();
    expect(sponsorshipsCsv.split("\r\n")[0]).toContain('"company_url"');
  });

  it("are the organizer API's queries, per edition", async () => {
    const token = await tokenOf(registrar);
    const listed = await api("GET", "/queries/registrations.list?plan=workforce&edition=fixture", { token });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { result: { rows: unknown[] } }).result.rows).toEqual([]);
    const refused = await api("GET", "/queries/registrations.list?plan=nothing", { token });
    expect(refused.status).toBe(400);
  });
});

describe("messages received", { timeout: 60_000 }, () => {
  it("marks a contact message handled, with who and when and one audit row, then reopens it", async () => {
    const email = `writer.${tag}@example.com`;
    const contactId = await createContactSubmission({
      name: "Wren Writer",
      email,
      subject: "About teams",
      message: "Can a team have five people?",
    });
    const id = String(contactId);
    const before = textOf(mainOf(await page("/organize/inbox", registrar)));
    expect(before).toContain("Can a team have five people?");

    const since = await lastAuditId();
    const done = await deskPost("/organize/inbox", { intent: "handle-contact", id, state: "handled" }, registrar);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/organize/inbox#contacts");
    const handled = await env.DB.prepare("SELECT handled_at, handled_by FROM contact_submissions WHERE id = ?")
      .bind(contactId)
      .first();
    expect(handled).toEqual({ handled_at: "2026-03-25T18:00:00.000Z", handled_by: `organizer:${registrar.email}` });
    const rows = await auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "contacts.handle", actor_label: registrar.email, actor_role: "registrar" });
    expect(JSON.parse(rows[0]!.targets)).toEqual({ contactId, email });
    expect(textOf(mainOf(await page("/organize/inbox", registrar)))).toContain(`Handled Mar 25, 2026`);

    // Twice: refused, nothing written.
    const again = await deskPost("/organize/inbox", { intent: "handle-contact", id, state: "handled" }, registrar);
    expect(again.status).toBe(409);
    expect(decodeEntities(await again.text())).toContain("It was already marked handled.");

    const reopenedSince = await lastAuditId();
    const reopened = await deskPost("/organize/inbox", { intent: "handle-contact", id, state: "open" }, registrar);
    expect(reopened.status).toBe(303);
    expect(
      await env.DB.prepare("SELECT handled_at, handled_by FROM contact_submissions WHERE id = ?")
        .bind(contactId)
        .first(),
    ).toEqual({ handled_at: null, handled_by: null });
    expect((await auditSince(reopenedSince)).map((r) => r.action)).toEqual(["contacts.handle"]);
  });

  it("a coordinator's token may not mark one handled", async () => {
    const token = await tokenOf(await organizer("coordinator"));
    const response = await api("POST", "/actions/interests.handle", { token, body: { id: "1", state: "handled" } });
    expect(response.status).toBe(403);
  });
});
