import { spawnSync } from "node:child_process";
import { expect, request as requests, test, type Browser, type Page } from "@playwright/test";
import { rubricCriteria } from "../../app/content/judging";
import { toast } from "./auth-helpers";
import { localSql } from "./local-d1";
import { confirmingDirector, seedOrganizer } from "./organizer";
import { storyBaseURL, storyPort } from "./servers";
import { turnOnTwoStep } from "./two-step";

/**
 * Issue 24's "done when", in one run on the story server's own database:
 * under a judging-window clock the organizer seeds twenty submitted projects
 * (`npm run seed -- projects`), invites three judges, and assigns (one judge
 * shares a seeded team's company domain: a conflict is detected); the judges
 * turn on two-step sign-in, accept, and score, one with JavaScript and one
 * without, and one declares "I know this team"; the report ranks the
 * projects; at the announcement a director proposes the top three as
 * finalists and a second director confirms; and a member of
 * the first finalist team signs in and finds its scores and the judges'
 * comments on /portal. The browser and the CLI share the clock: X-App-Now for
 * the one, APP_NOW for the other (the commands that call the organizer API
 * act at the story server's own time, inside the judging window).
 *
 * It covers both modes itself (a context with JavaScript and one without), so
 * it is tagged to run in the "chromium" project only (playwright.config.ts).
 */

test.use({ baseURL: storyBaseURL });

const JUDGING = "2026-03-25T12:00:00-06:00";
const RESULTS = "2026-04-03T12:00:00-06:00";
const stateDir = `.wrangler/e2e-state-${storyPort}`;
const PASSWORD = "a good passphrase";

/** The organizer API's token for the commands that call it (invite-judge, judges), made once. */
let organizerToken: string | undefined;

