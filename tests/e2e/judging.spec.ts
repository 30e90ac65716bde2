import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { toast, uniqueEmail, verifyEmailFromMailbox, withJavaScript } from "./auth-helpers";
import { axeViolations } from "./axe";
import { signUpThroughApi } from "./people";
import { localSql } from "./local-d1";
import { seedOrganizer } from "./organizer";
import { port } from "./servers";
import { turnOnTwoStep } from "./two-step";

/**
 * Judging end to end (issue 24), with JavaScript and without: an organizer
 * invites a judge through the organizer API (against this server's own local
 * D1), the judge turns on two-step sign-in at /account, accepts the
 * invitation, the organizer runs the assignment through the API, and the
 * judge scores a submitted project: with JavaScript the weighted total shows
 * as they type; without it, after saving. The browser and the API calls send
 * X-App-Now (honored outside production) inside the judging window.
 */

const JUDGING = "2026-03-25T12:00:00-06:00";
const stateDir = `.wrangler/e2e-state-${port}`;
const PASSWORD = "a good passphrase";

const sql = (command: string) => localSql(stateDir, command);

/** Signed-in pages never hydrate (their only script is inline): loaded is ready. */
async function go(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

/** A submitted project, as the portal leaves it, by a participant of its own. */
function seedProject(name: string): string {
  const teamId = crypto.randomUUID();
  const memberId = `e2e-member-${teamId.slice(0, 8)}`;
  const at = "2026-03-10T12:00:00.000Z";
  sql(
    [
      `INSERT INTO "user" (id, name, email, email_verified) VALUES ('${memberId}', '', '${memberId}@example.com', 1)`,
      `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('${teamId}', '2026', '${name}', '${memberId}', '${at}')`,
      `INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES ('${teamId}', '${memberId}', '2026', 'lead', '${at}')`,
      `INSERT INTO submissions (team_id, edition_id, prototype_url, abstract, video_url, video_confirmed, ai_use_log, status, submitted_at, submitted_by, created_at, updated_at, updated_by)
       VALUES ('${teamId}', '2026', 'https://demo.example.com/permits', 'A permit-letter assistant that cut drafting time from two hours to twenty minutes.', 'https://www.loom.com/share/e2e', 1, 'Drafts by a chat assistant, every answer checked by a clerk.', 'submitted', '${at}', '${memberId}', '${at}', '${at}', '${memberId}')`,
    ].join(";\n"),
  );
  return teamId;
}

test("a judge with two-step sign-in accepts the invitation and scores an assigned project", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setExtraHTTPHeaders({ "x-app-now": JUDGING });
  const email = uniqueEmail("judge");
  await signUpThroughApi(page, testInfo, email);
  await verifyEmailFromMailbox(page, testInfo, email);
  await turnOnTwoStep(page, PASSWORD);

  // The organizer invites the judge through the organizer API (as invite-judge does), at the judging window's
  // time; the link is in the outbox's e-mail.
  const { token } = seedOrganizer(stateDir, "coordinator");
  const invited = await page.request.post("/api/organize/actions/judges.invite", {
    headers: { authorization: `Bearer ${token}`, "x-app-now": JUDGING },
    data: { email, name: "Morgan Reyes" },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const [mail] = sql(`SELECT payload FROM notifications WHERE kind = 'judge-invitation' AND recipient = '${email}'`);
  const { path } = JSON.parse(String(mail?.payload)) as { path: string };
  await go(page, path);
  await page.getByRole("button", { name: "Accept and become a judge" }).click();
  await expect(page).toHaveURL(/\/judging$/);
  await expect(toast(page, "Welcome, judge")).toBeVisible();

  const name = `Permit Pilots ${testInfo.project.name}`;
  const teamId = seedProject(name);
  // The coordinator runs the assignment through the organizer API (as `npm run admin -- assign` does).
  const assigned = await page.request.post("/api/organize/actions/assignments.run", {
    headers: { authorization: `Bearer ${token}`, "x-app-now": JUDGING },
    data: { confirm: "run" },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  expect(((await assigned.json()) as { message: string }).message).toMatch(/new assignment/);

  await go(page, "/judging");
  await expect(page.getByTestId("judging-due")).toHaveText("Scores final Apr 2, 2026, 11:59 PM MT");
  await expect(page.getByTestId("judging-progress")).toContainText(/\d+ of \d+ scored, \d+ left/);
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/judging/${teamId}$`));
  await expect(page.getByText("A permit-letter assistant that cut drafting time")).toBeVisible();
  // axe is a script: it runs where JavaScript does (the page is the same server HTML either way).
  if (withJavaScript(testInfo)) expect(await axeViolations(page)).toEqual([]);

  const scores: [RegExp, string][] = [
    [/^Innovation & Creativity/, "8"],
    [/^Technical Proficiency/, "7"],
    [/^Business Impact & Relevance/, "9"],
    [/^Ethical AI Use/, "6"],
    [/^Presentation & Communication/, "10"],
  ];
  const liveTotal = page.locator("[data-live-total]");
  for (const [label, value] of scores) await page.getByLabel(label).fill(value);
  if (withJavaScript(testInfo)) {
    // 8×2 + 7×2 + 9×3 + 6×1.5 + 10×1.5 = 81, before anything is saved.
    await expect(liveTotal).toHaveText("Weighted total as typed: 8.10 of 10");
    await page.getByLabel(/^Presentation & Communication/).fill("4");
    await expect(liveTotal).toHaveText("Weighted total as typed: 7.20 of 10");
    await page.getByLabel(/^Presentation & Communication/).fill("10");
  } else {
    await expect(liveTotal).toBeHidden();
  }
  await expect(page.getByTestId("saved-total")).toContainText("not complete yet");
  await page.getByLabel("Comment for the team").fill("A clear, measured gain; show the review step in the demo.");
  await page.getByRole("button", { name: "Save scores" }).click();
  await expect(toast(page, "Saved")).toBeVisible();
  await expect(page.getByTestId("saved-total")).toHaveText("Saved weighted total: 8.10 of 10");
  await expect(page.getByLabel("Comment for the team")).toHaveValue(
    "A clear, measured gain; show the review step in the demo.",
  );

  // A score out of range is refused by the server, whatever the browser allows.
  await page.getByLabel(/^Ethical AI Use/).fill("11");
  await page.getByRole("button", { name: "Save scores" }).click();
  await expect(page.getByText("Choose a whole number from 1 to 10.").first()).toBeVisible();
  const [stored] = sql(`SELECT score FROM judging_scores WHERE team_id = '${teamId}' AND criterion = 'ethical-ai'`);
  expect(stored?.score).toBe(6);
});
