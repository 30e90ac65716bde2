import { request as requests, type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { judgeSql, registrationSql, reviewSql, submittedTeamSql } from "../judging-seed";
import { mailboxLink, uniqueIp, toast, uniqueEmail, verifyEmailFromMailbox } from "./auth-helpers";
import { signUpThroughApi } from "./people";
import { localSql } from "./local-d1";
import { confirmingDirector, seedOrganizer } from "./organizer";
import { baseURL, port } from "./servers";

/**
 * A team's judging results on /portal (issue 24), with JavaScript and
 * without: a participant's team is judged (rows seeded with SQL, as the
 * judging pages would leave them), a director proposes it as a finalist
 * through the organizer API (what `npm run admin -- publish-finalists`
 * sends; the test adds X-App-Now, which the CLI never sends) and a second
 * director confirms on the desk with their authenticator code; the team
 * is e-mailed, finds its scores and the judges' comments — never a judge's
 * name — and files an appeal within the window. Each request carries X-App-Now.
 */

const stateDir = `.wrangler/e2e-state-${port}`;
const BEFORE = "2026-04-02T12:00:00-06:00";
const ANNOUNCEMENT = "2026-04-03T09:00:00-06:00";
const WITHIN = "2026-04-07T10:00:00-06:00";

const sql = (statements: string[]) => localSql(stateDir, statements.join(";\n"));

async function participantWithJudgedTeam(page: Page, testInfo: TestInfo) {
  const email = uniqueEmail("finalist");
  await signUpThroughApi(page, testInfo, email);
  await verifyEmailFromMailbox(page, testInfo, email);
  const [row] = sql([`SELECT id FROM user WHERE email = '${email}'`]);
  const userId = String(row?.id);
  const teamId = `e2e-team-${crypto.randomUUID().slice(0, 8)}`;
  const judges = ["Hana", "Kip", "Lou"].map((first) => ({
    editionId: "2026",
    userId: `e2e-judge-${first.toLowerCase()}-${teamId}`,
    name: `${first} Judgewright`,
  }));
  sql([
    registrationSql({ editionId: "2026", userId, email, first: "Jordan", last: "Sandoval" }),
    ...submittedTeamSql({ editionId: "2026", teamId, name: `Spud Squad ${testInfo.project.name}`, members: [userId] }),
    ...judges.flatMap((judge) => judgeSql(judge)),
    ...reviewSql({
      editionId: "2026",
      teamId,
      judgeId: judges[0]!.userId,
      scores: {
        "innovation-creativity": 8,
        "technical-proficiency": 6,
        "business-impact": 7,
        "ethical-ai": 9,
        presentation: 5,
      },
      comment: "A clear, measurable workflow win.",
      note: "Private: strong team",
    }),
    ...reviewSql({ editionId: "2026", teamId, judgeId: judges[1]!.userId, scores: 9, comment: "Great demo video." }),
    ...reviewSql({ editionId: "2026", teamId, judgeId: judges[2]!.userId, scores: 8 }),
  ]);
  return { email, teamId, judges };
}

test("a finalist team sees its scores and the judges' comments after publication, and appeals", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const ip = uniqueIp();
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": ip, "x-app-now": BEFORE });
  const { email, teamId, judges } = await participantWithJudgedTeam(page, testInfo);

  // Before publication: nothing of the judging, not even that it happened.
  await page.goto("/portal");
  await expect(page.getByRole("heading", { name: /Spud Squad/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Judging results" })).toHaveCount(0);

  // A director proposes this team as a finalist (force: other specs' projects may have no scores)…
  const { token } = seedOrganizer(stateDir);
  const proposed = await page.request.post("/api/organize/actions/results.publish-finalists", {
    headers: { authorization: `Bearer ${token}`, "x-app-now": ANNOUNCEMENT },
    data: { teamIds: teamId, force: "true" },
  });
  expect(proposed.status(), await proposed.text()).toBe(202);
  const { proposalId, preview } = (await proposed.json()) as { proposalId: string; preview: { summary: string } };
  expect(preview.summary).toContain("Publish 1 finalist(s)");
  expect(sql([`SELECT count(*) AS n FROM published_results WHERE team_id = '${teamId}'`])).toEqual([{ n: 0 }]);
  // …and a second director confirms it on the desk with their code.
  const directorRequests = await requests.newContext({
    baseURL,
    extraHTTPHeaders: { "cf-connecting-ip": `${ip.split(".").slice(0, 3).join(".")}.251`, "x-app-now": ANNOUNCEMENT },
  });
  const director = await confirmingDirector(directorRequests, stateDir, baseURL);
  await director.confirm(proposalId, ANNOUNCEMENT);
  await directorRequests.dispose();
  expect(sql([`SELECT count(*) AS n FROM published_results WHERE team_id = '${teamId}'`])).toEqual([{ n: 1 }]);
  // The outbox sweep (the cron, triggered by hand locally) sends it; the link leads to the portal.
  await expect(async () => {
    await page.request.get("/cdn-cgi/local/scheduled");
    const link = await mailboxLink(page, email, /is a finalist/, /\/portal$/);
    expect(new URL(link).pathname).toBe("/portal");
  }).toPass({ timeout: 60_000 });

  await page.setExtraHTTPHeaders({ "cf-connecting-ip": ip, "x-app-now": WITHIN });
  await page.goto("/portal");
  const results = page.locator("section#results");
  await expect(results.getByRole("heading", { name: "Judging results" })).toBeVisible();
  await expect(page.getByTestId("finalist-status")).toHaveText("Your project is a finalist.");
  // Raw averages: innovation (8 + 9 + 8) / 3; overall (7 + 9 + 8) / 3.
  await expect(page.getByRole("row", { name: /Innovation & Creativity/ })).toContainText("8.33");
  await expect(page.getByRole("row", { name: /Overall \(weighted\)/ })).toContainText("8.00");
  await expect(page.getByTestId("judge-comments")).toContainText("A clear, measurable workflow win.");
  await expect(page.getByTestId("judge-comments")).toContainText("Great demo video.");
  const html = await page.content();
  for (const judge of judges) {
    expect(html).not.toContain(judge.name);
    expect(html).not.toContain(judge.userId);
  }
  expect(html).not.toContain("Private: strong team");

  // The appeal: too short is refused with the message beside the field, then a real one goes through.
  const appeal = page.getByLabel("Your appeal");
  await appeal.fill("Too short.");
  await page.getByRole("button", { name: "Send the appeal" }).click();
  await expect(page.getByText("Please explain your appeal in at least 50 characters.").first()).toBeVisible();
  await page
    .getByLabel("Your appeal")
    .fill("The business-impact score does not reflect the 14 hours a week our workflow saves, as the log shows.");
  await page.getByRole("button", { name: "Send the appeal" }).click();
  await expect(toast(page, "Appeal")).toContainText("Your appeal reached the organizers");
  await expect(page.getByTestId("appeal-status")).toContainText("Under review by the appeals committee");
  await expect(page.getByLabel("Your appeal")).toHaveCount(0);

  // The organizers are told (their mailbox) and find it on the desk's /organize/appeals (organize-appeals.test.ts).
  expect(
    sql([
      `SELECT a.id, n.kind FROM judging_appeals a JOIN notifications n ON n.kind = 'judging-appeal' AND n.payload LIKE '%' || a.team_id || '%' WHERE a.team_id = '${teamId}'`,
    ]),
  ).toEqual([{ id: `2026-${teamId}`, kind: "judging-appeal" }]);
});