function run(script: string, args: string[], now: string) {
  organizerToken ??= seedOrganizer(stateDir).token;
  const result = spawnSync("node", [script, ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      STATE_DIR: stateDir,
      APP_NOW: now,
      ADMIN_ACTOR: "e2e-organizer",
      // invite-judge and judges call the story server's organizer API, at the server's own clock (the judging window).
      ORGANIZER_API_TOKEN: organizerToken,
      ORGANIZER_API_URL: storyBaseURL,
    },
  });
  expect(result.status, `${args.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

const admin = (args: string[], now = JUDGING) => run("scripts/admin.mjs", args, now);

const sql = (command: string) => localSql(stateDir, command);

async function newPerson(browser: Browser, javaScriptEnabled: boolean, now: string) {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  const context = await browser.newContext({
    baseURL: storyBaseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { "x-app-now": now, "cf-connecting-ip": `10.${bytes[0]}.${bytes[1]}.${bytes[2]}` },
  });
  return context.newPage();
}

/** A judge's account: signed up, verified from the local mailbox, two-step sign-in on (through /account). */
async function judgeAccount(page: Page, email: string) {
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

  await turnOnTwoStep(page, PASSWORD);
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

test("@both-modes twenty seeded projects are judged by three invited judges, ranked, and a finalist team sees why", async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const seeded = run("scripts/seed-projects.mjs", ["projects", "--count", "20", "--no-files"], JUDGING);
  const password = /development password: (\S+)/.exec(seeded)?.[1] ?? "";
  expect(Number(sql("SELECT count(*) AS n FROM submissions WHERE status = 'submitted'")[0]?.n)).toBe(20);

  // Three judges; the first works at a company a seeded team member works at.
  const tag = crypto.randomUUID().slice(0, 6);
  const judges = [
    { email: `judge.${tag}@sawtooth-analytics.com`, name: "Rowan Ellis", javaScript: true },
    { email: `judge.${tag}@example.com`, name: "Sam Okafor", javaScript: false },
    { email: `judge2.${tag}@example.com`, name: "Lee Park", javaScript: true },
  ];
  const pages: Page[] = [];
  for (const judge of judges) {
    const page = await newPerson(browser, judge.javaScript, JUDGING);
    await judgeAccount(page, judge.email);
    admin(["invite-judge", judge.email, "--name", judge.name, "--base-url", storyBaseURL]);
    const [mail] = sql(
      `SELECT payload FROM notifications WHERE kind = 'judge-invitation' AND recipient = '${judge.email}'`,
    );
    await page.goto((JSON.parse(String(mail?.payload)) as { path: string }).path);
    await page.getByRole("button", { name: "Accept and become a judge" }).click();
    await expect(page).toHaveURL(/\/judging$/);
    pages.push(page);
  }
  expect(admin(["judges"])).toContain(judges[2]!.email);

  // Assignment: every project gets its judges; the shared company domain is a conflict, detected.
  const assigned = admin(["assign"]);
  expect(assigned).toMatch(/[1-9]\d* new assignment\(s\)/);
  expect(assigned).toMatch(new RegExp(`conflict: ${judges[0]!.email.replace(/\./g, "\\.")} / \\S+ \\(domain`));
  const conflicted = sql(
    `SELECT c.team_id FROM judging_conflicts c JOIN "user" u ON u.id = c.judge_user_id WHERE u.email = '${judges[0]!.email}' AND c.source = 'domain'`,
  ).map((row) => String(row.team_id));
  expect(conflicted.length).toBeGreaterThan(0);
  for (const teamId of conflicted) expect(openAssignments(judges[0]!.email)).not.toContain(teamId);

  // The judge without JavaScript knows one team: declared from the project page, the project leaves the queue.
  const [known] = openAssignments(judges[1]!.email);
  const sam = pages[1]!;
  await sam.goto(`/judging/${known}`);
  await sam.getByText("Declare a conflict of interest and pass this project on").click();
  await sam.getByLabel(/^Reason/).fill("A former colleague of mine is on this team.");
  await sam.getByRole("button", { name: "I know this team: pass it on" }).click();
  await expect(sam).toHaveURL(/\/judging$/);
  expect(openAssignments(judges[1]!.email)).not.toContain(known);
  expect(sql(`SELECT source FROM judging_conflicts WHERE team_id = '${known}' AND source = 'declared'`)).toHaveLength(
    1,
  );

  // Scoring: the first project of each judge through the page, with JavaScript and without.
  for (const [index, judge] of judges.entries()) {
    const page = pages[index]!;
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
    const [judgeRow] = sql(`SELECT id FROM "user" WHERE email = '${judge.email}'`);
    const judgeId = String(judgeRow?.id);
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

  // The report ranks every project; the top three are published at the announcement, and told.
  const report = admin(["judging-report"], RESULTS);
  const ranking = report.split("Ranking")[1] ?? "";
  expect(ranking.match(/^\s*#?\d+\b/gm)?.length ?? 0).toBeGreaterThanOrEqual(20);
  // Conflicts left some projects with fewer than three judges: a director proposes knowing it (force),
  // through the organizer API as `publish-finalists --top 3 --force` does, at the announcement's clock
  // (X-App-Now: the CLI sends none), and a second director confirms on the desk with their code.
  organizerToken ??= seedOrganizer(stateDir).token;
  const proposal = await requests.newContext({
    baseURL: storyBaseURL,
    extraHTTPHeaders: { "x-app-now": RESULTS, "cf-connecting-ip": "10.250.250.250" },
  });
  const proposed = await proposal.post("/api/organize/actions/results.publish-finalists", {
    headers: { authorization: `Bearer ${organizerToken}` },
    data: { top: "3", force: "true" },
  });
  expect(proposed.status(), await proposed.text()).toBe(202);
  const { proposalId } = (await proposed.json()) as { proposalId: string };
  const director = await confirmingDirector(proposal, stateDir, storyBaseURL);
  await director.confirm(proposalId, RESULTS);
  await proposal.dispose();
  expect(sql("SELECT count(*) AS n FROM published_results WHERE award = 'finalist'")).toEqual([{ n: 3 }]);
  const [top] = sql("SELECT team_id FROM published_results WHERE award = 'finalist' ORDER BY place LIMIT 1");
  const [member] = sql(
    `SELECT u.email FROM team_members m JOIN "user" u ON u.id = m.user_id WHERE m.team_id = '${String(top?.team_id)}' LIMIT 1`,
  );

  // A member of the first finalist team sees its scores and the judges' comments, never a judge's name.
  const finalist = await newPerson(browser, true, RESULTS);
  await finalist.goto("/auth?tab=signin&redirectTo=%2Fportal");
  const form = finalist.locator("form").filter({ has: finalist.getByLabel("Password") });
  await form.getByLabel("Email").fill(String(member?.email));
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(finalist).toHaveURL(/\/portal$/);
  const body = finalist.locator("main");
  await expect(body).toContainText("finalist");
  await expect(body).toContainText(/a clear problem, well framed|the measured time saved makes the case/);
  for (const judge of judges) {
    await expect(body).not.toContainText(judge.name);
    await expect(body).not.toContainText(judge.email);
  }
});
