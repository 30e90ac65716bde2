/**
 * The Challenge Portal (issue 15) through the built worker: who may use it,
 * teams and their invitations, the five components and their limits, uploads
 * into the real local R2 bucket, downloads only for members, the deadline
 * under APP_NOW a minute either side, the confirmation e-mail through the
 * real Resend SDK against the fake, the organization dashboard's column and
 * the retention job.
 */
import { env } from "cloudflare:test";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { edition2026 } from "../fixtures/edition-2026";
import { portalFileRules, portalLimits, portalMessages } from "~/content/portal";
import { submissionLimits } from "~/content/program";
import { purgeExpiredSubmissions } from "~/retention/submissions.server";
import { notificationsOfKind, uniqueEmail } from "./auth-helpers";
import { countRows, seedCompanyCode, seedRegistration } from "./account-helpers";
import { get, pdf, person, post, upload, type Person } from "./portal-helpers";
import { decodeEntities, expectHtmlNotToContain, expectHtmlToContain, expectHtmlToSay } from "./html";
import { fakeResendAccount } from "./resend-fake";
import { builtWorker } from "./worker";

/** The deadline is Mar 18, 2026, 11:59 PM MDT: open through that minute, closed from 00:00. */
const MINUTE_BEFORE = { APP_NOW: "2026-03-18T23:59:00-06:00" };
const MINUTE_AFTER = { APP_NOW: "2026-03-19T00:01:00-06:00" };

/** PNG bytes under any name. */
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

async function teamOf(userId: string) {
  return env.DB.prepare(
    "SELECT t.id, t.name, m.role FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.user_id = ?",
  )
    .bind(userId)
    .first<{ id: string; name: string | null; role: string }>();
}

async function submissionRow(teamId: string) {
  return env.DB.prepare("SELECT * FROM submissions WHERE team_id = ?").bind(teamId).first<Record<string, unknown>>();
}

async function fileRow(teamId: string, component: string) {
  return env.DB.prepare("SELECT * FROM submission_files WHERE team_id = ? AND component = ?")
    .bind(teamId, component)
    .first<{ id: string; object_key: string; page_count: number | null; size_bytes: number; filename: string }>();
}

/** Saves every text component and both files: a complete project. */
async function completeProject(who: Person) {
  const saves: Record<string, string>[] = [
    { component: "prototype", prototypeUrl: "https://demo.example.com/app" },
    { component: "abstract", abstract: words(300) },
    { component: "video", videoUrl: "https://www.loom.com/share/abc123", videoConfirmed: "on" },
    { component: "aiUseLog", aiUseLog: words(150) },
  ];
  for (const fields of saves) {
    const saved = await post("/portal/submission", { intent: "save", ...fields }, who);
    expect(saved.status, JSON.stringify(fields).slice(0, 60)).toBe(303);
  }
  expect((await upload(who, "pitchDeck", pdf(10), "deck.pdf")).headers.get("location")).toBe(
    "/portal/submission#pitch-deck",
  );
  expect((await upload(who, "reflectionLog", pdf(3), "log.pdf")).headers.get("location")).toBe(
    "/portal/submission#reflection-log",
  );
}

async function inviteAndToken(lead: Person, email: string) {
  const sent = await post("/portal", { intent: "invite", email }, lead);
  expect(sent.status).toBe(303);
  const [mail] = (await notificationsOfKind("portal-team-invitation")).filter((n) => n.recipient === email);
  expect(mail).toBeDefined();
  const acceptUrl = (JSON.parse(mail!.payload) as { acceptUrl: string }).acceptUrl;
  return new URL(acceptUrl).searchParams.get("token")!;
}

