import { spawnSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { rubricCriteria } from "../../app/content/judging";
import { finalistCredential } from "../../app/content/program";
import { mailboxLink, uniqueIp, toast } from "./auth-helpers";
import { localSql } from "./local-d1";
import { ORGANIZER_PASSWORD as PASSWORD, signInToDesk } from "./organizer";
import { storyBaseURL, storyPort } from "./servers";
import { freshTotp, turnOnTwoStep } from "./two-step";

/**
 * The second half of an edition, run entirely on the organizers' desk
 * (issue 32's "done when"; it took over issue 24's judging story), on the
 * story server's own database: twenty submitted projects are seeded
 * (`npm run seed -- projects`); two directors made by the documented bootstrap
 * step (the first two are the operator's, ADR 021); the first grants a
 * coordinator on the desk with their code; three people offer to
 * judge through the interest form and the coordinator invites them from it;
 * they accept, the coordinator runs the assignment (one judge shares a
 * seeded team's company domain: a conflict is detected) and dismisses that
 * false conflict with a reason; a judge without JavaScript declares one of
 * their own; the judges score, with JavaScript and without (the rest are
 * seeded as rows); at the announcement the coordinator reads the report and
 * proposes the top three as finalists, and the second director confirms with
 * their code; every finalist team is e-mailed and holds finalist credentials
 * that /verify accepts; a member sees the scores and comments (never a judge's
 * name) and appeals; the coordinator decides; the team reads the decision; and
 * the audit log lists every step with who did it.
 *
 * The browser and the CLI share the clock: X-App-Now for the one, APP_NOW for
 * the seeder. It covers both modes itself (contexts with JavaScript and
 * without), so it runs in the "chromium" project only (playwright.config.ts).
 */

// A step that cannot happen fails within a minute, not at the story's whole timeout.
test.use({ baseURL: storyBaseURL, actionTimeout: 60_000 });

/** Offers to judge are taken until judging starts. */
const OFFERS = "2026-03-10T12:00:00-06:00";
const JUDGING = "2026-03-25T12:00:00-06:00";
const RESULTS = "2026-04-03T12:00:00-06:00";
const APPEALS = "2026-04-07T10:00:00-06:00";
const stateDir = `.wrangler/e2e-state-${storyPort}`;
const VALID = "Issued by the Idaho AI Challenge and valid.";

const sql = (command: string) => localSql(stateDir, command);

function cli(script: string, args: string[]) {
  const result = spawnSync("node", [script, ...args], {
    encoding: "utf8",
    // The seeder writes at the judging window's time; the bootstrap step has no token yet.
    env: { ...process.env, STATE_DIR: stateDir, APP_NOW: JUDGING, ORGANIZER_API_TOKEN: "" },
  });
  expect(result.status, `${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** A person's own browser, from their own address, at a time of the story (`at` moves it). */
async function newPerson(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: storyBaseURL, javaScriptEnabled });
  const page = await context.newPage();
  const ip = uniqueIp();
  const at = (now: string) => page.setExtraHTTPHeaders({ "x-app-now": now, "cf-connecting-ip": ip });
  await at(JUDGING);
  return { page, at };
}

/** An account as a person makes it: signed up, verified from the local mailbox, two-step sign-in on (the secret). */
async function account(page: Page, email: string): Promise<string> {
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "" },
    headers: { origin: storyBaseURL },
  });
  expect(signUp.status()).toBe(200);
  const mail = page.locator("article", { hasText: email }).filter({ hasText: /Verify your e-mail address/ });
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(mail.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  const href = await mail
    .first()
    .locator("a", { hasText: /\/verify-email\?token=/ })
    .first()
    .getAttribute("href");
  await page.goto(href ?? "");
  await expect(toast(page, "Email verified")).toBeVisible();
  return turnOnTwoStep(page, PASSWORD);
}

/** Signed-in pages never hydrate (ADR 013): loaded is ready, with JavaScript or without. */
async function go(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

/** The interest form at /judge-advisor-register, as a signed-in person offering to judge fills it (before judging starts). */
async function offerToJudge(page: Page, first: string, last: string, organization: string) {
  await go(page, "/judge-advisor-register");
  await expect(page.getByLabel("Judge")).toBeChecked();
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Phone").fill("208-555-0142");
  await page.getByLabel("Organization").fill(organization);
  await page.getByLabel("Title").fill("Director of Analytics");
  await page.getByLabel("Areas of expertise").fill("Applied machine learning and workflow design.");
  await page.getByLabel("Relevant experience").fill("Ten years of analytics work for Idaho employers.");
  await page.getByLabel("Why do you want to take part?").fill("To help Idaho teams use AI well.");
  await page.getByRole("button", { name: "Submit Interest" }).click();
  await expect(toast(page, "Thank You!")).toBeVisible();
}

/** A judge's scores for a project: varied by project and judge, so the ranking has something to rank. */
function scoresFor(teamId: string, judge: number): Record<string, string> {
  const seed = [...teamId].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return Object.fromEntries(rubricCriteria.map((c, i) => [c.id, String(1 + ((seed + judge * 3 + i * 2) % 10))]));
}

const openAssignments = (judgeEmail: string) =>
  sql(
    `SELECT a.team_id FROM judging_assignments a JOIN "user" u ON u.id = a.judge_user_id
     WHERE u.email = '${judgeEmail}' AND a.released_at IS NULL ORDER BY a.id`,
  ).map((row) => String(row.team_id));

test("@both-modes the second half of an edition on the organizers' desk: judges, assignment, report, finalists, appeal, audit", async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const seeded = cli("scripts/seed-projects.mjs", ["projects", "--count", "20", "--no-files"]);
  const seededPassword = /development password: (\S+)/.exec(seeded)?.[1] ?? "";
  expect(Number(sql("SELECT count(*) AS n FROM submissions WHERE status = 'submitted'")[0]?.n)).toBe(20);
  const tag = crypto.randomUUID().slice(0, 6);

  // The first director: an account with two-step sign-in, made director by the documented bootstrap step.
  const directorEmail = `director.${tag}@idahoaichallenge.example`;
  const { page: director } = await newPerson(browser, true);
  const directorSecret = await account(director, directorEmail);
  expect((await director.request.get("/organize")).status()).toBe(404);
  cli("scripts/admin.mjs", ["grant-organizer", directorEmail, "--role", "director", "--base-url", storyBaseURL]);
  await go(director, "/organize");
  await expect(director.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // Colleagues make their accounts; the second director by the same bootstrap step (the first two directors
  // are the operator's: every later one takes two directors), and the director grants a coordinator on the desk.
  const coordinatorEmail = `coordinator.${tag}@idahoaichallenge.example`;
  const secondEmail = `second-director.${tag}@idahoaichallenge.example`;
  const coordinator = await newPerson(browser, true);
  const coordinatorSecret = await account(coordinator.page, coordinatorEmail);
  // The second director works without JavaScript.
  const second = await newPerson(browser, false);
  const secondSecret = await account(second.page, secondEmail);
  cli("scripts/admin.mjs", ["grant-organizer", secondEmail, "--role", "director", "--base-url", storyBaseURL]);
  await go(director, "/organize/organizers");
  const grant = director.getByRole("region", { name: "Grant or change a role" });
  await grant.getByLabel("Their account's e-mail").fill(coordinatorEmail);
  await grant.getByLabel("Role").selectOption("coordinator");
  await grant.getByLabel("Your authenticator code or a recovery code").fill(await freshTotp(directorSecret));
  await grant.getByRole("button", { name: "Grant role" }).click();
  await expect(toast(director, "Role granted")).toBeVisible();
  await expect(director.getByTestId("organizers-table")).toContainText(coordinatorEmail);
  await expect(director.getByTestId("organizers-table")).toContainText(secondEmail);

  // Three people offer to judge; the first works at a company a seeded team member works at.
  const judges = [
    { email: `judge.${tag}@sawtooth-analytics.com`, first: "Rowan", last: "Ellis", javaScript: true },
    { email: `judge.${tag}@example.com`, first: "Sam", last: "Okafor", javaScript: false },
    { email: `judge2.${tag}@example.com`, first: "Lee", last: "Park", javaScript: true },
  ];
  const judgePages: Page[] = [];
  for (const judge of judges) {
    const { page, at } = await newPerson(browser, judge.javaScript);
    await at(OFFERS);
    await account(page, judge.email);
    await offerToJudge(page, judge.first, judge.last, `Organization of ${judge.first}`);
    await at(JUDGING);
    judgePages.push(page);
  }

  // The coordinator invites each of them from the interest forms; each accepts from the invitation.
  const desk = coordinator.page;
  await go(desk, "/organize");
  const menu = desk.getByRole("navigation", { name: "Organizers' desk" });
  await expect(menu.getByRole("link", { name: "Organizers" })).toHaveCount(0);
  for (const [index, judge] of judges.entries()) {
    await go(desk, "/organize/judges?view=interests#interests");
    await desk
      .getByTestId("interests-table")
      .getByRole("button", { name: `Invite ${judge.first} ${judge.last}`, exact: true })
      .click();
    await expect(toast(desk, "Invitation sent")).toBeVisible();
    // The invitation is listed on its own tab.
    await go(desk, "/organize/judges?view=invitations");
    await expect(desk.getByTestId("invitations-table")).toContainText(judge.email);
    const [mail] = sql(
      `SELECT payload FROM notifications WHERE kind = 'judge-invitation' AND recipient = '${judge.email}'`,
    );
    const page = judgePages[index]!;
    await page.goto((JSON.parse(String(mail?.payload)) as { path: string }).path);
    await page.getByRole("button", { name: "Accept and become a judge" }).click();
    await expect(page).toHaveURL(/\/judging$/);
  }
  await go(desk, "/organize/judges");
  for (const judge of judges) await expect(desk.getByTestId("judges-table")).toContainText(judge.email);

  // The assignment, after its preview; the shared company domain is detected as a conflict.
  await go(desk, "/organize/assignments");
  await desk.getByRole("button", { name: "Run the assignment…" }).click();
  await expect(desk.getByTestId("assignment-preview")).toContainText("If you run it now:");
  await desk.getByRole("button", { name: "Yes, run the assignment" }).click();
  await expect(toast(desk, "Assignment run")).toBeVisible();
  const conflicted = sql(
    `SELECT c.id, c.team_id FROM judging_conflicts c JOIN "user" u ON u.id = c.judge_user_id
     WHERE u.email = '${judges[0]!.email}' AND c.source = 'domain' ORDER BY c.id`,
  );
  expect(conflicted.length).toBeGreaterThan(0);
  for (const row of conflicted) expect(openAssignments(judges[0]!.email)).not.toContain(String(row.team_id));

  // Rowan has never met that team (another office of a large company): the coordinator dismisses it, with a reason.
  const falseConflict = String(conflicted[0]!.id);
  await go(desk, "/organize/assignments?view=conflicts#conflicts");
  const conflicts = desk.getByTestId("conflicts-table");
  await expect(conflicts).toContainText(judges[0]!.email);
  await conflicts.getByText(`dismiss conflict ${falseConflict}…`).click();
  await conflicts
    .getByLabel(`Why conflict ${falseConflict} is not one`)
    .fill("Rowan works at another office of the company and has never worked with this team.");
  await conflicts.getByRole("button", { name: `Dismiss conflict ${falseConflict}`, exact: true }).click();
  await expect(toast(desk, "Conflict dismissed")).toBeVisible();
  expect(
    sql(`SELECT dismissed_reason FROM judging_conflicts WHERE id = ${falseConflict}`)[0]?.dismissed_reason,
  ).toMatch(/never worked with this team/);

  // The judge without JavaScript knows one team: declared from the project page, the project leaves the queue.
  const [known] = openAssignments(judges[1]!.email);
  const sam = judgePages[1]!;
  await sam.goto(`/judging/${known}`);
  await sam.getByText("Declare a conflict of interest and pass this project on").click();
  await sam.getByLabel(/^Reason/).fill("A former colleague of mine is on this team.");
  await sam.getByRole("button", { name: "I know this team: pass it on" }).click();
  await expect(sam).toHaveURL(/\/judging$/);
  expect(openAssignments(judges[1]!.email)).not.toContain(known);

  // Scoring: the first project of each judge through the page, with JavaScript and without.
  for (const [index, judge] of judges.entries()) {
    const page = judgePages[index]!;
    const [first, ...rest] = openAssignments(judge.email);
    await page.goto(`/judging/${first}`);
    for (const [criterion, value] of Object.entries(scoresFor(first!, index))) {
      await page.locator(`input[name="${criterion}"]`).fill(value);
    }
    if (judge.javaScript)
      await expect(page.locator("[data-live-total]")).toHaveText(/Weighted total as typed: \d+\.\d\d of 10/);
    await page.getByLabel("Comment for the team").fill(`Judge ${index + 1}: the measured time saved makes the case.`);
    await page.getByRole("button", { name: "Save scores" }).click();
    await expect(page.getByTestId("saved-total")).toHaveText(/Saved weighted total: \d+\.\d\d of 10/);
    // The rest as the page leaves them (rows): a judge may save 10 times a minute, and twenty
    // projects through the form would make this run wait out the limit several times.
    const judgeId = String(sql(`SELECT id FROM "user" WHERE email = '${judge.email}'`)[0]?.id);
    const at = new Date(JUDGING).toISOString();
    if (rest.length > 0) {
      sql(
        rest
          .flatMap((teamId) => [
            ...Object.entries(scoresFor(teamId, index)).map(
              ([criterion, score]) =>
                `INSERT INTO judging_scores (edition_id, team_id, judge_user_id, criterion, score, updated_at) VALUES ('2026', '${teamId}', '${judgeId}', '${criterion}', ${score}, '${at}')`,
            ),
            `INSERT INTO judging_reviews (edition_id, team_id, judge_user_id, team_comment, updated_at) VALUES ('2026', '${teamId}', '${judgeId}', 'Judge ${index + 1}: a clear problem, well framed.', '${at}')`,
          ])
          .join(";\n"),
      );
    }
    await page.goto("/judging");
    const total = openAssignments(judge.email).length;
    await expect(page.getByTestId("judging-progress")).toContainText(`${total} of ${total} scored, 0 left`);
  }

  // At the announcement, days later, the coordinator signs in again and reads the report: every project ranked.
  await coordinator.at(RESULTS);
  await signInToDesk(desk, coordinatorEmail, coordinatorSecret);
  await go(desk, "/organize/report");
  await expect(desk.getByTestId("report-ranking").locator("tbody tr")).toHaveCount(20);
  const topThree = await desk
    .getByTestId("report-ranking")
    .locator("tbody tr")
    .evaluateAll((rows) => rows.slice(0, 3).map((row) => row.children[1]?.textContent ?? ""));

  // The coordinator proposes the top three (conflicts left some projects short of judges: knowingly, with force).
  await go(desk, "/organize/results");
  const finalists = desk.getByRole("region", { name: "Propose the finalists" });
  await finalists.getByLabel("The top N of the ranking").fill("3");
  await finalists.getByLabel("Publish anyway if some projects' score sets are incomplete").check();
  await finalists.getByRole("button", { name: "Propose the finalists" }).click();
  await expect(toast(desk, "Finalists proposed")).toBeVisible();
  await expect(desk).toHaveURL(/\/organize\/proposals\/[^/]+$/);
  const proposalPath = new URL(desk.url()).pathname;
  for (const name of topThree) await expect(desk.locator("main")).toContainText(name);
  // The proposer cannot confirm their own proposal.
  await expect(desk.getByTestId("cannot-confirm")).toBeVisible();
  expect(sql("SELECT count(*) AS n FROM published_results WHERE award = 'finalist'")).toEqual([{ n: 0 }]);

  // The second director finds it waiting and confirms it with their code, without JavaScript.
  await second.at(RESULTS);
  await signInToDesk(second.page, secondEmail, secondSecret);
  await go(second.page, "/organize/proposals");
  await second.page.locator(`a[href="${proposalPath}"]`).first().click();
  await second.page.getByLabel("Your authenticator code or a recovery code").fill(await freshTotp(secondSecret));
  await second.page.getByRole("button", { name: "Confirm and carry it out" }).click();
  await expect(toast(second.page, "Confirmed")).toBeVisible();
  const published = sql("SELECT team_id FROM published_results WHERE award = 'finalist' ORDER BY place").map((row) =>
    String(row.team_id),
  );
  expect(published).toHaveLength(3);

  // Every finalist team: its e-mail to each member, and finalist credentials that /verify accepts.
  const { page: verifier, at: verifyAt } = await newPerson(browser, false);
  await verifyAt(RESULTS);
  for (const teamId of published) {
    const members = sql(
      `SELECT u.email FROM team_members m JOIN "user" u ON u.id = m.user_id WHERE m.team_id = '${teamId}'`,
    );
    expect(members.length).toBeGreaterThan(0);
    for (const { email } of members) {
      expect(
        sql(
          `SELECT count(*) AS n FROM notifications WHERE kind = 'finalist-announced' AND recipient = '${String(email)}'`,
        ),
      ).toEqual([{ n: 1 }]);
    }
    const credentials = sql(`SELECT id FROM credentials WHERE team_id = '${teamId}' AND achievement = 'finalist'`);
    expect(credentials).toHaveLength(members.length);
    const json = await (
      await verifier.request.get(`/credentials/${String(credentials[0]?.id)}/credential.json`)
    ).text();
    await go(verifier, "/verify");
    await verifier.getByLabel("Credential JSON").fill(json);
    await Promise.all([verifier.waitForNavigation(), verifier.getByRole("button", { name: "Verify" }).click()]);
    await expect(verifier.getByTestId("verification-summary")).toHaveText(VALID);
  }

  // A member of the first finalist team: the e-mail reached them (the outbox's sweep sends it), and the portal shows why.
  const [member] = sql(
    `SELECT u.email FROM team_members m JOIN "user" u ON u.id = m.user_id WHERE m.team_id = '${published[0]}' LIMIT 1`,
  );
  const memberEmail = String(member?.email);
  const finalist = await newPerson(browser, true);
  await finalist.at(APPEALS);
  await expect(async () => {
    await finalist.page.request.get("/cdn-cgi/local/scheduled");
    const link = await mailboxLink(finalist.page, memberEmail, /is a finalist/, /\/portal$/);
    expect(new URL(link).pathname).toBe("/portal");
  }).toPass({ timeout: 60_000 });
  await finalist.page.goto("/auth?tab=signin&redirectTo=%2Fportal");
  const form = finalist.page.locator("form").filter({ has: finalist.page.getByLabel("Password") });
  await form.getByLabel("Email").fill(memberEmail);
  await form.getByLabel("Password").fill(seededPassword);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(finalist.page).toHaveURL(/\/portal$/);
  const body = finalist.page.locator("main");
  await expect(finalist.page.getByTestId("finalist-status")).toHaveText("Your project is a finalist.");
  await expect(body).toContainText(/a clear problem, well framed|the measured time saved makes the case/);
  for (const judge of judges) {
    await expect(body).not.toContainText(`${judge.first} ${judge.last}`);
    await expect(body).not.toContainText(judge.email);
  }
  await go(finalist.page, "/account");
  await expect(finalist.page.getByRole("list", { name: "Your credentials" })).toContainText(finalistCredential.name);

  // The team appeals; the coordinator decides on the desk; the team reads the decision.
  await go(finalist.page, "/portal");
  await finalist.page
    .getByLabel("Your appeal")
    .fill("Our demo video was cut short by the upload: the last minute shows the measured results the judges missed.");
  await finalist.page.getByRole("button", { name: "Send the appeal" }).click();
  await expect(toast(finalist.page, "Appeal")).toContainText("Your appeal reached the organizers");
  await coordinator.at(APPEALS);
  await signInToDesk(desk, coordinatorEmail, coordinatorSecret);
  await go(desk, "/organize/appeals");
  const appeal = desk.getByRole("article").filter({ hasText: "open" }).first();
  await appeal
    .getByLabel(/^Decision on .*'s appeal/)
    .fill("The committee watched the whole video; the scores stand, and the judges' comments now mention the results.");
  await appeal.getByRole("button", { name: /^Record the decision/ }).click();
  await expect(toast(desk, "Appeal decided")).toBeVisible();
  await go(finalist.page, "/portal");
  await expect(finalist.page.getByTestId("appeal-status")).toContainText("Decided");

  // The audit log: every step, with who did it.
  const csv = await (await director.request.get("/organize/audit.csv")).text();
  const lines = csv.split("\n");
  const by = (actor: string, summary: RegExp) =>
    expect(
      lines.some((line) => line.includes(actor) && summary.test(line)),
      `${actor}: ${summary}`,
    ).toBe(true);
  by(directorEmail, /Made .* the first director \(bootstrap step\)/);
  by(directorEmail, new RegExp(`Granted ${coordinatorEmail.replace(/\./g, "\\.")}'s organizer role: Coordinator`));
  by(secondEmail, /Made .* the second director \(bootstrap step\)/);
  for (const judge of judges) by(coordinatorEmail, new RegExp(`Invited ${judge.email.replace(/\./g, "\\.")} to judge`));
  by(coordinatorEmail, /Ran the assignment/);
  by(coordinatorEmail, new RegExp(`Dismissed conflict ${falseConflict} `));
  by(coordinatorEmail, /Propos.*finalist/i);
  by(secondEmail, /Published 3 finalist/);
  by(coordinatorEmail, /Decided .*'s appeal/);
});
