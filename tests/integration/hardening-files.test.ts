/**
 * Issue 22, the second audit: its findings on files, drafts, the data
 * download and the recovery codes, one describe each, numbered as the audit
 * numbers them. Every test here failed on the code before its fix. Through
 * the built worker (fetchWithEnv, postForm), the real local D1 and R2.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { portalMessages, teamEventDescriptions } from "~/content/portal";
import { createOrganizationAdmin } from "./factories";
import {
  enrollmentOf,
  getPage,
  newAccount,
  PASSWORD,
  postAccount,
  recoveryCodesOf,
  seedRegistration,
  totp,
} from "./account-helpers";
import { cookieHeaderFrom, notificationsOfKind, uniqueEmail, uniqueIp } from "./auth-helpers";
import { decodeEntities, expectHtmlNotToContain, expectHtmlToContain, expectHtmlToSay } from "./html";
import { fetchWithEnv } from "./worker";
import { CREATING, get, pdf, person, post, upload } from "./portal-helpers";

const TIMEOUT = { timeout: 60_000 };

/** An OLE2 header: what a .doc starts with. */
const doc = () => new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(504)]);

async function teamIdOf(userId: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT team_id FROM team_members WHERE user_id = ?")
    .bind(userId)
    .first<{ team_id: string }>();
  return row?.team_id ?? null;
}

async function fileRow(teamId: string, component: string) {
  return env.DB.prepare("SELECT id, filename, object_key FROM submission_files WHERE team_id = ? AND component = ?")
    .bind(teamId, component)
    .first<{ id: string; filename: string; object_key: string }>();
}

const RLO = "\u202e";

