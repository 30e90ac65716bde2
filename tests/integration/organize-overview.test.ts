/**
 * The desk's overview (issue 32), through the built worker and real D1: the
 * edition's numbers (paid registrations by plan and pricing phase, employees
 * enrolled, teams, submitted projects, votes cast as a count), the
 * organizations with their code and employees, score coverage as the judging
 * report counts it; each block only for a role that may read it.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { judgingRules } from "~/content/judging";
import { overviewRules, overviewText } from "~/content/organize";
import { judgeSql, reviewSql, submittedTeamSql } from "../judging-seed";
import type { RegistrationStatus } from "~/db/schema";
import {
  createCompanyCode,
  createJudge,
  createJudgeAdvisorInterest,
  createJudgeInvitation,
  createRegistration,
  createTeam,
  createVote,
} from "./factories";
import { decodeEntities } from "./html";
import { deskGet, organizer } from "./organize-helpers";

const page = async (who: { cookie: string }) => {
  const response = await deskGet("/organize", who);
  expect(response.status).toBe(200);
  return decodeEntities(await response.text());
};

/** One section of the page (SectionCard: a <section> with its id), or null. */
const section = (html: string, id: string) =>
  html.match(new RegExp(`<section id="${id}"[\\s\\S]*?</section>`))?.[0] ?? null;

const plain = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A table's rows (by its data-testid), each as its cells' text. */
function tableRows(html: string, testId: string): string[][] {
  const table = html.match(new RegExp(`<table[^>]*data-testid="${testId}"[\\s\\S]*?</table>`))?.[0];
  if (!table) throw new Error(`no table ${testId}`);
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => plain(cell[1]!)),
  );
}

