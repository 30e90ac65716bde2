import { spawnSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { toast, uniqueEmail, verifyEmailFromMailbox } from "./auth-helpers";
import { localSql } from "./local-d1";
import { signUpThroughApi } from "./people";
import { baseURL, port } from "./servers";
import { freshTotp, turnOnTwoStep } from "./two-step";

/**
 * The organizers' desk (issue 32), with JavaScript and without: a person
 * signs up, verifies, turns on two-step sign-in, and is made the first
 * director by the documented bootstrap step (`npm run admin --
 * grant-organizer`, against this server); on /organize they grant a role to
 * another account and invite a judge; the audit log lists both, with who.
 * Every desk page's axe and 320-1440 px checks are layout.spec.ts's.
 */

const stateDir = `.wrangler/e2e-state-${port}`;
const PASSWORD = "a good passphrase";

/** Signed-in pages never hydrate (ADR 013): loaded is ready. */
async function go(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

test("a director made by the bootstrap step grants a role and invites a judge on the desk", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const director = uniqueEmail("director");
  await signUpThroughApi(page, testInfo, director);
  await verifyEmailFromMailbox(page, testInfo, director);
  const secret = await turnOnTwoStep(page, PASSWORD);

  // Before any role: the desk does not exist for this account.
  const refused = await page.request.get("/organize");
  expect(refused.status()).toBe(404);

  // The bootstrap step, as documented; this server's database may already have a director from the other project's run.
  const directors = localSql(stateDir, "SELECT count(*) AS n FROM organizer_roles WHERE role = 'director'");
  if (Number(directors[0]?.n) > 0) {
    localSql(
      stateDir,
      `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) SELECT id, 'director', 'e2e', '2026-01-01T00:00:00.000Z' FROM "user" WHERE email = '${director}'`,
    );
  } else {
    const bootstrap = spawnSync(
      "node",
      ["scripts/admin.mjs", "grant-organizer", director, "--role", "director", "--base-url", baseURL],
      {
        encoding: "utf8",
        env: { ...process.env, ORGANIZER_API_TOKEN: "" },
      },
    );
    expect(bootstrap.status, bootstrap.stderr).toBe(0);
  }

  await go(page, "/organize");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Organizers' desk" });
  await expect(menu.getByRole("link", { name: "Organizers" })).toBeVisible();

  // Grant the coordinator role to another verified account.
  const colleague = uniqueEmail("colleague");
  localSql(
    stateDir,
    `INSERT INTO "user" (id, name, email, email_verified) VALUES ('${crypto.randomUUID()}', '', '${colleague}', 1)`,
  );
  await menu.getByRole("link", { name: "Organizers" }).click();
  const grant = page.getByRole("region", { name: "Grant or change a role" });
  // An unknown address is refused on the form, with JavaScript or without.
  await grant.getByLabel("Their account's e-mail").fill(`nobody-${colleague}`);
  await grant.getByLabel("Role").selectOption("coordinator");
  await grant.getByLabel("Your authenticator code or a recovery code").fill(await freshTotp(secret));
  await grant.getByRole("button", { name: "Grant role" }).click();
  await expect(page.getByText(`No account uses nobody-${colleague}`).first()).toBeVisible();
  await page
    .getByRole("region", { name: "Grant or change a role" })
    .getByLabel("Their account's e-mail")
    .fill(colleague);
  await page.getByRole("region", { name: "Grant or change a role" }).getByLabel("Role").selectOption("coordinator");
  await page
    .getByRole("region", { name: "Grant or change a role" })
    .getByLabel("Your authenticator code or a recovery code")
    .fill(await freshTotp(secret));
  await page
    .getByRole("region", { name: "Grant or change a role" })
    .getByRole("button", { name: "Grant role" })
    .click();
  await expect(toast(page, "Role granted")).toBeVisible();
  await expect(page.getByTestId("organizers-table")).toContainText(colleague);

  // Invite a judge.
  const judge = uniqueEmail("judge");
  await go(page, "/organize/judges?view=invitations");
  const invite = page.getByRole("region", { name: "Invite a judge" });
  await invite.getByLabel("E-mail").fill(judge);
  await invite.getByLabel("Name").fill("Morgan Reyes");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, "Invitation sent")).toBeVisible();
  await expect(page.getByTestId("invitations-table")).toContainText(judge);
  expect(
    localSql(
      stateDir,
      `SELECT count(*) AS n FROM notifications WHERE kind = 'judge-invitation' AND recipient = '${judge}'`,
    )[0]?.n,
  ).toBe(1);

  // Results: the finalists' form proposes only from the announcement; before it, the refusal is on the form.
  await menu.getByRole("link", { name: "Results" }).click();
  const finalists = page.getByRole("region", { name: "Propose the finalists" });
  await finalists.getByLabel("The top N of the ranking").fill("3");
  await finalists.getByRole("button", { name: "Propose the finalists" }).click();
  await expect(page.getByText(/finalists are announced .* it is /).first()).toBeVisible();
  expect(
    localSql(stateDir, `SELECT count(*) AS n FROM organizer_proposals WHERE proposed_label = '${director}'`)[0]?.n,
  ).toBe(0);

  // The audit log: both steps, with who.
  await go(page, `/organize/audit?actor=${encodeURIComponent(director)}`);
  const log = page.getByTestId("audit-table");
  await expect(log).toContainText(`Invited ${judge} to judge`);
  await expect(log).toContainText(`Granted ${colleague}'s organizer role: Coordinator`);
});
