import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  open,
  openAccountMenu,
  uniqueIp,
  toast,
  uniqueEmail,
  verifyEmailFromMailbox,
  waitForPage,
  withJavaScript,
} from "./auth-helpers";
import { fillPerson, signUpThroughApi } from "./people";

/**
 * The organization dashboard end to end (issue 14), with JavaScript and
 * without: buy a Workforce Package on the local stand-in checkout, open
 * /organization, invite two employees, follow an invitation from
 * /dev/mailbox, register with the code it fills in, see the employee listed,
 * regenerate the code. The dashboard never hydrates: it behaves the same in
 * both projects, except the copy button that a tiny inline script adds.
 */

async function signUp(page: Page, testInfo: TestInfo, email: string) {
  await signUpThroughApi(page, testInfo, email);
  // A Workforce Package and a company-code enrollment need a verified address (issue 13).
  await verifyEmailFromMailbox(page, testInfo, email);
}

/** Buys a Workforce Package (the stand-in checkout opens in a new tab with JavaScript). */
async function buyWorkforce(page: Page, testInfo: TestInfo, email: string, companyName: string) {
  await open(page, "/register?tab=workforce", testInfo);
  await fillPerson(page, email);
  await page.getByLabel("Company name").fill(companyName);
  await page.getByLabel("Job title").fill("Director of People");
  await page.getByLabel("Employer website").fill("snakeriver.example.com");
  const submit = page.getByRole("button", { name: "Continue to Payment" });
  let checkout = page;
  if (withJavaScript(testInfo)) {
    const popup = page.waitForEvent("popup");
    await submit.click();
    checkout = await popup;
  } else {
    await submit.click();
  }
  await expect(checkout).toHaveURL(/\/dev\/checkout\/cs_local_/);
  await checkout.getByRole("button", { name: "Pay $5,000" }).click();
  await expect(checkout.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  if (checkout !== page) await checkout.close();
}

/** The invitation to `address` in the local mailbox, once the queue consumer has stored it. */
async function invitationFor(page: Page, address: string) {
  const entry = page.locator("article", { hasText: address }).filter({ hasText: "invites you to the" });
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  return entry;
}

/** A second person in a browser context of their own (own cookies, own client IP for the limits). */
async function newPerson(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    ...testInfo.project.use,
    extraHTTPHeaders: { "cf-connecting-ip": uniqueIp() },
  });
  return { context, page: await context.newPage() };
}

test("buy, invite two employees, one enrolls from the e-mail's link, listed; regenerate the code", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = uniqueEmail("owner");
  const companyName = `Treasure Valley Tools ${testInfo.project.name}`;
  await signUp(page, testInfo, owner);
  await buyWorkforce(page, testInfo, owner, companyName);

  // The header links the dashboard; one organization: /organization opens it.
  await page.goto("/");
  await (await openAccountMenu(page)).getByRole("link", { name: "Organization" }).click();
  await expect(page).toHaveURL(/\/organization\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
  const dashboard = page.url();
  const codeField = page.getByTestId("company-code");
  const code = await codeField.inputValue();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(codeField).toHaveAttribute("readonly", "");
  // With JavaScript a copy button appears; without it the code is selectable text.
  await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(withJavaScript(testInfo) ? 1 : 0);
  await expect(page.getByTestId("participant-count")).toHaveText("0 employees are enrolled today.");

  // Invite two employees: the answer counts them.
  const [first, second] = [uniqueEmail("employee"), uniqueEmail("employee")];
  await page.getByLabel("E-mail addresses").fill(`${first},\n${second}`);
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(toast(page, "Invitations")).toContainText("Sent 2 invitations.");

  // The employee opens the invitation from the mailbox, signs up and registers with the filled-in code.
  const employee = await newPerson(browser, testInfo);
  await signUp(employee.page, testInfo, first);
  const mail = await invitationFor(employee.page, first);
  await expect(mail).toContainText(code);
  await mail.getByRole("link", { name: /\/register\?tab=individual&code=/ }).click();
  await waitForPage(employee.page, testInfo);
  await expect(employee.page.getByLabel("Company code")).toHaveValue(code);
  await fillPerson(employee.page, first, "Riley", "Sandoval");
  await employee.page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(employee.page).toHaveURL(/\/registration-success\?registration_id=/);
  await expect(employee.page.getByRole("heading", { name: "You're Enrolled!" })).toBeVisible();
  await employee.context.close();

  // Listed on the dashboard, counted for the tier.
  await page.goto(dashboard);
  const table = page.getByTestId("employees");
  await expect(table.getByRole("row", { name: /Riley Sandoval/ })).toContainText(first);
  await expect(page.getByTestId("participant-count")).toHaveText("1 employee is enrolled today.");
  await expect(page.getByText("9 more for Innovation Partner (10 participants)")).toBeVisible();

  // Regenerate, after the confirmation step: a new code, the employee stays.
  await page.getByText("Regenerate the code…").click();
  await page.getByRole("button", { name: "Yes, regenerate the code" }).click();
  await expect(toast(page, "New company code issued")).toBeVisible();
  await expect(codeField).not.toHaveValue(code);
  await expect(codeField).toHaveValue(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(table.getByRole("row", { name: /Riley Sandoval/ })).toBeVisible();
  await expect(page.getByTestId("activity")).toContainText(`${owner} — Regenerated the company code`);
});

test("another signed-in account gets the 404 page", async ({ page }, testInfo) => {
  await signUp(page, testInfo, uniqueEmail("stranger"));
  const response = await page.goto("/organization");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});
