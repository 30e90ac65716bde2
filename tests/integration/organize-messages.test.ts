/**
 * /organize/messages and its organizer API (issue 33) through the built
 * worker and real D1: each segment's recipients (a few people seeded in and
 * out of each), the preview (count, first recipients, the e-mail), the test
 * send that reaches only the organizer (through the consumer and the fake
 * Resend), the send that writes one outbox row per recipient and none twice
 * when run again, the batches of a large segment, a segment that changed
 * since the preview, the unsubscribe link of the list's e-mails and the
 * footer of the others, a message to one team, the audit rows, and the
 * roles that may not (a coordinator, a viewer) refused on the desk and the API.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { messageErrors, messageRules, messagesDesk, type MessageSegment } from "~/content/organize";
import { getDb } from "~/db/client.server";
import { segmentQuery } from "~/notifications/segments.server";
import {
  createOrganizationAdmin,
  createPublishedResult,
  createSubscriber,
  createSubscribers,
  createTeam,
} from "./factories";
import { seedRegistration } from "./account-helpers";
import { decodeEntities } from "./html";
import { bareUser, judge, submittedProject } from "./judging-helpers";
import { api, auditSince, deskGet, deskPost, lastAuditId, organizer, tokenOf } from "./organize-helpers";
import { fakeResendAccount } from "./resend-fake";
import { builtWorker } from "./worker";

const QUEUE = "idaho-ai-challenge-notifications";
const text = async (response: Response) => decodeEntities(await response.text());

/** Runs the queue consumer on one outbox row, as the queue would. */
async function deliver(id: string, environment: Env) {
  const batch = createMessageBatch(QUEUE, [
    { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: { id } },
  ]);
  const ctx = createExecutionContext();
  await (await builtWorker()).queue(batch, environment, ctx);
  return getQueueResult(batch, ctx);
}

async function subscriberOf(status: "confirmed" | "unconfirmed" | "unsubscribed", name: string | null = null) {
  const { id, email } = await createSubscriber({ name, interests: '["participant"]', status });
  return { id, email };
}

async function keysOf(segment: MessageSegment, editionId = "2026") {
  const rows = await segmentQuery(getDb(env), segment, editionId);
  return rows.map((r) => r.key);
}

/** The outbox rows of one announcement (its id range). */
async function rowsOf(announcementId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, kind, recipient, status, payload FROM notifications WHERE id >= ? AND id < ? ORDER BY id",
  )
    .bind(`announcement:${announcementId}:`, `announcement:${announcementId};`)
    .all<{ id: string; kind: string; recipient: string; status: string; payload: string }>();
  return results;
}

const compose = (segment: string, subject: string, body = "Hello!\n\nThe showcase opens on Friday.") => ({
  segment,
  teamId: "",
  subject,
  body,
});

