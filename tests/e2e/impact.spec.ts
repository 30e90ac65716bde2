/**
 * Issue 55, as the people it is for see it, after the 2026 finals (X-App-Now):
 * an organization's owner compares the impact report with the dashboard (its
 * 12 employees' certification stages, the same counts and rates), finds a
 * table of the figures beside each chart, and prints the report (Chromium's
 * PDF) on two pages of A4 and of US Letter; a sponsor's contact opens the
 * edition's report, no longer "so far"; anyone reads the 2026 goals on
 * /impact against the figures, with a small figure suppressed. The rows are
 * `npm run seed -- projects --count 40 --organizations 3`'s (the projects
 * showcase.spec.ts seeds on this server too: it counts its gallery), plus a
 * paid sponsorship. Equality with the desk's overview, and each figure
 * against a hand-counted edition, are tests/integration/impact.test.ts's.
 */
import type { BrowserContext } from "@playwright/test";
import {
  organizationStatements,
  SEED_PASSWORD,
  seedPasswordHash,
  seedStatements,
} from "../../scripts/seed-projects.mjs";
import { edition2026 } from "../edition-2026";
import { expect, test } from "./fixtures";
import { localBound, localSql } from "./local-d1";
import { baseURL, port, seededProjects } from "./servers";

const stateDir = `.wrangler/e2e-state-${port}`;
const AFTER_FINALS = "2026-05-10T12:00:00-06:00";
const SPONSOR = { id: "impact-sponsor", email: "morgan.reyes@bitterroot-credit-union.org" };

/** The seeded organizations (the first with its 12 employees); seeding again adds nothing. */
function seed() {
  const hash = seedPasswordHash();
  const { organizations, statements } = organizationStatements(edition2026, 3, hash, seededProjects);
  localBound(stateDir, [...seedStatements(edition2026, seededProjects, hash).statements, ...statements]);
  const at = "2026-01-20T16:00:00.000Z";
  localSql(
    stateDir,
    [
      `INSERT OR IGNORE INTO "user" (id, name, email, email_verified, created_at, updated_at) VALUES ('${SPONSOR.id}', 'Morgan Reyes', '${SPONSOR.email}', 1, ${Date.parse(at)}, ${Date.parse(at)})`,
      `INSERT OR IGNORE INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES ('${SPONSOR.id}-credential', '${SPONSOR.id}', 'credential', '${SPONSOR.id}', '${hash}', ${Date.parse(at)}, ${Date.parse(at)})`,
      `INSERT OR IGNORE INTO sponsorships (id, edition_id, user_id, tier, amount_cents, status, first_name, last_name, title, company_name, company_url, email, phone, paid_at, created_at) VALUES ('spo_impact', '2026', '${SPONSOR.id}', 'gold', 1000000, 'paid', 'Morgan', 'Reyes', 'CEO', 'Bitterroot Credit Union', 'https://bitterroot.example.org', '${SPONSOR.email}', '208-555-0177', '${at}', '${at}')`,
    ].join(";\n"),
  );
  return organizations[0]!;
}

async function signIn(context: BrowserContext, email: string) {
  const response = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password: SEED_PASSWORD },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Pages in a PDF: its page objects (`/Type /Page`, not the `/Pages` tree). */
const pdfPages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

test("an organization's owner reads, compares and prints the impact report", async ({ page, context }) => {
  const organization = seed();
  await page.setExtraHTTPHeaders({ "x-app-now": AFTER_FINALS });
  await signIn(context, organization.owner);

  await page.goto(`/organization/${organization.id}`);
  const rates = page.getByTestId("completion-rates").locator("tbody tr");
  const dashboard = await rates.evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
  );
  // The seed's stages: of 12 employees, 9, 6 and 3 (and no capstone or finalist yet).
  expect(dashboard.slice(0, 3)).toEqual([
    ["AI Communicator", "9 of 12", "75%"],
    ["AI Creator", "6 of 12", "50%"],
    ["AI Builder", "3 of 12", "25%"],
  ]);

  await page.goto(`/organization/${organization.id}/report`);
  await expect(page.getByTestId("report-summary")).toContainText("12");
  const stages = await page
    .getByTestId("report-stages")
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
    );
  // Name, employees and rate equal to the dashboard's, stage by stage (the last column is the Challenge's).
  expect(stages.map(([name, holders, rate]) => [name, `${holders} of 12`, rate])).toEqual(dashboard);

  // Every chart says its figures in words, and a table beside it holds them.
  const charts = page.locator("svg[role=img]");
  await expect(charts).toHaveCount(3);
  for (const label of await charts.evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute("aria-label") ?? "")))
    expect(label).toMatch(/: .*\d/);
  await expect(page.getByRole("table", { name: /certification/i }).first()).toBeVisible();
  for (const table of ["report-enrolment", "report-stages", "report-tracks", "report-projects"])
    await expect(page.getByTestId(table)).toBeVisible();
  // Three employees are on seeded teams, whose projects the report names as the teams chose.
  await expect(page.getByTestId("report-projects").locator("tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("report-projects")).toContainText("Crop Forecast Copilot");

  for (const format of ["A4", "Letter"] as const) {
    const pdf = await page.pdf({ format, printBackground: true });
    expect(pdfPages(pdf), `${format} pages`).toBe(2);
  }
});

test("a sponsor opens the edition's report after the finals, and /impact shows the 2026 goals", async ({
  page,
  context,
}) => {
  seed();
  await page.setExtraHTTPHeaders({ "x-app-now": AFTER_FINALS });
  await signIn(context, SPONSOR.email);
  await page.goto("/account/sponsor-report");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(edition2026.name);
  await expect(page.getByText("Bitterroot Credit Union").first()).toBeVisible();
  // After the finals: the report, no longer "so far".
  await expect(page.getByTestId("sponsor-so-far")).toHaveCount(0);
  await expect(page.getByTestId("impact-goals").locator("li")).toHaveCount(Object.keys(edition2026.goals).length);

  await page.goto("/impact");
  // Each goal of the edition (500+ participants, 100+ organizations, 50+ projects) beside its figure.
  const goals = page.getByTestId("impact-goals").locator("li[data-goal]");
  await expect(goals).toHaveCount(Object.keys(edition2026.goals).length);
  for (const [id, target] of Object.entries(edition2026.goals)) {
    const goal = page.locator(`li[data-goal="${id}"]`);
    await expect(goal).toContainText(String(target));
    await expect(goal.getByTestId("goal-figure")).toHaveText(/\S/);
  }
  // One organization has 10 to 24 people enrolled (the seed's 12): too few organizations to print as a number.
  await expect(page.getByTestId("impact-tiers").getByRole("row", { name: /Innovation Partner/ })).toContainText(
    "fewer than 5",
  );
  await expect(page.locator("script")).toHaveCount(0);
});
