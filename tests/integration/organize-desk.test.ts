/**
 * The organizers' desk's rules (issue 32, ADR 018), through the built
 * worker and real D1: roles (only directors grant; the last director stays;
 * a change records before and after), the bootstrap step, API tokens (shown
 * once, hashed, last use, revoked), judges (invite by address and from an
 * interest form, refusals, removal that reassigns only unscored projects),
 * the audit log (append-only in the database, its retention rule, filters,
 * pages and CSV) and the one clock of the API.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dataRetentionById } from "~/content/legal";
import { accountEventSummaries, accountRoleText } from "~/content/events";
import { auditText, deskMessages } from "~/content/organize";
import { getDb } from "~/db/client.server";
import { accountActor, accountEvent, commit } from "~/events/commit.server";
import { runDataLifecycle } from "~/retention/records.server";
import { createJudgeAdvisorInterest, createScores } from "./factories";
import { decodeEntities } from "./html";
import { assignDirectly, judge, sha256Hex, submittedProject } from "./judging-helpers";
import { completeProductionEnv } from "./production-env";
import {
  api,
  auditSince,
  deskGet,
  deskPost,
  directorWithAuthenticator,
  lastAuditId,
  organizer,
  tokenOf,
} from "./organize-helpers";

const text = async (response: Response) => decodeEntities(await response.text());
const one = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();

describe("roles", { timeout: 60_000 }, () => {
  it("a director grants, changes and removes roles, with before and after in the log", async () => {
    const { who: director, nextRecoveryCode: code } = await directorWithAuthenticator();
    const person = await organizer(null);
    const since = await lastAuditId();
    expect(
      (
        await deskPost(
          "/organize/organizers",
          { intent: "grant", email: person.email, role: "viewer", code: code() },
          director,
        )
      ).status,
    ).toBe(303);
    expect(
      (
        await deskPost(
          "/organize/organizers",
          { intent: "grant", email: person.email, role: "registrar", code: code() },
          director,
        )
      ).status,
    ).toBe(303);
    const rows = await auditSince(since);
    expect(rows.map((r) => [r.action, JSON.parse(r.facts_before!), JSON.parse(r.facts_after!)])).toEqual([
      ["organizers.grant", { role: null }, { role: "viewer" }],
      ["organizers.grant", { role: "viewer" }, { role: "registrar" }],
    ]);
    const page = await text(await deskGet("/organize/organizers", director));
    expect(page).toContain(person.email);
    expect(page).toContain("Registrar");
  });

  it("refuses an unknown or unverified account, and never removes or demotes the last director", async () => {
    const { who: director, nextRecoveryCode: code } = await directorWithAuthenticator();
    const unverified = await organizer(null, { verified: false });
    const unknown = await deskPost(
      "/organize/organizers",
      { intent: "grant", email: "nobody.here@example.test", role: "viewer", code: code() },
      director,
    );
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain(deskMessages.accountUnknown("nobody.here@example.test"));
    const notVerified = await deskPost(
      "/organize/organizers",
      { intent: "grant", email: unverified.email, role: "viewer", code: code() },
      director,
    );
    expect(notVerified.status).toBe(409);

    // Alone among directors (the other tests' directors are removed from this check by counting: make this one the last).
    const others = await env.DB.prepare("SELECT user_id FROM organizer_roles WHERE role = 'director' AND user_id <> ?")
      .bind(director.id)
      .all<{ user_id: string }>();
    await env.DB.prepare("UPDATE organizer_roles SET role = 'viewer' WHERE role = 'director' AND user_id <> ?")
      .bind(director.id)
      .run();
    try {
      const since = await lastAuditId();
      // A director's role is only ever removed under the two-person rule, and not the last one's even then.
      const remove = await deskPost(
        "/organize/organizers",
        { intent: "remove-director", email: director.email, code: code() },
        director,
      );
      expect(remove.status).toBe(409);
      expect(await text(remove)).toContain(deskMessages.lastDirector);
      const demote = await deskPost(
        "/organize/organizers",
        { intent: "grant", email: director.email, role: "viewer", code: code() },
        director,
      );
      expect(demote.status).toBe(409);
      expect(await text(demote)).toContain(deskMessages.directorRoleProposed(director.email));
      expect(await one("SELECT role FROM organizer_roles WHERE user_id = ?", director.id)).toEqual({
        role: "director",
      });
      expect(await auditSince(since)).toEqual([]);
    } finally {
      for (const { user_id } of others.results) {
        await env.DB.prepare("UPDATE organizer_roles SET role = 'director' WHERE user_id = ?").bind(user_id).run();
      }
    }
  });

  it("removing a role revokes the person's tokens", async () => {
    const { who: director, nextRecoveryCode: code } = await directorWithAuthenticator();
    const coordinator = await organizer("coordinator");
    const token = await tokenOf(coordinator);
    expect((await api("GET", "/me", { token })).status).toBe(200);
    expect(
      (await deskPost("/organize/organizers", { intent: "remove", email: coordinator.email, code: code() }, director))
        .status,
    ).toBe(303);
    expect(
      await one("SELECT count(*) AS n FROM organizer_tokens WHERE user_id = ? AND revoked_at IS NULL", coordinator.id),
    ).toEqual({ n: 0 });
    // Granting the role again does not bring the old token back.
    expect(
      (
        await deskPost(
          "/organize/organizers",
          { intent: "grant", email: coordinator.email, role: "coordinator", code: code() },
          director,
        )
      ).status,
    ).toBe(303);
    expect((await api("GET", "/me", { token })).status).toBe(401);
  });
});

describe("the bootstrap step", { timeout: 60_000 }, () => {
  it("makes the first two directors only while fewer exist, for a verified account with two-step sign-in, with its audit row", async () => {
    const candidate = await organizer(null);
    const secret = "development-only-organizer-bootstrap-secret";
    const saved = await env.DB.prepare("SELECT user_id, role FROM organizer_roles WHERE role = 'director'").all<{
      user_id: string;
      role: string;
    }>();
    await env.DB.prepare("UPDATE organizer_roles SET role = 'viewer' WHERE role = 'director'").run();
    try {
      const wrongSecret = await api("POST", "/bootstrap", {
        token: "guess",
        body: { email: candidate.email, role: "director" },
      });
      expect(wrongSecret.status).toBe(401);
      const notDirector = await api("POST", "/bootstrap", {
        token: secret,
        body: { email: candidate.email, role: "coordinator" },
      });
      expect(notDirector.status).toBe(400);
      const noSecondFactor = await organizer(null, { twoFactor: false });
      expect(
        (await api("POST", "/bootstrap", { token: secret, body: { email: noSecondFactor.email, role: "director" } }))
          .status,
      ).toBe(409);

      const since = await lastAuditId();
      const done = await api("POST", "/bootstrap", {
        token: secret,
        body: { email: candidate.email, role: "director" },
      });
      expect(done.status, await done.clone().text()).toBe(200);
      expect(await one("SELECT role, granted_by FROM organizer_roles WHERE user_id = ?", candidate.id)).toEqual({
        role: "director",
        granted_by: "system:bootstrap",
      });
      const rows = await auditSince(since);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: "organizers.bootstrap", actor_kind: "job", actor_label: "bootstrap" });

      // The second director too (ADR 021: every later one takes two directors), then it closes.
      const second = await organizer(null);
      const again = await api("POST", "/bootstrap", { token: secret, body: { email: second.email, role: "director" } });
      expect(again.status, await again.clone().text()).toBe(200);
      const told = await env.DB.prepare(
        "SELECT recipient FROM notifications WHERE kind = 'director-role-changed' AND subject LIKE ? ORDER BY recipient",
      )
        .bind(`${second.email}%`)
        .all<{ recipient: string }>();
      expect(told.results.map((r) => r.recipient)).toEqual([candidate.email, second.email].sort());
      const next = await organizer(null);
      const closed = await api("POST", "/bootstrap", { token: secret, body: { email: next.email, role: "director" } });
      expect(closed.status).toBe(409);
      expect(((await closed.json()) as { error: string }).error).toBe(deskMessages.bootstrapClosed);
    } finally {
      for (const { user_id } of saved.results) {
        await env.DB.prepare("UPDATE organizer_roles SET role = 'director' WHERE user_id = ?").bind(user_id).run();
      }
    }
  });
});

describe("API tokens", { timeout: 60_000 }, () => {
  it("is shown once on the desk, stored as its SHA-256, records its last use, and stops working when revoked", async () => {
    const coordinator = await organizer("coordinator");
    const created = await deskPost("/organize/tokens", { intent: "create", name: "laptop CLI" }, coordinator);
    expect(created.status).toBe(200);
    const html = await text(created);
    const token = /export ORGANIZER_API_TOKEN=(iac_org_[A-Za-z0-9_-]{43})/.exec(html)?.[1];
    expect(token).toBeTruthy();
    const row = await one<{ id: string; token_hash: string; last_used_at: string | null }>(
      "SELECT id, token_hash, last_used_at FROM organizer_tokens WHERE user_id = ? AND name = 'laptop CLI'",
      coordinator.id,
    );
    expect(row!.token_hash).toBe(await sha256Hex(token!));
    expect(row!.last_used_at).toBeNull();
    // Never again: the list shows its name, not the token; the audit row does not hold it either.
    const list = await text(await deskGet("/organize/tokens", coordinator));
    expect(list).toContain("laptop CLI");
    expect(list).not.toContain(token!);
    expect(JSON.stringify(await auditSince(0))).not.toContain(token!);

    const me = await api("GET", "/me", { token });
    expect(await me.json()).toMatchObject({ email: coordinator.email, role: "coordinator" });
    expect(
      (await one<{ last_used_at: string }>("SELECT last_used_at FROM organizer_tokens WHERE id = ?", row!.id))!
        .last_used_at,
    ).toBe("2026-03-25T18:00:00.000Z");
    // Through the API too: tokens.create is the desk's only.
    expect((await api("POST", "/actions/tokens.create", { token, body: { name: "minted" } })).status).toBe(403);

    expect((await deskPost("/organize/tokens", { intent: "revoke", tokenId: row!.id }, coordinator)).status).toBe(303);
    expect((await api("GET", "/me", { token })).status).toBe(401);
  });

  it("only its owner or a director revokes a token", async () => {
    const owner = await organizer("registrar");
    const other = await organizer("coordinator");
    const director = await organizer("director");
    await tokenOf(owner, "owner's");
    const { id } = (await one<{ id: string }>("SELECT id FROM organizer_tokens WHERE user_id = ?", owner.id))!;
    expect((await deskPost("/organize/tokens", { intent: "revoke", tokenId: id }, other)).status).toBe(404);
    expect((await deskPost("/organize/tokens", { intent: "revoke", tokenId: id }, director)).status).toBe(303);
  });
});

describe("judges on the desk", { timeout: 90_000 }, () => {
  it("invites from an interest form with one click, shows where each offer stands, and refuses an active judge", async () => {
    const coordinator = await organizer("coordinator");
    const email = `Riley.${crypto.randomUUID().slice(0, 6)}@Gem-Labs.test`;
    const interestId = String(await createJudgeAdvisorInterest({ email }));
    // The offers to judge are a tab of the judges' page, and its forms post to its address.
    const before = await text(await deskGet("/organize/judges?view=interests", coordinator));
    expect(before).toContain("Riley Park");
    const invited = await deskPost("/organize/judges?view=interests", { intent: "invite", interestId }, coordinator);
    expect(invited.status).toBe(303);
    expect(
      await one("SELECT name, interest_id, invited_by FROM judge_invitations WHERE email = ?", email.toLowerCase()),
    ).toEqual({
      name: "Riley Park",
      interest_id: Number(interestId),
      invited_by: `organizer:${coordinator.email}`,
    });
    const mail = await one<{ payload: string }>(
      "SELECT payload FROM notifications WHERE recipient = ? AND kind = 'judge-invitation'",
      email.toLowerCase(),
    );
    const { path, origin } = JSON.parse(mail!.payload) as { path: string; origin: string };
    expect(origin).toBe("http://localhost");
    const token = /token=([A-Za-z0-9_-]{43})$/.exec(path)![1]!;
    expect(
      await one("SELECT count(*) AS n FROM judge_invitations WHERE token_hash = ?", await sha256Hex(token)),
    ).toEqual({ n: 1 });

    const after = await text(await deskGet("/organize/judges?view=interests", coordinator));
    expect(after).toContain("Invite again");

    const active = await judge("active", "2026");
    // Inviting by address is on the invitations' tab.
    const refused = await deskPost(
      "/organize/judges?view=invitations",
      { intent: "invite", email: active.email },
      coordinator,
    );
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain(`${active.email} is already a judge`);
    const unknownInterest = await deskPost(
      "/organize/judges?view=interests",
      { intent: "invite", interestId: "999999999" },
      coordinator,
    );
    expect(unknownInterest.status).toBe(404);
    const badAddress = await deskPost(
      "/organize/judges?view=invitations",
      { intent: "invite", email: "not-an-address" },
      coordinator,
    );
    expect(badAddress.status).toBe(400);
  });

  it("shows one tab at a time with its count, and a form goes back to the tab it was posted from", async () => {
    const coordinator = await organizer("coordinator");
    const judges = await text(await deskGet("/organize/judges", coordinator));
    expect(judges).toMatch(/href="\/organize\/judges" aria-current="page"/);
    expect(judges).toMatch(/href="\/organize\/judges\?view=invitations"[^>]*>Invitations<span[^>]*> \(\d+\)/);
    expect(judges).not.toContain('id="invitations"');
    expect(judges).not.toContain('id="invite"');

    const email = `tabbed.${crypto.randomUUID().slice(0, 8)}@judges.test`;
    const invited = await deskPost(
      "/organize/judges?view=invitations&page=1&remove=someone@judges.test",
      { intent: "invite", email },
      coordinator,
    );
    expect(invited.status).toBe(303);
    expect(invited.headers.get("location")).toBe("/organize/judges?view=invitations&page=1#invite");
    const invitations = await text(await deskGet("/organize/judges?view=invitations", coordinator));
    expect(invitations).toMatch(/href="\/organize\/judges\?view=invitations" aria-current="page"/);
    expect(invitations).toContain('id="invite"');
    expect(invitations).toContain('data-testid="invitations-table"');
    expect(invitations).not.toContain('data-testid="judges-table"');
    // Newest first: the one just sent is on the first page.
    expect(invitations).toContain(email);
  });

  it("inviting the same address again revokes the open link; revoking an invitation stops it", async () => {
    const director = await organizer("director");
    const email = `again.${crypto.randomUUID().slice(0, 6)}@judges.test`;
    await deskPost("/organize/judges", { intent: "invite", email }, director);
    await deskPost("/organize/judges", { intent: "invite", email, name: "Avery" }, director);
    const open = await env.DB.prepare("SELECT id FROM judge_invitations WHERE email = ? AND revoked_at IS NULL")
      .bind(email)
      .all<{ id: string }>();
    expect(open.results).toHaveLength(1);
    expect(
      (await deskPost("/organize/judges", { intent: "revoke-invitation", invitationId: open.results[0]!.id }, director))
        .status,
    ).toBe(303);
    expect(
      await one("SELECT count(*) AS n FROM judge_invitations WHERE email = ? AND revoked_at IS NULL", email),
    ).toEqual({ n: 0 });
  });

  it("removing a judge releases and reassigns only their unscored projects, in the same batch as the audit row", async () => {
    const editionProjects = [await submittedProject("2026"), await submittedProject("2026")];
    const leaving = await judge("leaving", "2026");
    const stays = [await judge("stays1", "2026"), await judge("stays2", "2026"), await judge("stays3", "2026")];
    const [scoredTeam, unscoredTeam] = editionProjects as [string, string];
    await assignDirectly(scoredTeam, leaving.id);
    await assignDirectly(unscoredTeam, leaving.id);
    await createScores({
      teamId: scoredTeam,
      judgeUserId: leaving.id,
      criteria: ["innovation-creativity", "technical-proficiency", "business-impact", "ethical-ai", "presentation"],
      score: 7,
      updatedAt: "2026-03-24T00:00:00.000Z",
    });
    // Assignments have run for the edition.
    await env.DB.prepare(
      "INSERT INTO judging_assignment_runs (edition_id, first_run_at, last_run_at) VALUES ('2026', '2026-03-21T00:00:00.000Z', '2026-03-21T00:00:00.000Z')",
    ).run();
    const coordinator = await organizer("coordinator");
    const since = await lastAuditId();
    const removed = await deskPost("/organize/judges", { intent: "remove", email: leaving.email }, coordinator);
    expect(removed.status).toBe(303);
    const open = async (teamId: string) =>
      (
        await env.DB.prepare(
          "SELECT judge_user_id AS j FROM judging_assignments WHERE team_id = ? AND released_at IS NULL",
        )
          .bind(teamId)
          .all<{ j: string }>()
      ).results.map((r) => r.j);
    expect(await open(scoredTeam)).toContain(leaving.id);
    expect(await open(unscoredTeam)).not.toContain(leaving.id);
    expect((await open(unscoredTeam)).some((j) => stays.some((s) => s.id === j))).toBe(true);
    const rows = (await auditSince(since)).filter((r) => r.action === "judges.remove");
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.facts_after!)).toMatchObject({ active: false, released: expect.any(Number) });
    // A second removal: not an active judge.
    expect((await deskPost("/organize/judges", { intent: "remove", email: leaving.email }, coordinator)).status).toBe(
      404,
    );
  });

  it("lists judges with their progress, filtered by a GET form", async () => {
    const coordinator = await organizer("coordinator");
    const busy = await judge("progress", "2026");
    const page = await text(
      await deskGet(`/organize/judges?status=all&q=${encodeURIComponent(busy.email)}`, coordinator),
    );
    expect(page).toContain(busy.email);
    expect(page).toContain('data-testid="judges-table"');
    const none = await text(await deskGet("/organize/judges?status=left&q=nobody-matches-this", coordinator));
    expect(none).toContain("No judge matches this filter.");
  });
});

describe("the audit log", { timeout: 60_000 }, () => {
  it("is append-only in the database: UPDATE and DELETE are refused; rows past the retention period may go", async () => {
    const { who: director, nextRecoveryCode: code } = await directorWithAuthenticator();
    expect(
      (
        await deskPost(
          "/organize/organizers",
          { intent: "grant", email: (await organizer(null)).email, role: "viewer", code: code() },
          director,
        )
      ).status,
    ).toBe(303);
    const { id } = (await one<{ id: number }>("SELECT max(id) AS id FROM events"))!;
    await expect(env.DB.prepare("UPDATE events SET summary = 'rewritten' WHERE id = ?").bind(id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare("DELETE FROM events WHERE id = ?").bind(id).run()).rejects.toThrow(/retention period/);
    await expect(env.DB.prepare("DELETE FROM events").run()).rejects.toThrow(/retention period/);
    expect(await one("SELECT count(*) AS n FROM events WHERE id = ?", id)).toEqual({ n: 1 });

    // An old row goes, by the daily job as by hand.
    await env.DB.prepare(
      "INSERT INTO events (created_at, actor_kind, actor_label, action, summary, targets) VALUES ('2020-01-01T00:00:00.000Z', 'job', 'test', 'judges.invite', 'old', '{}')",
    ).run();
    const report = await runDataLifecycle(env.DB, new Date());
    expect(report.retention.find((r) => r.id === "event-log")!.rows).toBeGreaterThanOrEqual(1);
    expect(await one("SELECT count(*) AS n FROM events WHERE created_at = '2020-01-01T00:00:00.000Z'")).toEqual({
      n: 0,
    });
    // A job clock far ahead of the database's never asks the trigger for a young row.
    await runDataLifecycle(env.DB, new Date("2031-01-01T00:00:00.000Z"));
    expect(await one("SELECT count(*) AS n FROM events WHERE id = ?", id)).toEqual({ n: 1 });
  });

  it("the trigger keeps rows exactly as long as the privacy policy says", async () => {
    const trigger = await one<{ sql: string }>(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'events_kept'",
    );
    expect(trigger!.sql).toContain(`'-${dataRetentionById["event-log"].months} months'`);
    const policy = await text(await deskGet("/privacy-policy"));
    expect(policy).toContain(dataRetentionById["event-log"].dataset);
  });

  it("filters by who, action and dates, pages by links, and downloads the selection as CSV", async () => {
    const director = await organizer("director");
    const coordinator = await organizer("coordinator");
    for (let i = 0; i < 3; i++) {
      await deskPost(
        "/organize/judges",
        { intent: "invite", email: `audit${i}.${crypto.randomUUID().slice(0, 6)}@judges.test` },
        coordinator,
      );
    }
    const filtered = await text(
      await deskGet(
        `/organize/audit?actor=${encodeURIComponent(coordinator.email)}&action=judges.invite&from=2026-03-25&to=2026-03-25`,
        director,
      ),
    );
    expect(filtered).toContain("3 entries");
    const outside = await text(
      await deskGet(`/organize/audit?actor=${encodeURIComponent(coordinator.email)}&from=2026-03-26`, director),
    );
    expect(outside).toContain("Nothing matches this filter.");
    const csv = await deskGet(
      `/organize/audit.csv?actor=${encodeURIComponent(coordinator.email)}&action=judges.invite`,
      director,
    );
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^"id","created_at","actor_kind","actor",/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"judges.invite"');
    // A % in the filter matches itself, not everything.
    expect(await text(await deskGet("/organize/audit?actor=%25", director))).toContain("Nothing matches this filter.");
  });

  it("shows the organizers' and jobs' rows by default, and the accounts' own or everyone's when asked", async () => {
    const director = await organizer("director");
    const coordinator = await organizer("coordinator");
    await deskPost(
      "/organize/judges",
      { intent: "invite", email: `who.${crypto.randomUUID().slice(0, 6)}@judges.test` },
      coordinator,
    );
    // A participant's own action, written as the portal writes it.
    const participant = `participant-${crypto.randomUUID().slice(0, 8)}`;
    await commit(
      { db: getDb(env), now: new Date("2026-03-25T18:00:00.000Z"), actor: accountActor(participant, "participant") },
      [],
      accountEvent("team.member-joined", {}, { teamId: "who-acted-team" }),
    );
    const page = (query: string) => deskGet(`/organize/audit${query}`, director).then(text);

    const byDefault = await page(`?actor=${participant}`);
    expect(byDefault).toContain("Nothing matches this filter.");
    expect(byDefault).toContain('name="actors"');
    // Anything but a listed choice reads as the default.
    expect(await page(`?actor=${participant}&actors=all-of-them`)).toContain("Nothing matches this filter.");

    const accounts = await page(`?actor=${participant}&actors=accounts`);
    expect(accounts).toContain("1 entry");
    expect(accounts).toContain(accountEventSummaries["team.member-joined"]);
    expect(accounts).toContain(auditText.accountActor(accountRoleText.participant));
    expect(accounts).toContain(`href="/organize/audit.csv?actor=${participant}&actors=accounts"`);
    // The accounts' rows only: no organizer's.
    expect(await page(`?actors=accounts&actor=${encodeURIComponent(coordinator.email)}`)).toContain(
      "Nothing matches this filter.",
    );

    const all = await one<{ n: number }>("SELECT count(*) AS n FROM events");
    expect(await page("?actors=everyone")).toContain(`${all!.n} entries`);
    const organizersAndJobs = await one<{ n: number }>(
      "SELECT count(*) AS n FROM events WHERE actor_kind <> 'account'",
    );
    expect(await page("")).toContain(`${organizersAndJobs!.n} ${organizersAndJobs!.n === 1 ? "entry" : "entries"}`);

    // The CSV selects the same rows.
    const csv = (await (await deskGet(`/organize/audit.csv?actor=${participant}&actors=accounts`, director)).text())
      .trim()
      .split("\r\n");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('"team.member-joined"');
    expect(csv[1]).toContain('"account"');
    const hidden = (await (await deskGet(`/organize/audit.csv?actor=${participant}`, director)).text()).trim();
    expect(hidden.split("\r\n")).toHaveLength(1);
  });
});

describe("one clock", { timeout: 60_000 }, () => {
  it("the organizer API records the worker's time: APP_NOW and X-App-Now move it outside production only", async () => {
    const coordinator = await organizer("coordinator");
    const token = await tokenOf(coordinator);
    const pretend = "2026-03-25T12:00:00-06:00";
    const email = () => `clock.${crypto.randomUUID().slice(0, 6)}@judges.test`;

    const since = await lastAuditId();
    const moved = await api("POST", "/actions/judges.invite", {
      token,
      body: { email: email() },
      clock: { APP_NOW: "2026-01-01T00:00:00Z" },
      headers: { "x-app-now": pretend },
    });
    expect(moved.status).toBe(200);
    expect((await auditSince(since))[0]!.created_at).toBe("2026-03-25T18:00:00.000Z");

    const sinceProduction = await lastAuditId();
    const start = Date.now();
    const real = await api("POST", "/actions/judges.invite", {
      token,
      body: { email: email() },
      clock: { ...completeProductionEnv, APP_NOW: pretend },
      headers: { "x-app-now": pretend },
    });
    expect(real.status, await real.clone().text()).toBe(200);
    const recorded = Date.parse((await auditSince(sinceProduction))[0]!.created_at);
    expect(recorded).toBeGreaterThanOrEqual(start - 1000);
    expect(recorded).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