describe("the segments", () => {
  it("each picks exactly its people", async () => {
    // The next-edition list: confirmed addresses only.
    const confirmed = await subscriberOf("confirmed");
    const unconfirmed = await subscriberOf("unconfirmed");
    const unsubscribed = await subscriberOf("unsubscribed");

    // Registrants: paid or enrolled individual registrations of 2026, not refunded in full.
    const paid = await bareUser("paid");
    await seedRegistration(paid.id, { status: "paid" });
    const enrolled = await bareUser("enrolled");
    await seedRegistration(enrolled.id, { status: "enrolled", amountCents: 0 });
    const pending = await bareUser("pending");
    await seedRegistration(pending.id, { status: "pending" });
    const refunded = await bareUser("refunded");
    const refundId = `reg_${crypto.randomUUID()}`;
    await seedRegistration(refunded.id, { id: refundId, status: "paid" });
    await env.DB.prepare("UPDATE registrations SET refunded_cents = amount_cents WHERE id = ?").bind(refundId).run();

    // Participants, teams that submitted, finalists.
    const submitter = await bareUser("submitter");
    const submittedTeam = await submittedProject("2026", { members: [submitter] });
    const finalist = await bareUser("finalist");
    const finalistTeam = await submittedProject("2026", { members: [finalist] });
    await createPublishedResult({ teamId: finalistTeam, teamName: "Finalists" });
    const drafter = await bareUser("drafter");
    const draftTeam = await submittedProject("2026", { members: [drafter] });
    await env.DB.prepare("UPDATE submissions SET status = 'draft' WHERE team_id = ?").bind(draftTeam).run();
    const lastYear = await bareUser("last-year");
    await submittedProject("2025", { members: [lastYear] });

    // Judges: active ones of 2026.
    const active = await judge("active", "2026", { signedIn: false });
    const gone = await judge("gone", "2026", { signedIn: false });
    await env.DB.prepare("UPDATE judges SET left_at = '2026-03-20T00:00:00.000Z' WHERE user_id = ?")
      .bind(gone.id)
      .run();

    // Organization admins: a paid package's owner and its co-administrator; not an unpaid package's owner.
    const owner = await bareUser("owner");
    const organizationId = `reg_${crypto.randomUUID()}`;
    await seedRegistration(owner.id, { id: organizationId, type: "workforce", companyName: "Trout Tech" });
    const coAdmin = await bareUser("co-admin");
    await createOrganizationAdmin({ registrationId: organizationId, userId: coAdmin.id });
    const unpaidOwner = await bareUser("unpaid-owner");
    await seedRegistration(unpaidOwner.id, { type: "workforce", status: "pending", companyName: "Not Yet" });

    const list = await keysOf("next-edition");
    expect(list).toContain(confirmed.id);
    expect(list).not.toContain(unconfirmed.id);
    expect(list).not.toContain(unsubscribed.id);

    const registrants = await keysOf("registrants");
    expect(registrants).toEqual(expect.arrayContaining([paid.id, enrolled.id]));
    for (const out of [pending, refunded, owner]) expect(registrants).not.toContain(out.id);

    const participants = await keysOf("participants");
    expect(participants).toEqual(expect.arrayContaining([submitter.id, finalist.id, drafter.id]));
    expect(participants).not.toContain(lastYear.id);

    const submitted = await keysOf("submitted");
    expect(submitted).toEqual(expect.arrayContaining([submitter.id, finalist.id]));
    expect(submitted).not.toContain(drafter.id);
    expect(submitted).not.toContain(lastYear.id);

    const finalists = await keysOf("finalists");
    expect(finalists).toContain(finalist.id);
    expect(finalists).not.toContain(submitter.id);
    expect(submittedTeam).not.toBe(finalistTeam);

    const judges = await keysOf("judges");
    expect(judges).toContain(active.id);
    expect(judges).not.toContain(gone.id);

    const admins = await keysOf("organization-admins");
    expect(admins).toEqual(expect.arrayContaining([owner.id, coAdmin.id]));
    expect(admins).not.toContain(unpaidOwner.id);
    // Each person once, whatever makes them part of a segment.
    for (const keys of [list, registrants, participants, submitted, finalists, judges, admins]) {
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});

describe("/organize/messages", { timeout: 120_000 }, () => {
  it("previews, test-sends to the organizer only, sends once per recipient, and never twice", async () => {
    const registrar = await organizer("registrar");
    const members = [await bareUser("alpha"), await bareUser("bravo")];
    const teamId = await submittedProject("2026", { members });
    await createPublishedResult({ teamId, teamName: "Alpha Bravo" });
    const expected = await keysOf("finalists");
    const subject = `Finals logistics ${crypto.randomUUID().slice(0, 8)}`;
    const input = compose("finalists", subject);

    // The preview: nothing written, the count, the first recipients, the e-mail with its footer.
    const since = await lastAuditId();
    const previewed = await deskPost("/organize/messages", { intent: "preview", ...input }, registrar);
    expect(previewed.status).toBe(200);
    const page = await text(previewed);
    expect(page).toContain(messagesDesk.previewLead(expected.length));
    expect(page).toContain(members[0]!.email);
    expect(page).toContain(subject);
    expect(page).toContain("You're receiving this because your team is a finalist of the 2026 Challenge");
    expect(page).toContain(messagesDesk.sendButton(expected.length));
    expect(await auditSince(since)).toEqual([]);

    // The test: one e-mail, to the organizer, marked; none to the segment.
    const tested = await deskPost("/organize/messages", { intent: "test", ...input }, registrar);
    expect(tested.status).toBe(200);
    expect(await text(tested)).toContain(messagesDesk.testDone(registrar.email));
    const tests = await env.DB.prepare("SELECT id, recipient FROM notifications WHERE subject = ?")
      .bind(`[Test] ${subject}`)
      .all<{ id: string; recipient: string }>();
    expect(tests.results).toEqual([{ id: expect.stringMatching(/^announcement-test:/), recipient: registrar.email }]);
    const resend = fakeResendAccount();
    await deliver(tests.results[0]!.id, resend.env);
    const { emails } = await resend.sent();
    expect(emails.map((e) => [e.to, e.subject])).toEqual([[[registrar.email], `[Test] ${subject}`]]);
    expect(emails[0]!.text).toContain("Only you got it");
    const afterTest = await auditSince(since);
    expect(afterTest.map((r) => [r.action, r.actor_label])).toEqual([["announcements.test", registrar.email]]);
    const announcementId = JSON.parse(afterTest[0]!.targets).announcementId as string;
    expect(await rowsOf(announcementId)).toEqual([]);

    // The send: one row per recipient, the announcement listed with its counts, one audit row.
    // The send form carries the fingerprint of the recipients this preview listed (issue 50).
    const fingerprint = /name="expected" value="([0-9a-f]{64})"/.exec(page)?.[1];
    expect(fingerprint).toBeTruthy();
    const sent = await deskPost("/organize/messages", { intent: "send", ...input, expected: fingerprint! }, registrar);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/organize/messages#past");
    const rows = await rowsOf(announcementId);
    expect(rows.map((r) => r.id.split(":")[2]).sort()).toEqual([...expected].sort());
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(["announcement"]));
    const audit = (await auditSince(since)).filter((r) => r.action === "announcements.send");
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.facts_after!)).toEqual({ written: expected.length, remaining: 0 });
    const listed = await text(await deskGet("/organize/messages", registrar));
    expect(listed).toContain(subject);
    expect(listed).toContain(messagesDesk.segments.finalists.label);

    // A member's e-mail, through the consumer: the text and the footer saying why.
    const mine = rows.find((r) => r.recipient === members[1]!.email)!;
    const member = fakeResendAccount();
    await deliver(mine.id, member.env);
    const [delivered] = (await member.sent()).emails;
    expect(delivered?.subject).toBe(subject);
    expect(delivered?.text).toContain("The showcase opens on Friday.");
    expect(delivered?.text).toContain("to stop them, delete your account");
    expect(delivered?.idempotencyKey).toBe(mine.id);

    // Again: nothing new (the same text is the same announcement).
    const again = await api("POST", "/actions/announcements.send", {
      token: await tokenOf(registrar),
      body: { ...input, expected: fingerprint },
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { result: { written: number } }).result.written).toBe(0);
    expect(await rowsOf(announcementId)).toHaveLength(expected.length);
  });

  it("writes a large segment in batches, and refuses a send whose segment changed since the preview", async () => {
    const registrar = await organizer("registrar");
    const token = await tokenOf(registrar);
    // One more than a batch.
    const run = crypto.randomUUID().slice(0, 8);
    await createSubscribers(messageRules.batchSize + 1, (i) => ({
      id: `bulk-${i + 1}-${run}`,
      email: `bulk${i + 1}.${run}@example.org`,
      status: "confirmed",
    }));
    const total = (await keysOf("next-edition")).length;
    const input = {
      segment: "next-edition",
      subject: `The 2027 Challenge ${crypto.randomUUID().slice(0, 8)}`,
      body: "Enrollment opens soon.",
    };

    const preview = await api(
      "GET",
      `/queries/announcements.preview?${new URLSearchParams({ ...input, teamId: "" })}`,
      {
        token,
      },
    );
    expect(preview.status).toBe(200);
    const { result } = (await preview.json()) as {
      result: { recipients: number; announcementId: string; fingerprint: string; email: { text: string } };
    };
    expect(result.recipients).toBe(total);
    expect(result.email.text).toContain("Unsubscribe with one click");

    // Someone subscribed since the preview: the list it showed is not the list now.
    const late = await subscriberOf("confirmed");
    const stale = await api("POST", "/actions/announcements.send", {
      token,
      body: { ...input, expected: result.fingerprint },
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toBe(messageErrors.recipientsChanged(total + 1));
    expect(await rowsOf(result.announcementId)).toEqual([]);
    await env.DB.prepare("DELETE FROM next_edition_subscribers WHERE id = ?").bind(late.id).run();

    const first = await api("POST", "/actions/announcements.send", {
      token,
      body: { ...input, expected: result.fingerprint },
    });
    expect(first.status).toBe(200);
    const firstResult = ((await first.json()) as { result: { written: number; remaining: number } }).result;
    expect(firstResult).toEqual({
      announcementId: result.announcementId,
      recipients: total,
      written: messageRules.batchSize,
      remaining: total - messageRules.batchSize,
    });
    expect(await rowsOf(result.announcementId)).toHaveLength(messageRules.batchSize);

    // The next batch carries the same fingerprint: the audience is the same people.
    const second = await api("POST", "/actions/announcements.send", {
      token,
      body: { ...input, expected: result.fingerprint },
    });
    expect(((await second.json()) as { result: { remaining: number } }).result.remaining).toBe(0);
    const rows = await rowsOf(result.announcementId);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(total);
    expect(rows[0]!.kind).toBe("next-edition-announcement");
    const finished = await env.DB.prepare("SELECT written, finished_at FROM announcements WHERE id = ?")
      .bind(result.announcementId)
      .first<{ written: number; finished_at: string | null }>();
    expect(finished).toEqual({ written: total, finished_at: "2026-03-25T18:00:00.000Z" });

    // A subscriber's copy carries the list's own unsubscribe link and headers.
    const resend = fakeResendAccount();
    await deliver(rows[0]!.id, resend.env);
    const [email] = (await resend.sent()).emails;
    expect(email?.text).toMatch(/Unsubscribe with one click: http:\/\/localhost\/next-edition\/unsubscribe\?token=/);
    expect(email?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(email?.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost\/next-edition\/unsubscribe\?token=/);
  });

  it("sends a message to one team's members, after its preview", async () => {
    const director = await organizer("director");
    const members = [await bareUser("lead"), await bareUser("second")];
    const teamId = await submittedProject("2026", { members, name: "Sawtooth Analytics" });
    const input = {
      segment: "team",
      teamId,
      subject: "Your video link",
      body: "The link in your project does not open.",
    };

    const previewed = await text(await deskPost("/organize/messages", { intent: "preview-team", ...input }, director));
    expect(previewed).toContain(messagesDesk.teamSegmentLabel("Sawtooth Analytics"));
    expect(previewed).toContain(messagesDesk.previewLead(2));
    const expected = /name="expected" value="([0-9a-f]{64})"/.exec(previewed)?.[1] ?? "";

    const since = await lastAuditId();
    const sent = await deskPost(
      "/organize/messages",
      { intent: "team", teamId, subject: input.subject, body: input.body, expected },
      director,
    );
    expect(sent.status).toBe(303);
    const [row] = (await auditSince(since)).filter((r) => r.action === "messages.team");
    expect(JSON.parse(row!.targets)).toMatchObject({ segment: "team", teamId });
    const rows = await rowsOf(JSON.parse(row!.targets).announcementId);
    expect(rows.map((r) => r.recipient).sort()).toEqual(members.map((m) => m.email).sort());
    const resend = fakeResendAccount();
    await deliver(rows[0]!.id, resend.env);
    expect((await resend.sent()).emails[0]?.text).toContain(
      "You're receiving this because you are a member of a team in the 2026 Challenge",
    );

    const unknown = await deskPost(
      "/organize/messages",
      { intent: "team", teamId: "no-such-team", subject: "x", body: "y", expected },
      director,
    );
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain(messageErrors.noSuchTeam);
  });

  it("refuses a coordinator and a viewer, on the desk and through the API", async () => {
    const input = compose("judges", "Not mine to send");
    for (const role of ["coordinator", "viewer"] as const) {
      const who = await organizer(role);
      expect((await deskGet("/organize/messages", who)).status).toBe(404);
      expect((await deskPost("/organize/messages", { intent: "send", ...input }, who)).status).toBe(404);
      const token = await tokenOf(who);
      const since = await lastAuditId();
      for (const id of ["announcements.send", "announcements.test"]) {
        const refused = await api("POST", `/actions/${id}`, { token, body: input });
        expect(refused.status).toBe(403);
      }
      expect((await api("GET", "/queries/announcements.list", { token })).status).toBe(403);
      expect(await auditSince(since)).toEqual([]);
    }
  });

  it("refuses an empty subject or body on their fields, and an audience nobody is in", async () => {
    const registrar = await organizer("registrar");
    const blank = await deskPost(
      "/organize/messages",
      { intent: "preview", segment: "judges", teamId: "", subject: " ", body: "" },
      registrar,
    );
    expect(blank.status).toBe(400);
    const page = await text(blank);
    expect(page).toContain(messageErrors.subjectRequired);
    expect(page).toContain(messageErrors.bodyRequired);
    // A team whose members all left: nobody to write to.
    const emptyTeam = crypto.randomUUID();
    await createTeam({ id: emptyTeam, name: "Empty", createdBy: "gone", createdAt: "2026-03-01T00:00:00.000Z" });
    const empty = await api("POST", "/actions/messages.team", {
      token: await tokenOf(registrar),
      body: { teamId: emptyTeam, subject: "Nobody", body: "Hello?", expected: "0".repeat(64) },
    });
    expect(empty.status).toBe(409);
    expect(((await empty.json()) as { error: string }).error).toBe(messageErrors.emptySegment);
  });
});