describe("who may use the portal", () => {
  it("tells a visitor, an unverified account and an account without enrollment the one step each needs", async () => {
    const anonymous = await (await get("/portal")).text();
    expectHtmlToSay(anonymous, "Sign in to open the portal");
    expectHtmlToContain(anonymous, 'href="/auth?tab=signin&amp;redirectTo=%2Fportal"');

    const unverified = await person("unverified", { verified: false });
    expectHtmlToSay(await (await get("/portal", unverified)).text(), "Verify your e-mail address");

    const notEnrolled = await person("not-enrolled", { enrolled: false });
    const page = await (await get("/portal", notEnrolled)).text();
    expectHtmlToSay(page, "Enroll to use the portal", portalMessages.notEnrolled);
    expectHtmlNotToContain(page, 'data-testid="portal-status"');
    // And every write is refused, whatever the browser sends.
    const write = await post(
      "/portal/submission",
      { intent: "save", component: "abstract", abstract: words(300) },
      notEnrolled,
    );
    expect(write.status).toBe(303);
    expect(write.headers.get("location")).toBe("/portal");
    expect(await countRows("SELECT count(*) AS n FROM team_members WHERE user_id = ?", notEnrolled.id)).toBe(0);
  });

  it("lets in a paid individual and an employee enrolled with a company code, saying how", async () => {
    const individual = await person("individual");
    expectHtmlToSay(await (await get("/portal", individual)).text(), "enrolled as an individual participant");

    const owner = await person("owner", { enrolled: false });
    const organization = await seedRegistration(owner.id, { type: "workforce", companyName: "Snake River Co" });
    await seedCompanyCode(organization);
    const employee = await person("employee", { enrolled: false });
    await seedRegistration(employee.id, {
      status: "enrolled",
      amountCents: 0,
      organizationRegistrationId: organization,
      email: employee.email,
    });
    const page = await (await get("/portal", employee)).text();
    expectHtmlToSay(page, "enrolled through Snake River Co");
    // The next deadline, with its calendar file.
    expectHtmlToContain(page, "/timeline.ics?milestone=submission-deadline");
  });
});

describe("the components and their limits", () => {
  it("counts the abstract's words on the server: 249 and 501 refused, 250 and 500 saved", async () => {
    const p = await person("abstract");
    const { min, max } = submissionLimits.abstractWords;
    for (const [count, ok] of [
      [min - 1, false],
      [min, true],
      [max, true],
      [max + 1, false],
    ] as const) {
      const response = await post(
        "/portal/submission",
        { intent: "save", component: "abstract", abstract: words(count) },
        p,
      );
      if (ok) {
        expect(response.status, `${count} words`).toBe(303);
        const team = await teamOf(p.id);
        expect(String((await submissionRow(team!.id))!.abstract).split(" ")).toHaveLength(count);
      } else {
        expect(response.status, `${count} words`).toBe(400);
        const html = decodeEntities(await response.text());
        expect(html).toContain(
          count < min
            ? portalMessages.wordsTooFew("abstract", count, min)
            : portalMessages.wordsTooMany("abstract", count, max),
        );
        // What was typed is kept.
        expect(html).toContain(words(count).slice(-40));
      }
    }
  });

  it("holds the “How AI Was Used” log to 100–250 words", async () => {
    const p = await person("ai-log");
    const { min, max } = submissionLimits.aiUseLogWords;
    const status = async (n: number) =>
      (await post("/portal/submission", { intent: "save", component: "aiUseLog", aiUseLog: words(n) }, p)).status;
    expect([await status(min - 1), await status(min), await status(max), await status(max + 1)]).toEqual([
      400, 303, 303, 400,
    ]);
  });

  it("takes only https links, and a video only from YouTube, Vimeo or Loom with the rule confirmed", async () => {
    const p = await person("links");
    const save = (fields: Record<string, string>) => post("/portal/submission", { intent: "save", ...fields }, p);
    const refused = await save({ component: "prototype", prototypeUrl: "javascript:alert(1)" });
    expect(refused.status).toBe(400);
    expectHtmlToSay(await refused.text(), portalMessages.prototypeInvalid);
    expect((await save({ component: "video", videoUrl: "https://example.com/video" })).status).toBe(400);
    const unconfirmed = await save({ component: "video", videoUrl: "https://vimeo.com/123" });
    expect(unconfirmed.status).toBe(400);
    expectHtmlToSay(await unconfirmed.text(), portalMessages.videoConfirmRequired);
    expect((await save({ component: "video", videoUrl: "https://youtu.be/abc", videoConfirmed: "on" })).status).toBe(
      303,
    );
    const team = await teamOf(p.id);
    expect(await submissionRow(team!.id)).toMatchObject({ video_url: "https://youtu.be/abc", video_confirmed: 1 });
  });
});

