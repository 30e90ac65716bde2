/**
 * The judging report on the organizers' desk (issue 32), through the built
 * worker and real D1: /organize/report, /organize/report.csv and the API's
 * `judging.report` give the ranking the normalization (app/judging/normalize.ts)
 * gives on the same scores, read here by the CLI's own SQL (`editionScoresSql`);
 * the CSV's columns and escaping; a viewer may read it, a participant gets 404.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { judgingCriteria } from "~/content/program";
import { normalize, type ScoreRow } from "~/judging/normalize";
import { editionScoresSql } from "~/judging/report";
import { createNotification, createScores } from "./factories";
import { decodeEntities } from "./html";
import { assignDirectly, judge, submittedProject } from "./judging-helpers";
import { requeueMessages } from "~/content/organize";
import { api, deskGet, deskPost, organizer, tokenOf } from "./organize-helpers";

const QUOTED_NAME = 'Spud "Tater", Inc';

/** Six projects scored completely by two judges with different spreads (so both are rescaled). */
async function seedScores() {
  const judges = [await judge("harsh", "2026"), await judge("kind", "2026")];
  const teams: string[] = [];
  for (let i = 0; i < 6; i++) {
    teams.push(await submittedProject("2026", i === 0 ? { name: QUOTED_NAME } : {}));
  }
  for (const [j, who] of judges.entries()) {
    for (const [t, teamId] of teams.entries()) {
      await assignDirectly(teamId, who.id);
      for (const [c, criterion] of judgingCriteria.entries()) {
        // The harsh judge spreads 2..7, the kind one 6..10, in a different order.
        const score = j === 0 ? 2 + ((t + c) % 6) : 10 - ((t * 2 + c) % 5);
        await createScores({
          teamId,
          judgeUserId: who.id,
          criteria: [criterion.id],
          score,
          updatedAt: "2026-03-24T00:00:00.000Z",
        });
      }
    }
  }
  return { teams, judges };
}

describe("the judging report", { timeout: 120_000 }, () => {
  it("ranks as the normalization does; the page, the CSV and the API agree; viewer yes, participant 404", async () => {
    const { teams } = await seedScores();
    const { results } = await env.DB.prepare(editionScoresSql).bind("2026").all<ScoreRow>();
    const { results: submitted } = await env.DB.prepare(
      "SELECT team_id AS teamId FROM submissions WHERE edition_id = '2026' AND status = 'submitted' ORDER BY team_id",
    ).all<{ teamId: string }>();
    const expected = normalize(results, { teamIds: submitted.map((s) => s.teamId) });
    expect(expected.judges.filter((j) => j.rescaled).length).toBeGreaterThanOrEqual(2);
    const rankOf = new Map(expected.projects.map((p) => [p.teamId, p.rank]));

    const viewer = await organizer("viewer");
    const answer = await api("GET", "/queries/judging.report", { token: await tokenOf(viewer) });
    expect(answer.status).toBe(200);
    const { result } = (await answer.json()) as {
      result: { report: { projects: { teamId: string; name: string; rank: number | null }[] } };
    };
    expect(result.report.projects.map((p) => [p.teamId, p.rank])).toEqual(
      expected.projects.map((p) => [p.teamId, p.rank]),
    );
    expect(new Set(result.report.projects.map((p) => p.teamId))).toEqual(new Set(submitted.map((s) => s.teamId)));
    for (const teamId of teams) expect(rankOf.get(teamId)).not.toBeNull();

    const page = await deskGet("/organize/report", viewer);
    expect(page.status).toBe(200);
    const html = decodeEntities(await page.text());
    expect(html).toContain("Judging report");
    expect(html).toContain(QUOTED_NAME);
    expect(html).toContain('href="/organize/report.csv"');
    // The page lists the projects in rank order (its ranking table follows the coverage).
    const ranking = html.slice(html.indexOf('id="ranking-heading"'));
    const positions = result.report.projects.map((p) => ranking.indexOf(p.name));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));

    const csv = await deskGet("/organize/report.csv", viewer);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("judging-report-2026.csv");
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe(
      [
        "rank",
        "team_id",
        "team",
        "judges_assigned",
        "judges_complete",
        "sets_missing",
        "normalized_total",
        "raw_total",
        ...judgingCriteria.flatMap((c) => [`${c.id}_normalized`, `${c.id}_raw`]),
      ]
        .map((c) => `"${c}"`)
        .join(","),
    );
    const quotedLine = lines.find((l) => l.includes(teams[0]!))!;
    // Two judges of the three a project needs: one set still missing.
    expect(quotedLine).toContain(`"${teams[0]}","Spud ""Tater"", Inc","2","2","1"`);
    expect(quotedLine.startsWith(`"${rankOf.get(teams[0]!)}",`)).toBe(true);
    // CSV rows are in rank order.
    const csvTeams = lines
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(",")[1]!.replaceAll('"', ""));
    expect(csvTeams).toEqual(result.report.projects.map((p) => p.teamId));

    const participant = await organizer(null);
    expect((await deskGet("/organize/report", participant)).status).toBe(404);
    expect((await deskGet("/organize/report.csv", participant)).status).toBe(404);
    const registrar = await organizer("registrar");
    expect((await api("GET", "/queries/judging.report", { token: await tokenOf(registrar) })).status).toBe(403);
  });
});

describe("the overview's outbox", { timeout: 60_000 }, () => {
  it("a registrar requeues dead e-mails; a viewer sees the counts but no form; nothing dead is refused", async () => {
    await createNotification({
      status: "dead",
      attempts: 6,
      createdAt: "2026-03-20T00:00:00.000Z",
      updatedAt: "2026-03-20T00:00:00.000Z",
    });
    const viewer = await organizer("viewer");
    const seen = decodeEntities(await (await deskGet("/organize", viewer)).text());
    expect(seen).toContain("Dead (gave up)");
    expect(seen).not.toContain('value="requeue"');
    expect((await deskPost("/organize", { intent: "requeue" }, viewer)).status).toBe(403);

    const registrar = await organizer("registrar");
    const page = decodeEntities(await (await deskGet("/organize", registrar)).text());
    expect(page).toContain('value="requeue"');
    expect((await deskPost("/organize", { intent: "requeue" }, registrar)).status).toBe(303);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE status = 'dead'").first<{ n: number }>())?.n,
    ).toBe(0);
    const again = await deskPost("/organize", { intent: "requeue" }, registrar);
    expect(again.status).toBe(409);
    expect(decodeEntities(await again.text())).toContain(requeueMessages.noneDead);
  });
});
