import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { open, toast, uniqueEmail, verifyEmailFromMailbox, waitForPage, withJavaScript } from "./auth-helpers";
import { fillPerson, signUpThroughApi, submitToCheckout } from "./people";

/**
 * Paid registration and sponsorship end to end (issue 8), through the local
 * stand-in checkout (no STRIPE_SECRET_KEY in e2e). With JavaScript, checkout
 * opens in a new tab; without it, the form's answer is a 303 to checkout.
 * APP_NOW is Dec 1, 2025 (playwright.config.ts): early-bird prices.
 */

const CODE_PATTERN = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

async function payOnStandIn(checkout: Page, plan: string, amount: string) {
  await expect(checkout.getByTestId("checkout-plan")).toContainText(plan);
  await expect(checkout.getByTestId("checkout-amount")).toHaveText(amount);
  await checkout.getByRole("button", { name: `Pay ${amount}` }).click();
}

test.describe("paid registration", () => {
  test("individual: register, pay $250 on checkout, confirmed on the success page", async ({ page }, testInfo) => {
    const email = uniqueEmail("individual");
    await signUpThroughApi(page, testInfo, email);
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

  test("workforce: pay $5,000, get a company code; an employee enrolls with it for free", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("workforce");
    await signUpThroughApi(page, testInfo, email);
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

    // An unknown code is a field error; the real one enrolls without checkout.
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
    await signUpThroughApi(page, testInfo, email);
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
