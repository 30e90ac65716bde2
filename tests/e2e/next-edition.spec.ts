import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./auth-helpers";

async function openList(page: Page, testInfo: TestInfo, path = "/next-edition") {
  await page.goto(path);
  // With JavaScript, wait until React owns the form (client validation, busy label).
  if (testInfo.project.name === "chromium") await waitForHydration(page);
}

/** The e-mail to `address` in the local mailbox, once the queue consumer has stored it. */
async function mailFor(page: Page, address: string, subject: RegExp) {
  const entry = page.locator("article", { hasText: address }).filter({ hasText: subject });
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  return entry;
}

test.describe("the next-edition list", () => {
  test("says what is missing, keeps what was typed, and focuses the first problem", async ({ page }, testInfo) => {
    await openList(page, testInfo);
    const form = page.locator("form#next-edition");
    await page.getByLabel("Email", { exact: true }).fill("not-an-address");
    await page.getByLabel("Name (optional)").fill("Robin");
    await form.getByRole("button", { name: "Notify me" }).click();

    const summary = page.getByRole("alert").filter({ hasText: "Please correct the following:" });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link", { name: "Please enter a valid email address" })).toBeVisible();
    await expect(
      summary.getByRole("link", { name: "Please choose at least one way you'd like to take part" }),
    ).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-address");
    await expect(page.getByLabel("Name (optional)")).toHaveValue("Robin");
  });

  test("joins, confirms from the mailbox, and unsubscribes with the e-mail's link", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const address = `list-${testInfo.project.name}-${Date.now()}@example.com`;
    await openList(page, testInfo, "/next-edition?interest=sponsor");
    await expect(page.getByLabel("Sponsoring the Challenge")).toBeChecked();
    await page.getByLabel("Email", { exact: true }).fill(address);
    await page.getByLabel("Serving as a judge").check();
    await page.getByRole("button", { name: "Notify me" }).click();

    const toast = page.getByRole("status").filter({ hasText: "Check your inbox" });
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL(/\/next-edition\?interest=sponsor$/);

    const confirmation = await mailFor(page, address, /Confirm: hear when the next/);
    await expect(confirmation).toContainText("List-Unsubscribe-Post");
    await expect(confirmation).toContainText("List-Unsubscribe=One-Click");
    const unsubscribeHref = await confirmation
      .getByRole("link", { name: /\/next-edition\/unsubscribe\?token=/ })
      .getAttribute("href");
    await confirmation.getByRole("link", { name: /\/next-edition\/confirm\?token=/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You're on the list" })).toBeVisible();

    // The link works once.
    await page.goBack();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "This link doesn't work" })).toBeVisible();

    await page.goto(unsubscribeHref ?? "/missing");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
  });
});
