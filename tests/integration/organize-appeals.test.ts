/**
 * /organize/appeals (issue 32) through the built worker and real D1, as a
 * browser without JavaScript uses it: the edition's appeals, open ones
 * first, with the team as the organizers' report names it, who filed it and
 * when, the committee's deadline and the text; the decision recorded once
 * (303 and the toast), refused on its field when empty or too long, refused
 * when already decided; the decision and the team's e-mails; the roles that
 * may not read appeals get 404; the empty state. The portal's side (the team
 * reads the decision) is in judging-results.test.ts.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appealDecisionMessages, appealDeskText } from "~/content/judging-results";
import { createAppeal, createRegistration } from "./factories";
import { decodeEntities, mainOf, textOf } from "./html";
import { bareUser, submittedProject } from "./judging-helpers";
import { auditSince, deskGet, deskPost, lastAuditId, organizer } from "./organize-helpers";

const text = async (response: Response) => decodeEntities(await response.text());

/** An appeal of a fresh submitted project, filed by its first member; a team without a name is one participant's, named as registered. */
async function appealOf(edition: string, createdAt: string, { name = null as string | null } = {}) {
  const appellant = await bareUser("appellant");
  const teamId = await submittedProject(edition, { members: [appellant, await bareUser("teammate")] });
  if (name === null) {
    await env.DB.prepare("UPDATE teams SET name = NULL WHERE id = ?").bind(teamId).run();
    await createRegistration({
      id: `reg-${appellant.id}`,
      editionId: edition,
      userId: appellant.id,
      pricingPhase: "regular",
      amountCents: 30000,
      email: appellant.email,
      paidAt: "2026-02-01T00:00:00.000Z",
    });
  } else {
    await env.DB.prepare("UPDATE teams SET name = ? WHERE id = ?").bind(name, teamId).run();
  }
  const { id } = await createAppeal({
    editionId: edition,
    teamId,
    submittedBy: appellant.id,
    body: "Our ethics score does not match the rubric:\nwe documented every safeguard.",
    createdAt,
  });
  return { id, teamId, appellant };
}