/** A figure's value by its label (the `Figure` grid: <dt>label</dt><dd>value</dd>). */
function figure(html: string, label: string): string {
  const match = html.match(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([\\s\\S]*?)</dd>`));
  if (!match) throw new Error(`no figure ${label}`);
  return plain(match[1]!);
}

let sequence = 0;
async function registration(fields: {
  editionId?: string;
  plan: "individual" | "workforce";
  phase: "earlyBird" | "regular";
  status: RegistrationStatus;
  company?: string;
  organizationId?: string;
}) {
  const id = `overview-reg-${++sequence}`;
  await createRegistration({
    id,
    editionId: fields.editionId,
    userId: `user-${id}`,
    registrationType: fields.plan,
    pricingPhase: fields.phase,
    amountCents: 0,
    status: fields.status,
    email: `${id}@example.com`,
    companyName: fields.company ?? null,
    organizationRegistrationId: fields.organizationId ?? null,
    paidAt: null,
  });
  return { id };
}

const seed = (sql: string[]) => env.DB.batch(sql.map((s) => env.DB.prepare(s)));

describe("the overview's numbers", { timeout: 90_000 }, () => {
  it("counts the edition by plan and phase, per organization, teams, projects, coverage and votes, each for a role that may read it", async () => {
    // Registrations: 2 individual early-bird and 1 regular paid; one pending, one expired and
    // another edition's are not counted. One organization (regular) with 2 employees enrolled
    // and 1 removed; a second one, whose code was revoked, with none.
    const acme = await registration({ plan: "workforce", phase: "regular", status: "paid", company: "Acme Potatoes" });
    const basin = await registration({ plan: "workforce", phase: "earlyBird", status: "paid", company: "Basin Tech" });
    await registration({ plan: "individual", phase: "earlyBird", status: "paid" });
    await registration({ plan: "individual", phase: "earlyBird", status: "paid" });
    await registration({ plan: "individual", phase: "regular", status: "paid" });
    await registration({ plan: "individual", phase: "regular", status: "pending" });
    await registration({ plan: "individual", phase: "regular", status: "expired" });
    await registration({ editionId: "2027", plan: "individual", phase: "regular", status: "paid" });
    await createCompanyCode({ code: "ACME-CODE-42", registrationId: acme.id, createdAt: "2026-01-20T00:00:00.000Z" });
    await createCompanyCode({
      code: "BASIN-OLD-7",
      registrationId: basin.id,
      createdAt: "2026-01-20T00:00:00.000Z",
      revokedAt: "2026-02-01T00:00:00.000Z",
      revokedReason: "refund",
    });
    await registration({ plan: "individual", phase: "regular", status: "enrolled", organizationId: acme.id });
    await registration({ plan: "individual", phase: "regular", status: "enrolled", organizationId: acme.id });
    await registration({ plan: "individual", phase: "regular", status: "removed", organizationId: acme.id });
    // Three teams, two submitted. Team "complete" has every judge's full scores; "partial" one judge's.
    const perProject = judgingRules.judgesPerProject;
    const judgeIds = Array.from({ length: perProject }, (_, i) => `overview-judge-${i}`);
    await seed([
      ...judgeIds.flatMap((userId) => judgeSql({ editionId: "2026", userId, name: `Judge ${userId}` })),
      ...submittedTeamSql({ editionId: "2026", teamId: "ov-complete", name: "Team Complete", members: ["ov-m1"] }),
      ...submittedTeamSql({ editionId: "2026", teamId: "ov-partial", name: "Team Partial", members: ["ov-m2"] }),
      ...judgeIds.flatMap((judgeId) => reviewSql({ editionId: "2026", teamId: "ov-complete", judgeId, scores: 8 })),
      ...reviewSql({ editionId: "2026", teamId: "ov-partial", judgeId: judgeIds[0]!, scores: 7 }),
      ...reviewSql({ editionId: "2026", teamId: "ov-partial", judgeId: judgeIds[1]! }),
    ]);
    await createTeam({ id: "ov-draft", name: "Team Draft", createdBy: "ov-m3", createdAt: "2026-02-01T00:00:00.000Z" });
    // Three votes, two for one project: the overview says 3, never who leads.
    for (const [i, teamId] of ["ov-complete", "ov-complete", "ov-partial"].entries()) {
      await createVote({ id: `ov-vote-${i}`, userId: `ov-voter-${i}`, teamId, castAt: "2026-04-01T00:00:00.000Z" });
    }

    const director = await page(await organizer("director"));
    const counts = section(director, "counts")!;
    expect(tableRows(counts, "registrations")).toEqual([
      ["Plan", "Early Bird", "Regular", "Total"],
      ["Individual", "2", "1", "3"],
      ["Workforce Package", "1", "1", "2"],
    ]);
    expect(figure(counts, overviewText.enrolled)).toBe("2");
    expect(figure(counts, overviewText.teams)).toBe("3");
    expect(figure(counts, overviewText.submitted)).toBe("2");
    expect(figure(counts, overviewText.votes)).toBe("3");
    // A count only: no project appears beside the votes anywhere on the page.
    expect(director).not.toContain("Team Complete");
    expect(director).not.toContain("Team Partial");

    expect(tableRows(section(director, "organizations")!, "companies")).toEqual([
      ["Organization", "Company code", "Employees enrolled"],
      ["Acme Potatoes", "ACME-CODE-42", "2"],
      ["Basin Tech", overviewText.companyCodeRevoked, "0"],
    ]);
    const coverage = section(director, "coverage")!;
    expect(figure(coverage, overviewText.coverageProjects)).toBe("1 of 2");
    expect(figure(coverage, overviewText.coverageSets)).toBe(`${perProject + 1} of ${2 * perProject}`);

    // A viewer reads the numbers and the coverage, not the organizations' private codes.
    const viewer = await page(await organizer("viewer"));
    expect(figure(section(viewer, "counts")!, overviewText.votes)).toBe("3");
    expect(figure(section(viewer, "coverage")!, overviewText.coverageProjects)).toBe("1 of 2");
    expect(section(viewer, "organizations")).toBeNull();
    expect(viewer).not.toContain("ACME-CODE-42");

    // A registrar reads organizations but not the judging report; a coordinator the reverse.
    const registrar = await page(await organizer("registrar"));
    expect(section(registrar, "organizations")).toContain("ACME-CODE-42");
    expect(section(registrar, "coverage")).toBeNull();
    const coordinator = await page(await organizer("coordinator"));
    expect(section(coordinator, "organizations")).toBeNull();
    expect(coordinator).not.toContain("ACME-CODE-42");
    expect(section(coordinator, "coverage")).not.toBeNull();
  });

  it("shows a change to the counts it keeps between views on the next view (issue 56)", async () => {
    const director = await organizer("director");
    const before = await page(director);
    // The second view shows the kept counts, the same.
    expect(section(await page(director), "counts")).toBe(section(before, "counts"));
    const number = (html: string, label: string) => Number(figure(section(html, "counts")!, label));
    const coverage = (html: string) => figure(section(html, "coverage")!, overviewText.coverageProjects);
    const [projectsComplete, projects] = coverage(before).split(" of ").map(Number);

    // A paid registration, an employee enrolled, a team and a submitted project, one write each.
    await registration({ plan: "individual", phase: "regular", status: "paid" });
    const kept = await page(director);
    expect(tableRows(section(kept, "counts")!, "registrations")[1]!.at(-1)).toBe(
      String(Number(tableRows(section(before, "counts")!, "registrations")[1]!.at(-1)) + 1),
    );
    const org = await registration({ plan: "workforce", phase: "regular", status: "paid", company: "Kept Co" });
    await registration({ plan: "individual", phase: "regular", status: "enrolled", organizationId: org.id });
    expect(number(await page(director), overviewText.enrolled)).toBe(number(before, overviewText.enrolled) + 1);
    await createTeam({
      id: "ov-kept-team",
      name: "Kept Team",
      createdBy: "ov-kept-m",
      createdAt: "2026-02-01T00:00:00.000Z",
    });
    expect(number(await page(director), overviewText.teams)).toBe(number(before, overviewText.teams) + 1);
    const judgeIds = Array.from({ length: judgingRules.judgesPerProject }, (_, i) => `overview-judge-${i}`);
    await seed([
      ...judgeIds.flatMap((userId) => judgeSql({ editionId: "2026", userId, name: `Judge ${userId}` })),
      ...submittedTeamSql({ editionId: "2026", teamId: "ov-kept", name: "Team Kept", members: ["ov-kept-m2"] }),
    ]);
    const submitted = await page(director);
    expect(number(submitted, overviewText.submitted)).toBe(number(before, overviewText.submitted) + 1);
    expect(coverage(submitted)).toBe(`${projectsComplete} of ${projects! + 1}`);
    // Its scores, complete: the coverage counts it on the next view.
    await seed(judgeIds.flatMap((judgeId) => reviewSql({ editionId: "2026", teamId: "ov-kept", judgeId, scores: 6 })));
    expect(coverage(await page(director))).toBe(`${projectsComplete! + 1} of ${projects! + 1}`);
  });

  it("counts the judges still active, the invitations still open and the offers to judge", async () => {
    const director = await organizer("director");
    const before = await page(director);
    const judgesFigure = (html: string, label: string) => Number(figure(section(html, "judges")!, label));
    const active = judgesFigure(before, "Judges \\(active\\)");
    const pending = judgesFigure(before, "Invitations still open");
    const offers = judgesFigure(before, "Offers to judge \\(interest forms\\)");
    // Two judges, one of whom left; another edition's judge.
    await createJudge({ userId: "ov-judge-stays" });
    await createJudge({ userId: "ov-judge-left", leftAt: "2026-03-20T00:00:00.000Z" });
    await createJudge({ userId: "ov-judge-2027", editionId: "2027" });
    // One invitation open; one expired, one revoked, one accepted (the judges' own) are not.
    await createJudgeInvitation({ email: "open@judges.example" });
    await createJudgeInvitation({ email: "expired@judges.example", expiresAt: "2026-03-20T00:00:00.000Z" });
    await createJudgeInvitation({ email: "revoked@judges.example", revokedAt: "2026-03-20T00:00:00.000Z" });
    // Two offers to judge, one to advise.
    await createJudgeAdvisorInterest({ email: "judge-1@example.com" });
    await createJudgeAdvisorInterest({ email: "judge-2@example.com" });
    await createJudgeAdvisorInterest({ email: "advisor@example.com", role: "advisor" });
    const after = await page(director);
    expect(judgesFigure(after, "Judges \\(active\\)")).toBe(active + 1);
    expect(judgesFigure(after, "Invitations still open")).toBe(pending + 1);
    expect(judgesFigure(after, "Offers to judge \\(interest forms\\)")).toBe(offers + 2);
  });

  it("shows the organizations with the most employees and says how many there are in all", async () => {
    for (let i = 0; i <= overviewRules.companiesShown; i++) {
      await registration({ plan: "workforce", phase: "regular", status: "paid", company: `Many Co ${i}` });
    }
    const total = await env.DB.prepare(
      "SELECT count(*) AS n FROM registrations WHERE edition_id = '2026' AND registration_type = 'workforce' AND status = 'paid'",
    ).first<{ n: number }>();
    const organizations = section(await page(await organizer("director")), "organizations")!;
    expect(tableRows(organizations, "companies")).toHaveLength(overviewRules.companiesShown + 1);
    expect(plain(organizations)).toContain(overviewText.companiesMore(overviewRules.companiesShown, total!.n));
  });
});
