/**
 * Judging's results (issue 24, ADR 015) on the real worker and D1: the
 * report's data as the worker reads it, the published results on public
 * pages, a team's view of its scores after publication and not before
 * (never a judge's identity), and appeals within their window only.
 * Publication itself (refused before the announcement, idempotent, one
 * e-mail per member) is the CLI's: tests/tools/judging-results.test.mjs.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { judgingReport } from "~/judging/report";
import { editionScores } from "~/judging/team-results.server";
import { organizersRecipient } from "~/notifications/recipients.server";
import { PUBLIC_HTML_CACHE } from "../../workers/cache";
import { judgeSql, reviewSql, submittedTeamSql } from "../judging-seed";
import { createPublishedResult } from "./factories";
import { expectHtmlNotToContain, expectHtmlToContain, expectHtmlToSay, mainOf, textOf } from "./html";
import { deskPost, organizer } from "./organize-helpers";
import { get, person, post, type Person } from "./portal-helpers";

const E = "2026";
const BEFORE = { APP_NOW: "2026-04-03T08:59:00-06:00" };
const PUBLISHED_AT = "2026-04-03T15:00:00.000Z"; // Apr 3, 9:00 AM MDT
const WITHIN = { APP_NOW: "2026-04-06T10:00:00-06:00" };
const LAST_MINUTE = { APP_NOW: "2026-04-10T23:59:00-06:00" };
const AFTER = { APP_NOW: "2026-04-11T00:00:00-06:00" };

const judges = [
  { userId: "judge-hana-7f3a", name: "Hana Harshfield", email: "hana.harshfield@judges.example" },
  { userId: "judge-kip-91bc", name: "Kip Kindly", email: "kip.kindly@judges.example" },
  { userId: "judge-lou-22de", name: "Lou Latimer", email: "lou.latimer@judges.example" },
] as const;
const [hana, kip, lou] = judges;

async function seed(statements: string[]) {
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
}

const appealText =
  "The business-impact score does not reflect the savings we measured: 14 hours a week across three teams, documented in the reflection log.";

let lead: Person;
let member: Person;
let solo: Person;
let third: Person;
let loner: Person;
let outsider: Person;

beforeAll(async () => {
  [lead, member, solo, third, loner, outsider] = await Promise.all([
    person("jr-lead"),
    person("jr-member"),
    person("jr-solo"),
    person("jr-third"),
    person("jr-loner"),
    person("jr-outsider", { enrolled: false }),
  ]);
  await seed([
    ...judges.flatMap((j) => judgeSql({ editionId: E, ...j })),
    ...submittedTeamSql({ editionId: E, teamId: "jr-spud", name: "Spud Squad", members: [lead.id, member.id] }),
    ...submittedTeamSql({ editionId: E, teamId: "jr-solo", name: null, members: [solo.id] }),
    ...submittedTeamSql({ editionId: E, teamId: "jr-trout", name: "Trout Tech", members: [third.id] }),
    // Spud Squad: weighted 8/6/7/9/5 → 7.00 from Hana, 9 from Kip, 8 from Lou.
    ...reviewSql({
      editionId: E,
      teamId: "jr-spud",
      judgeId: hana.userId,
      scores: {
        "innovation-creativity": 8,
        "technical-proficiency": 6,
        "business-impact": 7,
        "ethical-ai": 9,
        presentation: 5,
      },
      comment: "A clear, measurable workflow win. Show the before-and-after numbers earlier in the deck.",
      note: "PRIVATE-NOTE: reminds me of my cousin's startup",
    }),
    ...reviewSql({ editionId: E, teamId: "jr-spud", judgeId: kip.userId, scores: 9, comment: "Great demo video." }),
    ...reviewSql({ editionId: E, teamId: "jr-spud", judgeId: lou.userId, scores: 8, note: "PRIVATE-NOTE: solid" }),
    ...reviewSql({ editionId: E, teamId: "jr-solo", judgeId: hana.userId, scores: 5 }),
    ...reviewSql({ editionId: E, teamId: "jr-solo", judgeId: kip.userId, scores: 7 }),
    ...reviewSql({ editionId: E, teamId: "jr-solo", judgeId: lou.userId }),
    ...reviewSql({ editionId: E, teamId: "jr-trout", judgeId: hana.userId, scores: 4 }),
    ...reviewSql({ editionId: E, teamId: "jr-trout", judgeId: kip.userId, scores: 6 }),
    ...reviewSql({ editionId: E, teamId: "jr-trout", judgeId: lou.userId, scores: 6 }),
    // A judge released after a declared conflict: their scores and comment no longer count.
    ...judgeSql({ editionId: E, userId: "judge-conflicted", name: "Cora Conflicted" }),
    ...reviewSql({
      editionId: E,
      teamId: "jr-trout",
      judgeId: "judge-conflicted",
      scores: 10,
      comment: "RELEASED-COMMENT: should never show",
    }),
    `UPDATE judging_assignments SET released_at = '2026-03-22T00:00:00.000Z', released_by = 'judge-conflicted', released_reason = 'declared' WHERE judge_user_id = 'judge-conflicted'`,
  ]);
});

describe("the report's data, as the worker reads it", () => {
  it("counts only open assignments of submitted projects, and ranks by the normalized result", async () => {
    const scores = await editionScores(getDb(env), E);
    expect(scores.some((s) => s.judgeId === "judge-conflicted")).toBe(false);
    const report = judgingReport({
      projects: [
        { teamId: "jr-spud", name: "Spud Squad" },
        { teamId: "jr-solo", name: "Solo" },
        { teamId: "jr-trout", name: "Trout Tech" },
      ],
      assignments: [
        ...["jr-spud", "jr-solo", "jr-trout"].flatMap((teamId) => judges.map((j) => ({ teamId, judgeId: j.userId }))),
      ],
      judges: judges.map((j) => ({ judgeId: j.userId, name: j.name })),
      scores,
    });
    // Spud 8.00, the solo project 6.00 (two complete sets), Trout Tech 5.33 (the released 10 left out).
    expect(report.projects.map((p) => [p.teamId, p.rank])).toEqual([
      ["jr-spud", 1],
      ["jr-solo", 2],
      ["jr-trout", 3],
    ]);
    expect(report.projects[0]!.raw).toBeCloseTo(8, 10);
    expect(report.projectsMissing.map((p) => [p.teamId, p.missing])).toEqual([["jr-solo", 1]]);
    expect(report.judgesBehind.map((j) => [j.name, j.complete, j.assigned])).toEqual([["Lou Latimer", 2, 3]]);
  });
});

describe("before the finalists are published", () => {
  it("shows a team nothing of its judging, not even that scores exist, and refuses an appeal", async () => {
    const page = await (await get("/portal", lead, BEFORE)).text();
    expectHtmlToContain(page, 'data-testid="team-members"');
    expectHtmlNotToContain(page, 'data-testid="team-results"', "Judging results", "Comments from the judges", "Appeal");
    const refused = await post("/portal", { intent: "appeal", body: appealText }, lead, BEFORE);
    expect(refused.status).toBe(403);
    expect(await appealsOf("jr-spud")).toHaveLength(0);
  });

  it("keeps results published for a later time off the site until then", async () => {
    await createPublishedResult({
      teamId: "jr-spud",
      teamName: "Spud Squad",
      organization: "Acme Analytics",
      publishedAt: PUBLISHED_AT,
    });
    for (const path of ["/", "/timeline"]) {
      expectHtmlNotToContain(await (await get(path, undefined, BEFORE)).text(), "Spud Squad", 'id="results"');
    }
    expectHtmlNotToContain(await (await get("/portal", lead, BEFORE)).text(), 'data-testid="team-results"');
  });
});

describe("after the finalists are published", () => {
  it("lists the finalists on the home page and the timeline, from the database, cached at most 5 minutes", async () => {
    for (const path of ["/", "/timeline"]) {
      const response = await get(path, undefined, WITHIN);
      // ADR 015: no purge; the edge keeps an anonymous page 300 s, then revalidates.
      expect(response.headers.get("cache-control")).toBe(PUBLIC_HTML_CACHE);
      expect(PUBLIC_HTML_CACHE).toContain("s-maxage=300");
      const page = await response.text();
      expectHtmlToContain(page, 'data-testid="results-finalists"', "Spud Squad · Acme Analytics");
      expectHtmlNotToContain(page, 'data-testid="results-pending"');
    }
  });

  it("shows every member of a finalist team its per-criterion scores, normalized and raw, and the judges' comments", async () => {
    for (const who of [lead, member]) {
      const page = await (await get("/portal", who, WITHIN)).text();
      const section = sectionOf(page, "results");
      expectHtmlToContain(section, "Your project is a finalist.", 'data-testid="team-scores"');
      const text = textOf(section);
      // Raw averages: innovation (8 + 9 + 8) / 3, business (7 + 9 + 8) / 3, overall (7 + 9 + 8) / 3.
      expect(text).toContain("Innovation & Creativity");
      expect(text).toMatch(/Innovation & Creativity \d+\.\d\d 8\.33/);
      expect(text).toMatch(/Business Impact & Relevance \d+\.\d\d 8\.00/);
      expect(text).toMatch(/Overall \(weighted\) \d+\.\d\d 8\.00/);
      expect(text).toContain("Scored by 3 judges");
      expect(text).toContain(
        "A clear, measurable workflow win. Show the before-and-after numbers earlier in the deck.",
      );
      expect(text).toContain("Great demo video.");
    }
  });

  it("never shows a judge's name, e-mail or id, a private note, or a released judge's comment", async () => {
    for (const who of [lead, third]) {
      const page = await (await get("/portal", who, WITHIN)).text();
      expectHtmlToContain(page, 'data-testid="team-results"');
      for (const j of [...judges, { userId: "judge-conflicted", name: "Cora Conflicted", email: "judge-conflicted" }]) {
        expectHtmlNotToContain(page, j.name, j.email, j.userId);
      }
      expectHtmlNotToContain(page, "PRIVATE-NOTE", "RELEASED-COMMENT", "judge-hana", "judge-kip", "judge-lou");
    }
  });

  it("tells a team that is not a finalist, with its own scores only", async () => {
    const page = await (await get("/portal", third, WITHIN)).text();
    const section = sectionOf(page, "results");
    expectHtmlToContain(section, "Your project was not selected as a finalist this time.");
    // Trout Tech: 4, 6, 6 (the released judge's 10 does not count).
    expect(textOf(section)).toMatch(/Overall \(weighted\) \d+\.\d\d 5\.33/);
    expectHtmlToSay(section, "The judges left no comments for your team.");
    expectHtmlNotToContain(section, "workflow win");
  });
});

describe("appeals", () => {
  it("refuses a text under 50 or over 5,000 characters, whatever the browser checks", async () => {
    const short = await post("/portal", { intent: "appeal", body: "   too short   " }, lead, WITHIN);
    expect(short.status).toBe(400);
    expectHtmlToContain(await short.text(), "Please explain your appeal in at least 50 characters.");
    const long = await post("/portal", { intent: "appeal", body: "x".repeat(5001) }, lead, WITHIN);
    expect(long.status).toBe(400);
    expectHtmlToContain(await long.text(), "An appeal holds at most 5,000 characters.");
    expect(await appealsOf("jr-spud")).toHaveLength(0);
  });

  it("accepts a member's appeal within 5 business days, tells the organizers once, and shows the team its status", async () => {
    // The browser names another team: ignored, the appeal is the poster's own team's.
    const filed = await post("/portal", { intent: "appeal", body: appealText, teamId: "jr-trout" }, member, WITHIN);
    expect(filed.status).toBe(303);
    expect(filed.headers.get("location")).toBe("/portal#results");
    const rows = await appealsOf("jr-spud");
    expect(rows).toEqual([
      expect.objectContaining({ id: "2026-jr-spud", submitted_by: member.id, body: appealText, decided_at: null }),
    ]);
    expect(await appealsOf("jr-trout")).toHaveLength(0);
    const mail = await env.DB.prepare(
      "SELECT recipient, payload FROM notifications WHERE kind = 'judging-appeal'",
    ).all<{
      recipient: string;
      payload: string;
    }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.recipient).toBe(organizersRecipient(env));
    expect(JSON.parse(mail.results[0]!.payload)).toMatchObject({
      appealId: "2026-jr-spud",
      teamName: "Spud Squad",
      submittedBy: member.email,
      body: appealText,
    });

    const again = await post("/portal", { intent: "appeal", body: appealText }, lead, WITHIN);
    expect(again.status).toBe(409);
    expect(await appealsOf("jr-spud")).toHaveLength(1);

    // Every member sees the status; the form is gone.
    const page = await (await get("/portal", lead, WITHIN)).text();
    const status = sectionOf(page, "results");
    expect(textOf(status)).toContain("Under review by the appeals committee");
    expectHtmlNotToContain(status, 'name="body"');

    // The committee decides on the organizers' desk (issue 32): every member sees it and is told by e-mail.
    const coordinator = await organizer("coordinator");
    const decision = await deskPost(
      "/organize/appeals",
      { intent: "decide", appealId: "2026-jr-spud", decision: "Upheld in part: the business-impact score is revised." },
      coordinator,
      WITHIN,
    );
    expect(decision.status).toBe(303);
    const decided = textOf(sectionOf(await (await get("/portal", member, WITHIN)).text(), "results"));
    expect(decided).toContain("Decided Apr 6, 2026, 10:00 AM MT");
    expect(decided).toContain("Upheld in part: the business-impact score is revised.");
    const told = await env.DB.prepare(
      "SELECT recipient FROM notifications WHERE kind = 'appeal-decided' ORDER BY recipient",
    ).all<{ recipient: string }>();
    expect(told.results.map((r) => r.recipient)).toEqual([lead.email, member.email].sort());
  });

  it("is open through the last minute of the fifth business day and refused after, whatever the browser sends", async () => {
    const open = await (await get("/portal", third, LAST_MINUTE)).text();
    expectHtmlToContain(open, 'name="body"');
    expectHtmlToSay(open, "until Apr 10, 2026, 11:59 PM MT");
    const closed = await (await get("/portal", third, AFTER)).text();
    expectHtmlNotToContain(closed, 'name="body"');
    expectHtmlToSay(closed, "The appeal window closed Apr 10, 2026, 11:59 PM MT.");
    const late = await post("/portal", { intent: "appeal", body: appealText }, third, AFTER);
    expect(late.status).toBe(403);
    expect(await appealsOf("jr-trout")).toHaveLength(0);
    const inTime = await post("/portal", { intent: "appeal", body: appealText }, third, LAST_MINUTE);
    expect(inTime.status).toBe(303);
    expect(await appealsOf("jr-trout")).toHaveLength(1);
  });

  it("refuses anyone outside a team: a participant with no team, an account not enrolled, a visitor", async () => {
    const noTeam = await post("/portal", { intent: "appeal", body: appealText }, loner, WITHIN);
    expect(noTeam.status).toBe(409);
    const stranger = await post("/portal", { intent: "appeal", body: appealText }, outsider, WITHIN);
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("location")).toBe("/portal");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM judging_appeals").first<{ n: number }>();
    expect(count?.n).toBe(2);
    // Someone without a team sees no results section either.
    expectHtmlNotToContain(await (await get("/portal", loner, WITHIN)).text(), 'data-testid="team-results"');
  });
});

async function appealsOf(teamId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM judging_appeals WHERE team_id = ?").bind(teamId).all();
  return results;
}

/** One section of /portal's main content, by its id. */
function sectionOf(page: string, id: string): string {
  const main = mainOf(page);
  const start = main.indexOf(`<section id="${id}"`);
  if (start === -1) throw new Error(`no section #${id}`);
  return main.slice(start, main.indexOf("</section>", start) + "</section>".length);
}
