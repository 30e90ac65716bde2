/**
 * One event log, one history per subject (issue 51): a team's page on the
 * desk shows, in one list, its members' own actions, a judge's conflict on
 * its project and an organizer's decision about it, each taken through the
 * product's own doors (the portal's forms, the judge's page, the desk).
 * Server-rendered: the history is in the HTML a browser without JavaScript
 * receives.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { historyText } from "~/content/events";
import { peopleRules } from "~/content/organize";
import { getDb } from "~/db/client.server";
import { teams } from "~/db/schema";
import { commitTeamChange } from "~/portal/team-history.server";
import { notificationsOfKind } from "./auth-helpers";
import { decodeEntities } from "./html";
import { assignDirectly, judge, judgingPost } from "./judging-helpers";
import { deskGet, deskPost, organizer } from "./organize-helpers";
import { person, post } from "./portal-helpers";

async function tokenSentTo(email: string) {
  const [mail] = (await notificationsOfKind("portal-team-invitation")).filter((n) => n.recipient === email);
  expect(mail).toBeDefined();
  return new URL((JSON.parse(mail!.payload) as { acceptUrl: string }).acceptUrl).searchParams.get("token")!;
}

describe("a team's history on the desk", { timeout: 60_000 }, () => {
  it("lists its members' own actions, a judge's conflict and an organizer's decision in one list, newest first", async () => {
    // The members, through the portal.
    const [lead, member] = await Promise.all([person("history-lead"), person("history-member")]);
    expect((await post("/portal", { intent: "create-team", name: "History Makers" }, lead)).status).toBe(303);
    expect((await post("/portal", { intent: "invite", email: member.email }, lead)).status).toBe(303);
    const token = await tokenSentTo(member.email);
    expect((await post("/portal/invitation", { token, intent: "accept" }, member)).status).toBe(303);
    const team = (await env.DB.prepare("SELECT team_id FROM team_members WHERE user_id = ?")
      .bind(member.id)
      .first<{ team_id: string }>())!.team_id;
    // Its project, submitted (built as data: the submission's own flow has its tests).
    await env.DB.prepare(
      `INSERT INTO submissions (team_id, edition_id, prototype_url, abstract, video_url, video_confirmed, ai_use_log, status,
         submitted_at, submitted_by, created_at, updated_at, updated_by)
       VALUES (?, '2026', 'https://demo.example.com/app', 'An abstract.', 'https://www.loom.com/share/abc123', 1,
         'A log.', 'submitted', '2026-03-10T12:00:00.000Z', ?, '2026-03-10T12:00:00.000Z', '2026-03-10T12:00:00.000Z', ?)`,
    )
      .bind(team, lead.id, lead.id)
      .run();

    // A judge, on their own page: "I know this team".
    const declaring = await judge("history-declaring", "2026");
    await assignDirectly(team, declaring.id);
    const declared = await judgingPost(`/judging/${team}`, { intent: "declare", reason: "A neighbour" }, declaring);
    expect(declared.status).toBe(303);

    // An organizer's decision about it, on the desk.
    const [mentor, coordinator, director] = await Promise.all([
      judge("history-mentor", "2026", { signedIn: false }),
      organizer("coordinator"),
      organizer("director"),
    ]);
    const added = await deskPost(
      "/organize/assignments",
      { intent: "add-conflict", email: mentor.email, teamId: team, reason: "Mentored the team" },
      coordinator,
    );
    expect(added.status).toBe(303);
    const decision = (await env.DB.prepare("SELECT summary FROM events WHERE team_id = ? AND action = 'conflicts.add'")
      .bind(team)
      .first<{ summary: string }>())!.summary;

    const page = await deskGet(`/organize/teams/${team}`, director);
    expect(page.status).toBe(200);
    const html = decodeEntities(await page.text());
    const table = html.slice(html.indexOf('data-testid="history-table"'));
    expect(table).toContain(historyText.caption("History Makers"));
    const lines = [
      `${decision} (Mentored the team)`,
      "Declared a conflict of interest with a team",
      "Joined the team",
      "Invited someone to join the team",
    ];
    const at = lines.map((line) => table.indexOf(line));
    for (const [i, position] of at.entries()) expect(position, lines[i]).toBeGreaterThan(-1);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Who acted: the members and the judge by their accounts' addresses, the organizer by theirs.
    for (const who of [lead.email, member.email, declaring.email, coordinator.email]) expect(table).toContain(who);
    expect(table).toContain("<time");
    // The members, and a link from the person's page to the team's.
    expect(html).toContain(`href="/organize/people/${member.id}"`);
    const personPage = decodeEntities(await (await deskGet(`/organize/people/${member.id}`, director)).text());
    expect(personPage).toContain(`href="/organize/teams/${team}"`);
    expect(personPage).toContain("Joined the team");
  });

  it("answers 404 for a team it does not have", async () => {
    const director = await organizer("director");
    const response = await deskGet("/organize/teams/no-such-team", director);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });
});

describe("a person's history on the desk", { timeout: 60_000 }, () => {
  it("lists what they did and what was done about them in one list, newest first, a row about both once", async () => {
    const director = await organizer("director");
    const someone = await person("history-merge");
    const other = await person("history-other");
    // Unchained rows (as reads of personal data are), written straight into the log at known times.
    const row = (at: string, actor: string, subject: string | null, summary: string) =>
      env.DB.prepare(
        "INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, action, summary, targets, subject_user_id) VALUES (?, 'account', ?, 'participant', 'test.history', ?, '{}', ?)",
      ).bind(at, actor, summary, subject);
    await env.DB.batch([
      row("2026-01-02T10:00:00.000Z", someone.id, null, "Merge one: by them"),
      row("2026-01-04T10:00:00.000Z", other.id, someone.id, "Merge three: about them"),
      row("2026-01-03T10:00:00.000Z", someone.id, someone.id, "Merge two: by and about them"),
      row("2026-01-05T10:00:00.000Z", other.id, other.id, "Merge never: another's"),
    ]);
    const html = decodeEntities(await (await deskGet(`/organize/people/${someone.id}`, director)).text());
    const table = html.slice(html.indexOf('data-testid="history-table"'));
    const listed = [...table.matchAll(/Merge (\w+):/g)].map((match) => match[1]);
    expect(listed).toEqual(["three", "two", "one"]);
  });

  it("pages a long history with its length read beside its rows, and answers a stale page with the last one", async () => {
    const director = await organizer("director");
    const someone = await person("history-long");
    const size = peopleRules.historyPageSize;
    const written = 2 * size + 3;
    await env.DB.batch(
      Array.from({ length: written }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, action, summary, targets, subject_user_id) VALUES (?, 'account', ?, 'participant', 'test.history', ?, '{}', ?)",
        ).bind(
          `2026-01-01T10:${String(i).padStart(2, "0")}:00.000Z`,
          someone.id,
          `Long ${i}`,
          i % 2 ? someone.id : null,
        ),
      ),
    );
    const historyOf = async (query: string) => {
      const html = decodeEntities(await (await deskGet(`/organize/people/${someone.id}${query}`, director)).text())
        // React's markers between the pager's text parts.
        .replaceAll("<!-- -->", "");
      const table = html.slice(html.indexOf('data-testid="history-table"'));
      return { html, rows: (table.slice(0, table.indexOf("</tbody>")).match(/<tr/g) ?? []).length - 1 };
    };
    // Each view is a read of personal data, one more row of the person's history. The pages step by links,
    // counting nothing: where a page is, and whether there is an older one.
    const first = await historyOf("");
    expect(first.rows).toBe(size);
    expect(first.html).toContain(">Page 1<");
    expect(first.html).toContain(`href="/organize/people/${someone.id}?history=2"`);
    expect(first.html).not.toContain('rel="prev"');
    const third = await historyOf("?history=3");
    expect(third.html).toContain(">Page 3<");
    expect(third.rows).toBe(written + 2 - 2 * size);
    expect(third.html).toContain(`href="/organize/people/${someone.id}?history=2"`);
    expect(third.html).not.toContain('rel="next"');
    // A page exactly full has no older one.
    const exact = await person("history-exact");
    await env.DB.batch(
      Array.from({ length: size - 1 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, action, summary, targets) VALUES (?, 'account', ?, 'participant', 'test.history', ?, '{}')",
        ).bind(`2026-01-01T11:${String(i).padStart(2, "0")}:00.000Z`, exact.id, `Exact ${i}`),
      ),
    );
    const full = decodeEntities(await (await deskGet(`/organize/people/${exact.id}`, director)).text());
    expect(full.match(/Exact \d+/g)).toHaveLength(size - 1);
    expect(full).not.toContain(`?history=2`);
    // A stale link past the end: the last page, counted once.
    const stale = await historyOf("?history=9");
    expect(stale.html).toContain(">Page 3<");
    expect(stale.rows).toBe(written + 3 - 2 * size);
  });
});

describe("the one guarded commit, from the portal", { timeout: 60_000 }, () => {
  it("a guard that does not hold writes neither the change nor its row; a payload that does not fit its kind throws", async () => {
    const lead = await person("guard-lead");
    expect((await post("/portal", { intent: "create-team", name: "Guarded" }, lead)).status).toBe(303);
    const team = (await env.DB.prepare("SELECT team_id FROM team_members WHERE user_id = ?")
      .bind(lead.id)
      .first<{ team_id: string }>())!.team_id;
    const db = getDb(env);
    const rowsOf = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM events WHERE team_id = ?").bind(team).first<number>("n")) ?? -1;
    const before = await rowsOf();
    const change = {
      teamId: team,
      editionId: "2026",
      actorUserId: lead.id,
      now: new Date("2026-02-10T19:00:00.000Z"),
      statements: [
        db
          .update(teams)
          .set({ name: "Renamed" })
          .where(sql`${teams.id} = ${team}`),
      ],
    };
    const lost = await commitTeamChange(db, { ...change, kind: "team.member-left", payload: {}, holds: sql`1 = 0` });
    expect(lost).toEqual({ ok: false, guardLost: true });
    expect(await env.DB.prepare("SELECT name FROM teams WHERE id = ?").bind(team).first("name")).toBe("Guarded");
    expect(await rowsOf()).toBe(before);

    expect(() =>
      commitTeamChange(db, {
        ...change,
        kind: "team.member-removed",
        payload: { memberUserId: 7 } as unknown as { memberUserId: string },
      }),
    ).toThrow(/does not fit its kind/);
    expect(await env.DB.prepare("SELECT name FROM teams WHERE id = ?").bind(team).first("name")).toBe("Guarded");
    expect(await rowsOf()).toBe(before);
  });
});
