import { expect, type Page, type TestInfo } from "@playwright/test";
import { withJavaScript } from "./auth-helpers";

/**
 * People for the payment, organization and portal specs: an account made
 * through the JSON API (the /auth page has its own spec), and the person
 * fields of the registration forms.
 */
export async function signUpThroughApi(page: Page, testInfo: TestInfo, email: string) {
  // From the page's context's client address: each test's has its own (./fixtures), so the specs' sign-ups do not
  // add up against one client's 10 a minute.
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "a good passphrase", name: "" },
    headers: { origin: new URL(testInfo.project.use.baseURL ?? "").origin },
  });
  expect(response.status()).toBe(200);
}

export async function fillPerson(page: Page, email: string, first = "Avery", last = "Nguyen") {
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(208) 555-0142");
}

/** Submits a payment form; the page showing the stand-in checkout (a new tab with JavaScript). */
export async function submitToCheckout(page: Page, testInfo: TestInfo): Promise<Page> {
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