describe("uploads", () => {
  it("stores a real PDF with its page count, refuses a .pdf that is not one, and replaces a file, deleting the old object", async () => {
    const p = await person("uploads");
    const stored = await upload(p, "pitchDeck", pdf(9), "Our deck.pdf");
    expect(stored.status).toBe(303);
    const team = await teamOf(p.id);
    const first = await fileRow(team!.id, "pitchDeck");
    expect(first).toMatchObject({ page_count: 9, filename: "Our deck.pdf", size_bytes: pdf(9).byteLength });
    expect(await env.SUBMISSION_FILES.head(first!.object_key)).not.toBeNull();
    const page = await (await get("/portal/submission", p)).text();
    expectHtmlToSay(page, "Our deck.pdf", "9 pages");

    const spoofed = await upload(p, "pitchDeck", png, "slides.pdf");
    expect(spoofed.status).toBe(303);
    const back = spoofed.headers.get("location")!;
    expect(back).toBe("/portal/submission?component=pitchDeck&error=wrong-type#pitch-deck");
    expectHtmlToSay(await (await get(back, p)).text(), portalMessages.fileWrongType("pitchDeck"));
    // The stored deck is untouched.
    expect((await fileRow(team!.id, "pitchDeck"))!.object_key).toBe(first!.object_key);

    const replaced = await upload(p, "pitchDeck", pdf(11), "deck v2.pdf");
    expect(replaced.status).toBe(303);
    const second = await fileRow(team!.id, "pitchDeck");
    expect(second).toMatchObject({ page_count: 11, filename: "deck v2.pdf" });
    expect(second!.object_key).not.toBe(first!.object_key);
    expect(await env.SUBMISSION_FILES.head(first!.object_key)).toBeNull();
    expect(await env.SUBMISSION_FILES.head(second!.object_key)).not.toBeNull();
  });

  it("refuses a reflection log over its size limit with the component's message, storing nothing", async () => {
    const p = await person("oversize");
    const big = new Uint8Array(portalFileRules.reflectionLog.maxBytes + 1);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const response = await upload(p, "reflectionLog", big, "log.pdf");
    expect(response.headers.get("location")).toBe(
      "/portal/submission?component=reflectionLog&error=too-large#reflection-log",
    );
    const team = await teamOf(p.id);
    expect(await fileRow(team!.id, "reflectionLog")).toBeNull();
    const listed = await env.SUBMISSION_FILES.list({ prefix: `submissions/2026/${team!.id}/reflectionLog/` });
    expect(listed.objects).toHaveLength(0);
  });

  it("serves a file only to its team's members, as an attachment with nosniff", async () => {
    const owner = await person("file-owner");
    await upload(owner, "pitchDeck", pdf(8), "deck.pdf");
    const file = await fileRow((await teamOf(owner.id))!.id, "pitchDeck");
    const mine = await get(`/portal/files/${file!.id}`, owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toBe(`attachment; filename="deck.pdf"; filename*=UTF-8''deck.pdf`);
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(pdf(8));

    const stranger = await person("file-stranger");
    expect((await get(`/portal/files/${file!.id}`, stranger)).status).toBe(404);
    expect((await get(`/portal/files/${crypto.randomUUID()}`, owner)).status).toBe(404);
    const anonymous = await get(`/portal/files/${file!.id}`);
    expect(anonymous.status).toBe(302);
  });
});

describe("teams", () => {
  it("forms a team by invitation: single use, for the invited enrolled account, and the draft is shared", async () => {
    const lead = await person("lead");
    const created = await post("/portal", { intent: "create-team", name: "Potato Pilots" }, lead);
    expect(created.status).toBe(303);
    expect(await teamOf(lead.id)).toMatchObject({ name: "Potato Pilots", role: "lead" });

    const member = await person("member");
    const token = await inviteAndToken(lead, member.email);
    const invitationPage = await (await get(`/portal/invitation?token=${token}`, member)).text();
    expectHtmlToSay(invitationPage, "Potato Pilots");

    // Someone else's account cannot use it.
    const other = await person("other");
    const wrong = await post("/portal/invitation", { token, intent: "accept" }, other);
    expect(wrong.status).toBe(403);
    expectHtmlToSay(await wrong.text(), portalMessages.invitationWrongAccount);

    const accepted = await post("/portal/invitation", { token, intent: "accept" }, member);
    expect(accepted.status).toBe(303);
    expect((await teamOf(member.id))!.id).toBe((await teamOf(lead.id))!.id);
    const reused = await post("/portal/invitation", { token, intent: "accept" }, member);
    expect(reused.status).toBe(410);
    expectHtmlToSay(await reused.text(), portalMessages.invitationInvalid);

    // A draft saved by one member is the other's too.
    expect(
      (await post("/portal/submission", { intent: "save", component: "abstract", abstract: words(260) }, member))
        .status,
    ).toBe(303);
    const leadsView = await (await get("/portal/submission", lead)).text();
    expectHtmlToContain(leadsView, words(260).slice(-30));
  });

  it("refuses an expired invitation, one to an account that is not enrolled, and a team over its size", async () => {
    const lead = await person("full-lead");
    await post("/portal", { intent: "create-team", name: "Full House" }, lead);

    const late = await person("late");
    const expiredToken = await inviteAndToken(lead, late.email);
    await env.DB.prepare("UPDATE team_invitations SET expires_at = ? WHERE email = ?")
      .bind("2026-02-01T00:00:00.000Z", late.email)
      .run();
    expect((await post("/portal/invitation", { token: expiredToken, intent: "accept" }, late)).status).toBe(410);

    const unenrolled = await person("unenrolled", { enrolled: false });
    const token = await inviteAndToken(lead, unenrolled.email);
    const refused = await post("/portal/invitation", { token, intent: "accept" }, unenrolled);
    expect(refused.status).toBe(403);
    expectHtmlToSay(await refused.text(), portalMessages.invitationNotEnrolled);
    expect(await teamOf(unenrolled.id)).toBeNull();

    // The lead and the open invitation to `unenrolled` count; fill the rest.
    const open = portalLimits.teamMaxMembers - 2;
    for (let i = 0; i < open; i++) await inviteAndToken(lead, uniqueEmail(`seat${i}`));
    const over = await post("/portal", { intent: "invite", email: uniqueEmail("one-too-many") }, lead);
    expect(over.status).toBe(409);
    expectHtmlToSay(await over.text(), portalMessages.teamFull);
  });
});

describe("submitting", () => {
  it("lists what is missing, submits a complete project, confirms to every member by e-mail and shows it to the organization", async () => {
    const owner = await person("org-owner", { enrolled: false });
    // Dashboard URLs take registration ids as UUIDs.
    const organization = await seedRegistration(owner.id, {
      id: crypto.randomUUID(),
      type: "workforce",
      companyName: "Boise Builders",
    });
    const lead = await person("submit-lead", { enrolled: false });
    await seedRegistration(lead.id, {
      status: "enrolled",
      amountCents: 0,
      organizationRegistrationId: organization,
      email: lead.email,
    });
    await post("/portal", { intent: "create-team", name: "Spud Squad" }, lead);
    const member = await person("submit-member");
    const token = await inviteAndToken(lead, member.email);
    expect((await post("/portal/invitation", { token, intent: "accept" }, member)).status).toBe(303);

    const early = await post("/portal/submission", { intent: "submit" }, lead);
    expect(early.status).toBe(400);
    expectHtmlToSay(await early.text(), "Still missing: Working prototype or workflow demo, Abstract, Pitch deck");

    const dashboardBefore = await (await get(`/organization/${organization}`, owner)).text();
    expectHtmlToSay(dashboardBefore, "Not started");

    await completeProject(member);
    const submitted = await post("/portal/submission", { intent: "submit" }, lead);
    expect(submitted.status).toBe(303);
    const team = await teamOf(lead.id);
    expect(await submissionRow(team!.id)).toMatchObject({ status: "submitted", submitted_by: lead.id });

    const confirmations = (await notificationsOfKind("portal-submission-confirmation")).filter((n) =>
      [lead.email, member.email].includes(n.recipient),
    );
    expect(confirmations.map((n) => n.recipient).sort()).toEqual([lead.email, member.email].sort());

    // The real Resend SDK delivers it to the fake Resend API.
    const resend = fakeResendAccount();
    const batch = createMessageBatch("idaho-ai-challenge-notifications", [
      { id: "portal-confirmation", timestamp: new Date(), attempts: 1, body: { id: confirmations[0]!.id } },
    ]);
    const ctx = createExecutionContext();
    await (await builtWorker()).queue(batch, resend.env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["portal-confirmation"]);
    const [email] = (await resend.sent()).emails;
    expect(email!.subject).toBe("Your Idaho AI Challenge project is submitted");
    expect(email!.text).toContain("Team Spud Squad's project was submitted by");

    const dashboard = await (await get(`/organization/${organization}`, owner)).text();
    expectHtmlToSay(dashboard, "Submitted Feb 10, 2026");

    // Still editable until the deadline, but never incomplete again.
    const cleared = await post(
      "/portal/submission",
      { intent: "save", component: "prototype", prototypeUrl: "" },
      member,
    );
    expect(cleared.status).toBe(409);
    expectHtmlToSay(await cleared.text(), portalMessages.cannotClearSubmitted);
  });
});

describe("the deadline", () => {
  it("accepts a save a minute before it, then shows the draft read-only and refuses every write a minute after", async () => {
    const p = await person("deadline");
    const before = await post(
      "/portal/submission",
      { intent: "save", component: "abstract", abstract: words(255) },
      p,
      MINUTE_BEFORE,
    );
    expect(before.status).toBe(303);

    const after = await post(
      "/portal/submission",
      { intent: "save", component: "abstract", abstract: words(270) },
      p,
      MINUTE_AFTER,
    );
    expect(after.status).toBe(403);
    const deadline = portalMessages.deadlinePassed("Mar 18, 2026, 11:59 PM MT");
    expectHtmlToSay(await after.text(), deadline);
    expect((await post("/portal/submission", { intent: "submit" }, p, MINUTE_AFTER)).status).toBe(403);
    expect((await post("/portal", { intent: "create-team", name: "Too Late" }, p, MINUTE_AFTER)).status).toBe(403);
    const lateUpload = await upload(p, "pitchDeck", pdf(8), "late.pdf", { clock: MINUTE_AFTER });
    expect(lateUpload.status).toBe(303);
    const team = await teamOf(p.id);
    expect(await fileRow(team!.id, "pitchDeck")).toBeNull();
    expect(String((await submissionRow(team!.id))!.abstract).split(" ")).toHaveLength(255);

    const page = await (await get("/portal/submission", p, MINUTE_AFTER)).text();
    expectHtmlToSay(page, deadline);
    expectHtmlToContain(page, words(255).slice(-30), "<fieldset disabled");
    expectHtmlNotToContain(page, ">Save</button>", 'action="/portal/upload');
  });
});

describe("retention", () => {
  it("deletes an edition's submissions and their objects 12 months after the edition, not before", async () => {
    const p = await person("retention");
    await upload(p, "pitchDeck", pdf(8), "deck.pdf");
    const team = await teamOf(p.id);
    const file = await fileRow(team!.id, "pitchDeck");

    const kept = await purgeExpiredSubmissions(env, [edition2026], new Date("2027-04-01T00:00:00Z"));
    expect(kept.teams).toBe(0);
    expect(await env.SUBMISSION_FILES.head(file!.object_key)).not.toBeNull();

    const purged = await purgeExpiredSubmissions(env, [edition2026], new Date("2027-06-01T00:00:00Z"));
    expect(purged.editions).toEqual(["2026"]);
    expect(purged.teams).toBeGreaterThanOrEqual(1);
    expect(await teamOf(p.id)).toBeNull();
    expect(await countRows("SELECT count(*) AS n FROM submission_files WHERE team_id = ?", team!.id)).toBe(0);
    expect(await env.SUBMISSION_FILES.head(file!.object_key)).toBeNull();
  });
});
