import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  open,
  toast,
  uniqueEmail,
  useOwnClientIp,
  verifyEmailFromMailbox,
  waitForPage,
  withJavaScript,
} from "./auth-helpers";

/**
 * Paid registration and sponsorship end to end (issue 8), through the local
 * stand-in checkout (no STRIPE_SECRET_KEY in e2e). With JavaScript, checkout
 * opens in a new tab; without it, the form's answer is a 303 to checkout.
 * APP_NOW is Dec 1, 2025 (playwright.config.ts): early-bird prices.
 */

test.beforeEach(async ({ page }) => {
  await useOwnClientIp(page);
});

/**
 * Signs up through better-auth's JSON API (the /auth page has its own spec):
 * the page's request context shares the browser's cookie jar.
 */
async function signUp(page: Page, testInfo: TestInfo, email: string) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "a good passphrase", name: "" },
    headers: { origin: new URL(testInfo.project.use.baseURL ?? "").origin },
  });
  expect(response.status()).toBe(200);
}

const CODE_PATTERN = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

/** Submits a payment form; returns the page showing the stand-in checkout (a new tab with JavaScript). */
async function submitToCheckout(page: Page, testInfo: TestInfo): Promise<Page> {
  const submit = page.getByRole("button", { name: "Continue to Payment" });
  if (!withJavaScript(testInfo)) {
    await submit.click();
    await expect(page).toHaveURL(/\/dev\/checkout\/cs_local_[0-9a-f]{48}$/);
    return page;
  }
  const popup = page.waitForEvent("popup");
  await submit.click();
  const checkout = await popup;
  await checkout.waitForLoadState("domcontentloaded");
  await expect(checkout).toHaveURL(/\/dev\/checkout\/cs_local_[0-9a-f]{48}$/);
  // The fallback link is there in case the browser blocks the tab.
  await expect(page.getByRole("link", { name: "Continue to payment" })).toHaveAttribute("href", checkout.url());
  return checkout;
}

async function payOnStandIn(checkout: Page, plan: string, amount: string) {
  await expect(checkout.getByTestId("checkout-plan")).toContainText(plan);
  await expect(checkout.getByTestId("checkout-amount")).toHaveText(amount);
  await checkout.getByRole("button", { name: `Pay ${amount}` }).click();
}

async function fillPerson(page: Page, email: string) {
  await page.getByLabel("First name").fill("Avery");
  await page.getByLabel("Last name").fill("Nguyen");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(208) 555-0142");
}

test.describe("paid registration", () => {
  test("individual: register, pay $250 on checkout, confirmed on the success page", async ({ page }, testInfo) => {
    const email = uniqueEmail("individual");
    await signUp(page, testInfo, email);
    await open(page, "/register", testInfo);
    await expect(page.getByTestId("pricing-badge")).toHaveText("Early Bird pricing");
    await expect(page.getByTestId("login-prompt")).toHaveCount(0);
    await fillPerson(page, email);
    const checkout = await submitToCheckout(page, testInfo);
    await payOnStandIn(checkout, "Individual (Early Bird)", "$250");
    await expect(checkout).toHaveURL(/\/registration-success\?session_id=cs_local_/);
    await expect(checkout.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(checkout.getByTestId("paid-amount")).toHaveText("$250");
    await expect(checkout.getByRole("link", { name: "View Submission Guidelines" })).toHaveAttribute(
      "href",
      "/submission-guidelines",
    );
  });

  test("workforce: pay $5,000, get a company code; an employee enrols with it for free", async ({ page }, testInfo) => {
    const email = uniqueEmail("workforce");
    await signUp(page, testInfo, email);
    // A Workforce Package and a company code need a verified address (issue 13).
    await verifyEmailFromMailbox(page, testInfo, email);
    await open(page, "/register?tab=workforce", testInfo);
    await expect(page.getByRole("link", { name: "Workforce Package" })).toHaveAttribute("aria-current", "page");
    await fillPerson(page, email);
    await page.getByLabel("Company name").fill("Snake River Manufacturing");
    await page.getByLabel("Job title").fill("Director of People");
    await page.getByLabel("Employer website").fill("snakeriver.example.com");
    const checkout = await submitToCheckout(page, testInfo);
    await payOnStandIn(checkout, "Workforce Package (Early Bird)", "$5,000");
    await expect(checkout.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(checkout.getByTestId("paid-amount")).toHaveText("$5,000");
    const code = (await checkout.getByTestId("company-code").textContent()) ?? "";
    expect(code).toMatch(CODE_PATTERN);

    // An unknown code is a field error; the real one enrols without checkout.
    await open(page, "/register?tab=individual", testInfo);
    await fillPerson(page, uniqueEmail("employee"));
    await page.getByLabel("Company code").fill("ABCD-EFGH-JKMN");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByText("We couldn't find that company code").first()).toBeVisible();
    await expect(page.getByLabel("Company code")).toHaveAttribute("aria-invalid", "true");
    await waitForPage(page, testInfo);
    await page.getByLabel("Company code").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page).toHaveURL(/\/registration-success\?registration_id=/);
    await expect(page.getByRole("heading", { name: "You're Enrolled!" })).toBeVisible();
    await expect(page.getByText("Snake River Manufacturing")).toBeVisible();
  });

  test("a signed-out submit asks to log in first", async ({ page }, testInfo) => {
    await open(page, "/register", testInfo);
    await expect(page.getByTestId("login-prompt")).toBeVisible();
    await fillPerson(page, uniqueEmail("anon"));
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(toast(page, "Authentication Required")).toContainText(
      "Please log in or create an account to register",
    );
    await expect(page).toHaveURL(/\/auth/);
  });

  test("a bogus session_id is not confirmed and does not crash", async ({ page }, testInfo) => {
    const response = await page.goto("/registration-success?session_id=cs_test_bogus");
    expect(response?.status()).toBe(200);
    await waitForPage(page, testInfo);
    await expect(toast(page, "Verification Error")).toContainText(
      "Unable to verify payment status. Please contact support.",
    );
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });
});

test.describe("sponsorship", () => {
  test("pick Silver, pay $10,000, thanked on /sponsor-success", async ({ page }, testInfo) => {
    const email = uniqueEmail("sponsor");
    await signUp(page, testInfo, email);
    await open(page, "/sponsor-register", testInfo);
    await expect(page.getByRole("radio", { name: /Gold/ })).toBeChecked();
    await page.getByRole("radio", { name: /Silver/ }).check();
    await fillPerson(page, email);
    await page.getByLabel("Title").fill("CEO");
    await page.getByLabel("Company name").fill("Gem State Tech");
    await page.getByLabel("Company website").fill("https://gemstate.example.com");
    const checkout = await submitToCheckout(page, testInfo);
    if (withJavaScript(testInfo)) {
      await expect(toast(page, "Redirecting to Payment")).toContainText("Opening checkout in a new tab...");
    }
    await payOnStandIn(checkout, "Silver sponsorship", "$10,000");
    await expect(checkout).toHaveURL(/\/sponsor-success\?session_id=cs_local_/);
    await expect(checkout.getByTestId("success-card")).toHaveAttribute("data-payment-status", "completed");
    await expect(checkout.getByTestId("paid-amount")).toHaveText("$10,000");
    await expect(checkout.getByRole("link", { name: "View Sponsorship Tiers" })).toHaveAttribute(
      "href",
      "/sponsors#tiers",
    );
  });
});