describe("9. a download is named by its detected type, without control or bidi characters", TIMEOUT, () => {
  it("stores and serves a PDF uploaded as 'invoice<RLO>fdp.html' as invoicefdp.pdf", async () => {
    const p = await person("rlo");
    expect(
      (await upload(p, "pitchDeck", pdf(1), `invoice${RLO}fdp.html`, { type: "text/html" })).headers.get("location"),
    ).toBe("/portal/submission#pitch-deck");
    const file = await fileRow((await teamIdOf(p.id))!, "pitchDeck");
    expect(file!.filename).toBe("invoicefdp.pdf");

    const download = await get(`/portal/files/${file!.id}`, p);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="invoicefdp.pdf"; filename*=UTF-8''invoicefdp.pdf`,
    );
    expect(download.headers.get("content-type")).toBe("application/pdf");
    const page = await (await get("/portal/submission", p)).text();
    expectHtmlToContain(page, ">invoicefdp.pdf</a>");
    expect(page).not.toContain(RLO);
  });

  it("gives a Word file uploaded as notes.exe the .doc extension", async () => {
    const p = await person("doc-exe");
    await upload(p, "reflectionLog", doc(), "notes.exe");
    const file = await fileRow((await teamIdOf(p.id))!, "reflectionLog");
    const download = await get(`/portal/files/${file!.id}`, p);
    expect(download.headers.get("content-type")).toBe("application/msword");
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="notes.doc"; filename*=UTF-8''notes.doc`,
    );
  });

  it("renames a file stored before the fix, with the uploader's name, when it is downloaded", async () => {
    const p = await person("old-row");
    await upload(p, "pitchDeck", pdf(1), "deck.pdf");
    const file = await fileRow((await teamIdOf(p.id))!, "pitchDeck");
    await env.DB.prepare("UPDATE submission_files SET filename = ? WHERE id = ?")
      .bind(`report${RLO}\u2066gpj.html`, file!.id)
      .run();
    const download = await get(`/portal/files/${file!.id}`, p);
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="reportgpj.pdf"; filename*=UTF-8''reportgpj.pdf`,
    );
  });
});

async function teamWithMember(tag: string) {
  const lead = await person(`${tag}-lead`);
  expect((await post("/portal", { intent: "create-team", name: `Team ${tag}` }, lead)).status).toBe(303);
  const member = await person(`${tag}-member`);
  expect((await post("/portal", { intent: "invite", email: member.email }, lead)).status).toBe(303);
  const [mail] = (await notificationsOfKind("portal-team-invitation")).filter((n) => n.recipient === member.email);
  const token = new URL((JSON.parse(mail!.payload) as { acceptUrl: string }).acceptUrl).searchParams.get("token")!;
  expect((await post("/portal/invitation", { token, intent: "accept" }, member)).status).toBe(303);
  return { lead, member, teamId: (await teamIdOf(lead.id))! };
}

describe("10. only the lead deletes the team's draft, and the team's history says so", TIMEOUT, () => {
  it("refuses a member's deletion, keeping the files others uploaded; the lead's is recorded and shown", async () => {
    const { lead, member, teamId } = await teamWithMember("draft");
    await upload(lead, "pitchDeck", pdf(1), "leads-deck.pdf");
    expect(
      (
        await post(
          "/portal/submission",
          { intent: "save", component: "prototype", prototypeUrl: "https://a.example.com" },
          member,
        )
      ).status,
    ).toBe(303);
    const leadsFile = await fileRow(teamId, "pitchDeck");

    const refused = await post("/portal/submission", { intent: "delete-draft" }, member);
    expect(refused.status).toBe(403);
    expectHtmlToSay(await refused.text(), portalMessages.draftDeleteLeadOnly);
    expect(await fileRow(teamId, "pitchDeck")).not.toBeNull();
    expect(await env.SUBMISSION_FILES.head(leadsFile!.object_key)).not.toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM submissions WHERE team_id = ?").bind(teamId).first()).not.toBeNull();
    // The member is not offered the button either.
    expectHtmlNotToContain(await (await get("/portal/submission", member)).text(), "Yes, delete the draft");

    const deleted = await post("/portal/submission", { intent: "delete-draft" }, lead);
    expect(deleted.status).toBe(303);
    expect(await fileRow(teamId, "pitchDeck")).toBeNull();
    expect(await env.SUBMISSION_FILES.head(leadsFile!.object_key)).toBeNull();
    const events = await env.DB.prepare(
      "SELECT actor_user_id, substr(action, length('team.') + 1) AS kind, payload AS detail FROM events WHERE team_id = ? AND action = 'team.draft-deleted'",
    )
      .bind(teamId)
      .all<{ actor_user_id: string; kind: string; detail: string }>();
    expect(events.results).toHaveLength(1);
    expect(events.results[0]).toMatchObject({ actor_user_id: lead.id, kind: "draft-deleted" });
    expect(JSON.parse(events.results[0]!.detail)).toMatchObject({
      files: [{ component: "pitchDeck", filename: "leads-deck.pdf", uploadedBy: lead.id }],
    });

    const membersPortal = decodeEntities(await (await get("/portal", member)).text());
    expect(membersPortal).toContain('data-testid="team-history"');
    expect(membersPortal).toContain(teamEventDescriptions["draft-deleted"](lead.email));
  });
});

describe("12. 'Download my data' holds the portal data and co-administrator roles", TIMEOUT, () => {
  it("lists the account's team, project, files' names and sizes, invitations and co-administrations", async () => {
    const { lead, member } = await teamWithMember("export");
    await upload(member, "pitchDeck", pdf(1), "our deck.pdf");
    await post(
      "/portal/submission",
      { intent: "save", component: "prototype", prototypeUrl: "https://proto.example.com" },
      lead,
    );
    const owner = await newAccount(uniqueEmail("org-owner"), uniqueIp());
    const organization = await seedRegistration(owner.id, {
      id: crypto.randomUUID(),
      type: "workforce",
      companyName: "Co-Admin Co",
    });
    await createOrganizationAdmin({
      registrationId: organization,
      userId: member.id,
      addedBy: owner.id,
      createdAt: "2026-01-05T10:00:00.000Z",
    });

    const response = await getPage("/account/data.json", member.cookie, uniqueIp());
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      teams?: {
        name: string;
        role: string;
        submission: { prototypeUrl: string } | null;
        files: { filename: string; sizeBytes: number; uploadedByYou: boolean }[];
      }[];
      teamInvitations?: { teamName: string; direction: string; acceptedAt: string | null }[];
      organizationRoles?: { organizationId: string; organizationName: string; role: string }[];
    };
    expect(body.teams).toEqual([
      expect.objectContaining({
        name: "Team export",
        role: "member",
        submission: expect.objectContaining({ prototypeUrl: "https://proto.example.com/" }),
        files: [
          expect.objectContaining({ filename: "our deck.pdf", sizeBytes: pdf(1).byteLength, uploadedByYou: true }),
        ],
      }),
    ]);
    expect(body.teamInvitations).toEqual([
      expect.objectContaining({ teamName: "Team export", direction: "received", acceptedAt: expect.any(String) }),
    ]);
    expect(body.organizationRoles).toEqual([
      {
        organizationId: organization,
        organizationName: "Co-Admin Co",
        role: "co-administrator",
        since: "2026-01-05T10:00:00.000Z",
      },
    ]);
    // The lead's address is the lead's, not this account's.
    expect(JSON.stringify(body)).not.toContain(lead.email);
  });
});

describe("13. the recovery codes are shown once, whatever cookie comes back", TIMEOUT, () => {
  it("shows nothing when the same flash cookie is sent a second time", async () => {
    const ip = uniqueIp();
    const me = await newAccount(uniqueEmail("replay"), ip);
    const started = await postAccount("enable-two-factor", { password: PASSWORD }, { cookie: me.cookie, ip });
    const { uri, secret } = enrollmentOf(await started.text());
    const confirmed = await postAccount(
      "confirm-two-factor",
      { code: await totp(secret), totpURI: uri },
      { cookie: me.cookie, ip },
    );
    expect(confirmed.status).toBe(303);
    const cookie = cookieHeaderFrom(confirmed, me.cookie);
    expect(cookie).toContain("recovery_codes=");

    const first = await (await getPage("/account", cookie, ip)).text();
    expect(recoveryCodesOf(first)).toHaveLength(10);
    // A replay of the very same Cookie header, ignoring the response that cleared it.
    const replayed = await (await getPage("/account", cookie, ip)).text();
    expectHtmlToContain(replayed, "Two-step sign-in is on.");
    expect(recoveryCodesOf(replayed)).toEqual([]);
    expectHtmlNotToContain(replayed, "Your recovery codes");
  });
});

describe("15. the upload's component is one of the list, not any property name", TIMEOUT, () => {
  it("refuses toString, __proto__, constructor and hasOwnProperty without starting a project", async () => {
    const p = await person("proto");
    for (const component of ["toString", "__proto__", "constructor", "hasOwnProperty"]) {
      const response = await upload(p, component, pdf(1), "deck.pdf");
      expect(response.status, component).toBe(303);
      expect(response.headers.get("location"), component).toBe("/portal/submission");
      const toast = response.headers
        .getSetCookie()
        .find((c) => c.startsWith("toast="))!
        .split(";")[0]!;
      const page = await (
        await fetchWithEnv("/portal/submission", CREATING, {
          headers: { cookie: `${p.cookie}; ${toast}` },
          redirect: "manual",
        })
      ).text();
      expectHtmlToSay(page, portalMessages.unknownIntent);
    }
    expect(await teamIdOf(p.id)).toBeNull();
  });
});
