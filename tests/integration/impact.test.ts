/**
 * Issue 55, through the built worker and real D1: each impact figure against
 * a hand-counted edition; /impact equal to the organizers' desk overview at
 * the same instant, with small figures suppressed; the daily job freezing a
 * finished edition's figures so a later deletion leaves the totals; an
 * organization's report equal to its dashboard, for its administrators
 * only, with titles only as teams chose to show them; the sponsors' report
 * for the account that paid, "so far" before the finals.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { editionEndsAt } from "~/clock/schedule";
import { edition2026 } from "../fixtures/edition-2026";
import { impactText, organizationReportText, sponsorReportText } from "~/content/impact";
import { overviewText } from "~/content/organize";
import { getDb } from "~/db/client.server";
import { editionFigures, liveEditionFigures, recordImpactFigures } from "~/impact/figures.server";
import {
  createCredential,
  createPublishedResult,
  createRegistration,
  createSponsorship,
  createSubmission,
  createTeam,
  createVote,
} from "./factories";
import { decodeEntities } from "./html";
import { account } from "./judging-helpers";
import { deskGet, JUDGING, organizer } from "./organize-helpers";
import { fetchWithEnv } from "./worker";

const NOW = new Date(JUDGING.APP_NOW);
const AFTER_FINALS = { APP_NOW: "2026-05-10T12:00:00-06:00" };

const plain = (fragment: string) =>
  fragment
    // React's separators between adjacent texts ("33<!-- -->%") are not spaces.
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

function tableRows(html: string, testId: string): string[][] {
  const table = html.match(new RegExp(`<table[^>]*data-testid="${testId}"[\\s\\S]*?</table>`))?.[0];
  if (!table) throw new Error(`no table ${testId}`);
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => plain(cell[1]!)),
  );
}

/** A desk figure by its label (the overview's <dt>label</dt><dd>value</dd>). */
function deskFigure(html: string, label: string): number {
  const match = html.match(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([\\s\\S]*?)</dd>`));
  if (!match) throw new Error(`no figure ${label}`);
  return Number(plain(match[1]!));
}

/** A goal's words on /impact by its id. */
function goalText(html: string, id: string): string {
  const item = html.match(new RegExp(`<li[^>]*data-goal="${id}"[\\s\\S]*?</li>`))?.[0];
  if (!item) throw new Error(`no goal ${id}`);
  return plain(item.match(/data-testid="goal-figure"[^>]*>([\s\S]*?)<\/span>/)![1]!);
}

let n = 0;
const uid = (tag: string) => `impact-${tag}-${++n}`;

/**
 * The hand-counted edition: 3 paid individuals (and one pending, one of
 * 2027); Acme (12 employees enrolled, one removed) and Basin (2 enrolled);
 * 7 teams, 6 submitted (5 Generative AI, 1 Process Automation), one draft;
 * AI Communicator held by 6 people (and one revoked), AI Creator by 2;
 * 6 votes; 2 finalists published, an award not yet.
 */
async function seedEdition() {
  for (let i = 0; i < 3; i++) await createRegistration({ userId: uid("ind") });
  await createRegistration({ userId: uid("pending"), status: "pending" });
  await createRegistration({ userId: uid("later"), editionId: "2027" });
  const owner = await account("owner");
  // The dashboard's address takes an organization's id as checkout made it: a UUID.
  const acme = await createRegistration({
    id: crypto.randomUUID(),
    userId: owner.id,
    registrationType: "workforce",
    companyName: "Acme Potatoes",
  });
  const basin = await createRegistration({ userId: uid("basin"), registrationType: "workforce", companyName: "Basin" });
  const acmeEmployees: string[] = [];
  for (let i = 0; i < 12; i++) {
    const userId = uid("acme");
    acmeEmployees.push(userId);
    await createRegistration({
      userId,
      status: "enrolled",
      organizationRegistrationId: acme.id,
      createdAt: `2026-0${1 + (i % 2)}-1${i % 10}T10:00:00.000Z`,
    });
  }
  await createRegistration({ userId: uid("gone"), status: "removed", organizationRegistrationId: acme.id });
  for (let i = 0; i < 2; i++) {
    await createRegistration({ userId: uid("basin-e"), status: "enrolled", organizationRegistrationId: basin.id });
  }
  // Projects: Acme's employees lead two of them; one shown in public, one kept private.
  const tracks = [
    "generative-ai",
    "generative-ai",
    "generative-ai",
    "generative-ai",
    "generative-ai",
    "process-automation",
  ];
  const teamIds: string[] = [];
  for (const [i, track] of tracks.entries()) {
    const member = i < 2 ? acmeEmployees[i]! : uid("member");
    const team = await createTeam({ members: [member] });
    teamIds.push(team.id);
    await createSubmission({
      teamId: team.id,
      updatedBy: member,
      track,
      title: `Project ${i}`,
      slug: `project-${i}-${team.id.slice(0, 6)}`,
      publicConsent: i !== 1,
    });
  }
  const draft = await createTeam({ members: [acmeEmployees[2]!] });
  await createSubmission({ teamId: draft.id, updatedBy: acmeEmployees[2]!, status: "draft", title: "Draft" });
  // Credentials: AI Communicator for 6 (4 of Acme's), AI Creator for 2 (Acme's), one revoked.
  const communicators = [...acmeEmployees.slice(0, 4), uid("c"), uid("c")];
  for (const userId of communicators) {
    await createCredential({ userId, recipientEmail: `${userId}@x.test`, achievement: "ai-communicator" });
  }
  for (const userId of acmeEmployees.slice(0, 2)) {
    await createCredential({ userId, recipientEmail: `${userId}@x.test`, achievement: "ai-creator" });
  }
  await createCredential({
    userId: acmeEmployees[5]!,
    recipientEmail: "r@x.test",
    achievement: "ai-builder",
    revokedAt: "2026-03-01T00:00:00.000Z",
  });
  for (let i = 0; i < 6; i++) await createVote({ teamId: teamIds[i % 2]!, userId: uid("voter") });
  await createPublishedResult({ teamId: teamIds[0]!, teamName: "Team Zero", publishedAt: "2026-03-20T00:00:00.000Z" });
  await createPublishedResult({ teamId: teamIds[2]!, teamName: "Team Two", publishedAt: "2026-03-20T00:00:00.000Z" });
  await createPublishedResult({
    teamId: teamIds[0]!,
    award: "grand-champion",
    teamName: "Team Zero",
    publishedAt: "2026-04-26T00:00:00.000Z",
  });
  return { owner, acme, basin, acmeEmployees, teamIds };
}

describe("impact figures (issue 55)", { timeout: 120_000 }, () => {
  it("counts each figure of the edition as hand-counted, with the desk's rules", async () => {
    const { owner, acme } = await seedEdition();
    const figures = await liveEditionFigures(getDb(env), edition2026, NOW);
    expect(figures.participants).toEqual({ individual: 3, enrolled: 14, total: 17 });
    expect(figures.organizations.total).toBe(2);
    expect(figures.organizations.byTier).toEqual([
      { tier: "innovation-partner", organizations: 1 },
      { tier: "ai-champion", organizations: 0 },
      { tier: "workforce-leader", organizations: 0 },
      { tier: null, organizations: 1 },
    ]);
    expect(figures.certifications.map((c) => [c.id, c.holders])).toEqual([
      ["ai-communicator", 6],
      ["ai-creator", 2],
      ["ai-builder", 0],
      ["ai-innovator", 0],
      ["finalist", 0],
    ]);
    expect(figures.projects.teams).toBe(7);
    expect(figures.projects.submitted).toBe(6);
    expect(Object.fromEntries(figures.projects.byTrack.map((t) => [t.track, t.projects]))).toEqual({
      "generative-ai": 5,
      "process-automation": 1,
    });
    expect(figures.votes).toBe(6);
    // The award's publication time has not come at NOW.
    expect(figures.results).toEqual({ finalists: 2, awards: 0 });
    expect(figures.credentialsIssued).toBe(8);

    // /impact at the same instant equals the desk's overview.
    const desk = decodeEntities(await (await deskGet("/organize", await organizer("viewer"))).text());
    const impactResponse = await fetchWithEnv("/impact", JUDGING);
    expect(impactResponse.status).toBe(200);
    expect(impactResponse.headers.get("cache-control")).toContain("s-maxage");
    const impact = decodeEntities(await impactResponse.text());
    expect(impact).not.toMatch(/<script[^>]*src=/);
    const individualRow = tableRows(desk, "registrations").find((row) => row[0] === "Individual")!;
    const workforceRow = tableRows(desk, "registrations").find((row) => row[0] === "Workforce Package")!;
    const participants = Number(individualRow.at(-1)) + deskFigure(desk, overviewText.enrolled);
    expect(participants).toBe(17);
    expect(goalText(impact, "participants")).toBe(impactText.goalOf(String(participants), 500, 3));
    expect(goalText(impact, "projectSubmissions")).toBe(
      impactText.goalOf(String(deskFigure(desk, overviewText.submitted)), 50, 12),
    );
    // Two organizations: fewer than 5, with no percent that would give the figure away.
    expect(Number(workforceRow.at(-1))).toBe(2);
    expect(goalText(impact, "organizations")).toBe(impactText.goalOf(impactText.fewerThan, 100, null));
    const counts = Object.fromEntries(
      [...impact.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]),
    );
    expect(counts[impactText.teams]).toBe(String(deskFigure(desk, overviewText.teams)));
    expect(counts[impactText.submitted]).toBe(String(deskFigure(desk, overviewText.submitted)));
    expect(counts[impactText.votes]).toBe(String(deskFigure(desk, overviewText.votes)));
    expect(tableRows(impact, "impact-tracks").slice(1)).toEqual([
      ["Generative AI", "5"],
      ["Process Automation", impactText.fewerThan],
    ]);
    expect(tableRows(impact, "impact-certifications").slice(1, 3)).toEqual([
      ["AI Communicator", "6", "35%"],
      ["AI Creator", impactText.fewerThan, "—"],
    ]);
    expect(tableRows(impact, "impact-tiers").slice(1)).toEqual([
      ["Innovation Partner", impactText.fewerThan],
      ["AI Champion", "0"],
      ["Workforce Leader", "0"],
      [impactText.belowFirstTier, impactText.fewerThan],
    ]);
    // The charts' text equivalents: the bar chart says every bar.
    expect(impact).toMatch(
      /role="img" aria-label="Submitted projects by track: Generative AI 5; Process Automation fewer than 5\."/,
    );
    expect(impact).toContain("Team Zero");

    // The organization's report equals its dashboard, for its own people only.
    const base = `/organization/${acme.id}`;
    const asOwner = { headers: { cookie: owner.cookie } };
    const dashboard = decodeEntities(await (await fetchWithEnv(base, JUDGING, asOwner)).text());
    const reportResponse = await fetchWithEnv(`${base}/report`, JUDGING, asOwner);
    expect(reportResponse.status).toBe(200);
    const report = decodeEntities(await reportResponse.text());
    const dashboardRates = tableRows(dashboard, "completion-rates")
      .slice(1)
      .map(([name, holders, rate]) => [name, holders!.split(" of ")[0], rate]);
    const reportRates = tableRows(report, "report-stages")
      .slice(1)
      .map(([name, holders, rate]) => [name, holders, rate]);
    expect(reportRates).toEqual(dashboardRates);
    expect(reportRates.slice(0, 2)).toEqual([
      ["AI Communicator", "4", "33%"],
      ["AI Creator", "2", "17%"],
    ]);
    // Challenge rates beside them: 6 and 2 of 17 participants.
    expect(tableRows(report, "report-stages")[1]![3]).toBe("35%");
    expect(plain(report.match(/data-testid="report-summary"[\s\S]*?<\/dl>/)![0])).toContain("12");
    expect(report).toContain("Innovation Partner");
    // Project 1 keeps its title private; Project 0 is shown; the draft is in progress.
    const projects = tableRows(report, "report-projects").slice(1);
    expect(projects).toEqual(
      expect.arrayContaining([
        ["Project 0", "Generative AI", organizationReportText.submittedStatus],
        [organizationReportText.untitled, "Generative AI", organizationReportText.submittedStatus],
        [organizationReportText.untitled, "—", organizationReportText.draftStatus],
      ]),
    );
    expect(report).not.toContain("Project 1");
    expect(report).toContain('data-testid="step-chart"');
    expect(report).toMatch(
      /role="img" aria-label="Employees enrolled with your company code, by week \(cumulative\): from \d+/,
    );
    const csv = await (await fetchWithEnv(`${base}/report.csv`, JUDGING, asOwner)).text();
    expect(csv.split("\r\n")[0]).toBe('"section","measure","value","challenge"');
    expect(csv).toContain(`"${organizationReportText.funnelTitle}","AI Communicator: rate","33%","35%"`);
    // Anyone else: the dashboard's 404.
    const stranger = await account("stranger");
    expect((await fetchWithEnv(`${base}/report`, JUDGING, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await fetchWithEnv(`${base}/report.csv`, JUDGING, { headers: { cookie: stranger.cookie } })).status).toBe(
      404,
    );
  });

  it("freezes an edition's figures after its end, so a later deletion leaves the totals", async () => {
    const after = new Date(editionEndsAt(edition2026).getTime() + 86_400_000);
    const db = getDb(env);
    const before = await liveEditionFigures(db, edition2026, after);
    expect(await recordImpactFigures(env, [edition2026], new Date(JUDGING.APP_NOW))).toEqual([
      { edition: "2026", final: false },
    ]);
    expect(await recordImpactFigures(env, [edition2026], after)).toEqual([{ edition: "2026", final: true }]);
    await env.DB.prepare("DELETE FROM registrations WHERE edition_id = '2026' AND status = 'enrolled'").run();
    const later = new Date(after.getTime() + 86_400_000);
    expect((await liveEditionFigures(db, edition2026, later)).participants.enrolled).toBe(0);
    expect(await editionFigures(db, edition2026, later)).toEqual(before);
    // A frozen edition is never written again.
    expect(await recordImpactFigures(env, [edition2026], later)).toEqual([]);
  });

  it("gives the account that paid a sponsorship its report, so far before the finals", async () => {
    const sponsor = await account("sponsor");
    await createSponsorship({ userId: sponsor.id, companyName: "Snake River Bank" });
    const asSponsor = { headers: { cookie: sponsor.cookie } };
    const soFar = decodeEntities(await (await fetchWithEnv("/account/sponsor-report", JUDGING, asSponsor)).text());
    expect(soFar).toContain("Snake River Bank");
    expect(soFar).toContain(sponsorReportText.soFarNote);
    expect(soFar).toContain(sponsorReportText.notYetShown);
    const account_ = decodeEntities(await (await fetchWithEnv("/account", JUDGING, asSponsor)).text());
    expect(account_).toContain('href="/account/sponsor-report"');
    const after = await fetchWithEnv("/account/sponsor-report", AFTER_FINALS, asSponsor);
    expect(after.status).toBe(200);
    const final = decodeEntities(await after.text());
    expect(final).not.toContain(sponsorReportText.soFarNote);
    expect(final).toContain(sponsorReportText.lead(edition2026.name, false));
    const nobody = await account("not-a-sponsor");
    expect(
      (await fetchWithEnv("/account/sponsor-report", JUDGING, { headers: { cookie: nobody.cookie } })).status,
    ).toBe(404);
  });
});
