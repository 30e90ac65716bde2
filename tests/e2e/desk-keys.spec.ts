import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { toast, uniqueIp } from "./auth-helpers";
import { localSql } from "./local-d1";
import { ORGANIZER_PASSWORD, organizerAccount } from "./organizer";
import { baseURL, port } from "./servers";
import { freshTotp } from "./two-step";

/**
 * The fourth audit's high finding (issue 50), as its directors would meet it,
 * without JavaScript: a director's API token is refused granting and
 * removing roles; the director proposes a new director on the desk with their
 * code and cannot confirm it themself; a second director who signs in with a
 * code cannot confirm with that same code, and confirms with a fresh one; the
 * new director holds the role, and every director has the e-mail in the
 * local mailbox.
 */

const stateDir = `.wrangler/e2e-state-${port}`;
const JUDGING = "2026-03-25T12:00:00-06:00";
const sql = (command: string) => localSql(stateDir, command);

/** A director (or, with `role` "none", an account with no role) in a browser of their own, without JavaScript. */
async function person(browser: Browser, role: "director" | "none") {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.setExtraHTTPHeaders({ "x-app-now": JUDGING, "cf-connecting-ip": uniqueIp() });
  const page = await context.newPage();
  const account = await organizerAccount(page.request, { stateDir, baseURL, role: "director", tag: role });
  if (role === "none")
    sql(`DELETE FROM organizer_roles WHERE user_id = (SELECT id FROM "user" WHERE email = '${account.email}')`);
  return { page, ...account };
}

async function go(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

test("a token never makes a director; a second director confirms a new one with a fresh code @no-script", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const first = await person(browser, "director");
  const second = await person(browser, "director");
  const candidate = await person(browser, "none");

  // The first director's API token, created on the desk, is refused every role change.
  await go(first.page, "/organize/tokens");
  await first.page.getByLabel("Name").fill("laptop CLI");
  await first.page.getByRole("button", { name: "Create token" }).click();
  const token = /ORGANIZER_API_TOKEN=(\S+)/.exec(
    (await first.page.getByTestId("token-value").textContent()) ?? "",
  )?.[1];
  expect(token).toBeTruthy();
  for (const [action, body] of [
    ["organizers.grant", { email: candidate.email, role: "director" }],
    ["organizers.remove", { email: second.email }],
    ["directors.grant", { email: candidate.email }],
  ] as const) {
    const answer = await first.page.request.post(`/api/organize/actions/${action}`, {
      headers: { authorization: `Bearer ${token}` },
      data: body,
    });
    expect(answer.status(), action).toBe(403);
  }

  // The first director proposes the candidate on the desk, with their code.
  await go(first.page, "/organize/organizers");
  const directors = first.page.getByRole("region", { name: "Directors" });
  await directors.getByLabel("Their account's e-mail").fill(candidate.email);
  await directors.getByLabel("Your authenticator code or a recovery code").fill(await freshTotp(first.secret));
  await directors.getByRole("button", { name: "Propose a director" }).click();
  await expect(first.page).toHaveURL(/\/organize\/proposals\/[0-9a-f-]{36}$/);
  await expect(toast(first.page, "Director proposed")).toBeVisible();
  const proposal = new URL(first.page.url()).pathname;
  // The proposer cannot confirm it.
  await expect(first.page.getByTestId("cannot-confirm")).toContainText("A different director must confirm");

  // The second director signs in with a code; that same code is refused on the confirmation.
  await second.page.context().clearCookies();
  await go(second.page, "/auth?tab=signin&redirectTo=%2Forganize");
  const signIn = second.page.locator("form").filter({ has: second.page.getByLabel("Password") });
  await signIn.getByLabel("Email").fill(second.email);
  await signIn.getByLabel("Password").fill(ORGANIZER_PASSWORD);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  const signInCode = await freshTotp(second.secret);
  await second.page.getByLabel("Code").fill(signInCode);
  await second.page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(second.page).toHaveURL(/\/organize$/);
  await go(second.page, proposal);
  const confirm = second.page.getByRole("region", { name: "Confirm", exact: true });
  await confirm.getByLabel("Your authenticator code or a recovery code").fill(signInCode);
  await confirm.getByRole("button", { name: "Confirm and carry it out" }).click();
  await expect(second.page.getByRole("region", { name: "Confirm", exact: true })).toContainText("already used");
  expect(
    sql(`SELECT r.role FROM organizer_roles r JOIN "user" u ON u.id = r.user_id WHERE u.email = '${candidate.email}'`),
  ).toEqual([]);

  // A fresh code confirms it.
  await second.page
    .getByRole("region", { name: "Confirm", exact: true })
    .getByLabel("Your authenticator code or a recovery code")
    .fill(await freshTotp(second.secret));
  await second.page
    .getByRole("region", { name: "Confirm", exact: true })
    .getByRole("button", { name: "Confirm and carry it out" })
    .click();
  await expect(toast(second.page, "Confirmed")).toBeVisible();
  await go(second.page, "/organize/organizers");
  await expect(
    second.page.getByTestId("organizers-table").getByRole("row", { name: new RegExp(candidate.email) }),
  ).toContainText("Director");

  // Every director has the e-mail.
  const everyDirector = sql(
    `SELECT u.email FROM organizer_roles r JOIN "user" u ON u.id = r.user_id WHERE r.role = 'director' ORDER BY u.email`,
  ).map((row) => String(row.email));
  expect(everyDirector).toEqual(expect.arrayContaining([first.email, second.email, candidate.email]));
  const told = sql(
    `SELECT recipient FROM notifications WHERE kind = 'director-role-changed' AND subject LIKE '${candidate.email}%' ORDER BY recipient`,
  ).map((row) => String(row.recipient));
  expect(told).toEqual(everyDirector);
  const mail = first.page
    .locator("article", { hasText: first.email })
    .filter({ hasText: `${candidate.email} is now a director` });
  await expect(async () => {
    await first.page.goto("/dev/mailbox");
    await expect(mail.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
});
