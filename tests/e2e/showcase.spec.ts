import { spawnSync } from "node:child_process";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { authForm, open, toast, withJavaScript } from "./auth-helpers";
import { axeViolations, openForAxe } from "./axe";
import { port, seededProjects } from "./servers";

/**
 * The public showcase and the audience vote end to end (issue 25): twenty
 * projects seeded into the e2e server's own database with
 * `npm run seed -- projects`, seen under X-App-Now in the showcase window;
 * the gallery's filter and search as plain GET forms (the page ships no
 * JavaScript, so that test runs without it); and a seeded participant who
 * signs in, votes for another team's project, moves the vote and finds it on
 * the project page and on /account, with JavaScript and without; and a
 * member who changes how their name is shown on /portal/submission.
 */

const IN_SHOWCASE = "2026-03-25T12:00:00-06:00";

/** The seed cycles through its 20 projects (4 of them Process Automation, one clinic's), numbering later rounds. */
const seedRounds = seededProjects / 20;

/** The accounts the seed printed: email, name and their own project's title. */
let seeded: { email: string; title: string }[] = [];
let password = "";

test.beforeAll(() => {
  const run = spawnSync(
    "node",
    ["scripts/seed-projects.mjs", "projects", "--count", String(seededProjects), "--no-files"],
    {
      encoding: "utf8",
      env: { ...process.env, STATE_DIR: `.wrangler/e2e-state-${port}`, APP_NOW: IN_SHOWCASE, CI: "true" },
    },
  );
  expect(run.status, run.stderr).toBe(0);
  password = /development password: (\S+)/.exec(run.stdout)?.[1] ?? "";
  seeded = [...run.stdout.matchAll(/^\s+(\S+@\S+)\s+\(.*, "(.*)"\)$/gm)].map((m) => ({ email: m[1]!, title: m[2]! }));
  expect(seeded.length).toBeGreaterThanOrEqual(6);
});

/** The showcase's clock. */
async function inShowcase(page: Page) {
  await page.setExtraHTTPHeaders({ "x-app-now": IN_SHOWCASE });
}

test("the gallery lists the seeded projects, filters by track and searches by title without JavaScript @no-script", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await inShowcase(page);
  await page.goto("/showcase");
  await expect(page.getByTestId("project-count")).toHaveText(`${seededProjects} projects.`);
  await expect(page.locator("script")).toHaveCount(0);

  await page.getByLabel("Track").selectOption({ label: "Process Automation" });
  await page.getByRole("button", { name: "Show projects" }).click();
  await expect(page).toHaveURL(/track=process-automation/);
  await expect(page.getByTestId("project-count")).toHaveText(`${4 * seedRounds} projects match.`);
  await expect(page.getByRole("link", { name: "Invoice Triage Bot", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Crop Forecast Copilot" })).toHaveCount(0);

  await page.getByLabel("Track").selectOption({ label: "All tracks" });
  await page.getByLabel("Search by title").fill("clinic");
  await page.getByRole("button", { name: "Show projects" }).click();
  await expect(page.getByTestId("project-count")).toHaveText(`${seedRounds} projects match.`);
  await page.getByRole("link", { name: "Clinic Wait-Time Dashboard", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Clinic Wait-Time Dashboard" })).toBeVisible();
  await expect(page.getByTestId("credit")).toContainText("Team Gem Clinic Data");
  await expect(page.getByRole("link", { name: "Watch the demo video" })).toHaveAttribute("href", /youtube\.com/);
  await expect(page.locator("iframe")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in to vote" })).toBeVisible();

  // axe finds nothing on the full gallery and a project's page (the layout check sees the gallery only while empty).
  const forAxe = await openForAxe({ page, browser, baseURL }, testInfo);
  try {
    await forAxe.page.setExtraHTTPHeaders({ "x-app-now": IN_SHOWCASE });
    for (const path of ["/showcase", "/showcase/clinic-wait-time-dashboard"]) {
      await forAxe.page.goto(path);
      expect(await axeViolations(forAxe.page), path).toEqual([]);
    }
  } finally {
    await forAxe.close();
  }
});

async function signIn(page: Page, testInfo: TestInfo, email: string, back: string) {
  await open(page, `/auth?tab=signin&redirectTo=${encodeURIComponent(back)}`, testInfo);
  const form = authForm(page);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`${back}$`));
}

test("a participant votes for another team's project, moves the vote, and sees it on the project and on /account", async ({
  page,
}, testInfo) => {
  // One seeded participant per project run, so the two runs' votes stay apart.
  const voter = seeded[withJavaScript(testInfo) ? 2 : 5]!;
  await inShowcase(page);
  await signIn(page, testInfo, voter.email, "/showcase/crop-forecast-copilot");

  await page.getByRole("button", { name: "Vote for this project" }).click();
  await expect(toast(page, "Your vote")).toBeVisible();
  await expect(page.getByTestId("your-vote")).toContainText("Your vote is for this project");

  await page.goto("/showcase/snowpack-to-staffing");
  await expect(page.getByTestId("your-vote")).toContainText("Crop Forecast Copilot");
  await page.getByRole("button", { name: "Move my vote to this project" }).click();
  await expect(page.getByTestId("your-vote")).toContainText("Your vote is for this project");

  await page.goto("/account");
  await expect(page.getByTestId("account-votes")).toContainText("Snowpack to Staffing");

  // Their own team's project has no vote button.
  await page.goto("/showcase");
  await page.getByLabel("Search by title").fill(voter.title);
  await page.getByRole("button", { name: "Show projects" }).click();
  await page.getByRole("link", { name: voter.title, exact: true }).click();
  await expect(page.getByText("This is your team's project")).toBeVisible();
  await expect(page.getByRole("button", { name: /Vote for this project|Move my vote/ })).toHaveCount(0);
});

test("a member chooses on /portal/submission how their name is shown, and the project's page follows", async ({
  page,
}, testInfo) => {
  // Jordan Kowalski (Crop Forecast Copilot, shown as "Jordan K.") with JavaScript, Diego Hansen (Invoice Triage Bot, not named) without.
  const [member, slug, name] = withJavaScript(testInfo)
    ? [seeded[1]!, "crop-forecast-copilot", "Jordan Kowalski"]
    : [seeded[3]!, "invoice-triage-bot", "Diego Hansen"];
  await inShowcase(page);
  await page.goto(`/showcase/${slug}`);
  await expect(page.getByTestId("credit")).not.toContainText(name);

  await signIn(page, testInfo, member.email, "/account");
  // Back in the creation period, when the portal still takes changes.
  await page.setExtraHTTPHeaders({ "x-app-now": "2026-03-10T12:00:00-06:00" });
  await page.goto("/portal/submission");
  const face = page.locator("section#public-face");
  await expect(face.getByLabel("Project title")).toHaveValue(member.title);
  await face.getByRole("radio", { name: /^Full name/ }).check();
  await face.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Saved")).toBeVisible();

  await inShowcase(page);
  await page.goto(`/showcase/${slug}`);
  await expect(page.getByTestId("credit")).toContainText(name);
});