describe("/organize/appeals", { timeout: 60_000 }, () => {
  it("lists the edition's appeals, open first, with the team, who filed it, when, the deadline and the text", async () => {
    const coordinator = await organizer("coordinator");
    const older = await appealOf("2026", "2026-03-23T16:00:00.000Z", { name: "Trout Tech" });
    const alone = await appealOf("2026", "2026-03-24T16:00:00.000Z");
    await env.DB.prepare(
      "UPDATE judging_appeals SET decided_at = '2026-03-24T20:00:00.000Z', decided_by = 'organizer:chair@example.test', decision = 'Dismissed: the score follows the rubric.' WHERE id = ?",
    )
      .bind(older.id)
      .run();
    const response = await deskGet("/organize/appeals", coordinator);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const page = textOf(mainOf(await response.text()));
    // The open appeal (a participant alone: named as registered) comes before the decided one.
    const open = page.indexOf("Avery Nguyen");
    const decided = page.indexOf("Trout Tech");
    expect(open).toBeGreaterThan(-1);
    expect(decided).toBeGreaterThan(open);
    expect(page).toContain(`Filed Mar 24, 2026, 10:00 AM MT by ${alone.appellant.email}`);
    // Ten business days after Tuesday Mar 24: Tuesday Apr 7, end of day.
    expect(page).toContain("Decide by Apr 7, 2026, 11:59 PM MT");
    expect(page).toContain("we documented every safeguard.");
    expect(page).toContain("Decided Mar 24, 2026, 2:00 PM MT by organizer:chair@example.test");
    expect(page).toContain("Dismissed: the score follows the rubric.");
    // A decision form for the open appeal only.
    const html = await (await deskGet("/organize/appeals", coordinator)).text();
    expect(html).toContain(`id="decide-${alone.id}-form"`);
    expect(html).not.toContain(`id="decide-${older.id}-form"`);
  });

  it("records a decision once: 303 with the toast, the team's e-mails, one audit row; refusals on the field", async () => {
    const director = await organizer("director");
    const { id, appellant } = await appealOf("2026", "2026-03-24T17:00:00.000Z", { name: "Spud Squad" });

    const empty = await deskPost(
      "/organize/appeals",
      { intent: "decide", appealId: id, decision: " \u0007 " },
      director,
    );
    expect(empty.status).toBe(400);
    const emptyPage = await text(empty);
    expect(emptyPage).toContain(appealDecisionMessages.required);
    // On the field: the textarea is marked and points at its message.
    expect(emptyPage).toMatch(
      /<textarea[^>]*aria-invalid="true"[^>]*name="decision"|<textarea[^>]*name="decision"[^>]*aria-invalid="true"/,
    );
    const long = await deskPost(
      "/organize/appeals",
      { intent: "decide", appealId: id, decision: "x".repeat(5001) },
      director,
    );
    expect(long.status).toBe(400);
    expect(await text(long)).toContain(appealDecisionMessages.tooLong);
    expect(await env.DB.prepare("SELECT decided_at FROM judging_appeals WHERE id = ?").bind(id).first()).toEqual({
      decided_at: null,
    });

    const since = await lastAuditId();
    const done = await deskPost(
      "/organize/appeals",
      { intent: "decide", appealId: id, decision: "Upheld in part:\r\nthe business-impact score is revised." },
      director,
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/organize/appeals#appeals");
    expect(done.headers.get("set-cookie")).toMatch(/^toast=.+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax/);
    expect(
      await env.DB.prepare("SELECT decided_at, decided_by, decision FROM judging_appeals WHERE id = ?")
        .bind(id)
        .first(),
    ).toEqual({
      decided_at: "2026-03-25T18:00:00.000Z",
      decided_by: `organizer:${director.email}`,
      decision: "Upheld in part:\nthe business-impact score is revised.",
    });
    const rows = await auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "appeals.decide",
      actor_label: director.email,
      summary: `Decided Spud Squad's appeal ${id}`,
    });
    const { results: mail } = await env.DB.prepare(
      "SELECT recipient, payload FROM notifications WHERE kind = 'appeal-decided' AND json_extract(payload, '$.appealId') = ?",
    )
      .bind(id)
      .all<{ recipient: string; payload: string }>();
    expect(mail).toHaveLength(2);
    expect(mail.map((m) => m.recipient)).toContain(appellant.email);
    expect(JSON.parse(mail[0]!.payload)).toMatchObject({
      appealId: id,
      teamName: "Spud Squad",
      decision: "Upheld in part:\nthe business-impact score is revised.",
      decidedAt: "Mar 25, 2026, 12:00 PM MT",
    });

    // Decided once: a second post (a stale tab) is refused above the list and changes nothing.
    const twice = await deskPost(
      "/organize/appeals",
      { intent: "decide", appealId: id, decision: "Changed our mind." },
      director,
    );
    expect(twice.status).toBe(409);
    expect(await text(twice)).toContain(appealDecisionMessages.alreadyDecided(id, "Mar 25, 2026, 12:00 PM MT"));
    expect(await auditSince(since)).toHaveLength(1);
    expect((await env.DB.prepare("SELECT decision FROM judging_appeals WHERE id = ?").bind(id).first())?.decision).toBe(
      "Upheld in part:\nthe business-impact score is revised.",
    );
    const unknown = await deskPost(
      "/organize/appeals",
      { intent: "decide", appealId: "2026-nope", decision: "Upheld." },
      director,
    );
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain(appealDecisionMessages.unknown("2026-nope"));
  });

  it("is not there for a registrar or a viewer (404), whatever the method", async () => {
    const { id } = await appealOf("2026", "2026-03-24T18:00:00.000Z");
    for (const role of ["registrar", "viewer"] as const) {
      const who = await organizer(role);
      expect((await deskGet("/organize/appeals", who)).status, role).toBe(404);
      const post = await deskPost("/organize/appeals", { intent: "decide", appealId: id, decision: "Upheld." }, who);
      expect(post.status, role).toBe(404);
      await post.arrayBuffer();
      expect(await text(await deskGet("/organize", who))).not.toContain('href="/organize/appeals"');
    }
    expect(await env.DB.prepare("SELECT decided_at FROM judging_appeals WHERE id = ?").bind(id).first()).toEqual({
      decided_at: null,
    });
    expect(await text(await deskGet("/organize", await organizer("coordinator")))).toContain(
      'href="/organize/appeals"',
    );
  });

  it("says so when the edition has no appeal", async () => {
    const coordinator = await organizer("coordinator");
    // The fixture edition published after 2026, in its judging window: nobody has appealed in it.
    const fixture = { APP_EDITION_FIXTURE: "1", APP_NOW: "2027-03-25T12:00:00-06:00" };
    const response = await deskGet("/organize/appeals", coordinator, fixture);
    expect(response.status).toBe(200);
    const page = await text(response);
    expect(page).toContain(appealDeskText.empty);
    expect(page).not.toContain('name="decision"');
  });
});
