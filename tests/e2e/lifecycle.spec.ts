/**
 * The site after the 2026 finals (issue 11), against the second server of
 * playwright.config.ts: nothing offers a payment or a future tense for the
 * finished edition, the server refuses a forged sponsorship, and the closed
 * forms offer the next-edition list instead. Both projects: JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import { nextEditionCopy } from "../../app/content/next-edition";
import { open, signUp, toast, uniqueEmail, useOwnClientIp } from "./auth-helpers";
import { afterFinalsBaseURL } from "./servers";

test.use({ baseURL: afterFinalsBaseURL });

test.beforeEach(async ({ page }) => {
  await useOwnClientIp(page);
});

// Content pages ship no JavaScript, so there is no hydration to wait for.
test("the header and the home page offer the next-edition list, not registration", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Get notified" })).toHaveAttribute("href", "/next-edition");
  await expect(page.getByRole("link", { name: "Register Now" })).toHaveCount(0);
  await expect(page.getByTestId("hero-next-edition")).toContainText("The 2026 Challenge is over.");
  await expect(page.locator('a[href^="/register?tab="]')).toHaveCount(0);
  await expect(page.getByTestId("results-pending")).toBeVisible();
});

test("a signed-in sponsor finds sponsorship closed, and a forged payment is refused", async ({ page }, testInfo) => {
  await signUp(page, testInfo, uniqueEmail("late-sponsor"));
  await expect(page.getByTestId("enrollment-closed")).toContainText("Enrollment for the 2026 Challenge has closed.");

  await open(page, "/sponsor-register?tier=platinum", testInfo);
  await expect(page.getByTestId("sponsorship-closed")).toContainText("closed on April 25, 2026");
  await expect(page.getByRole("button", { name: "Continue to Payment" })).toHaveCount(0);

  // What a browser that kept an old form would send: the server refuses it.
  const forged = await page.request.post("/sponsor-register", {
    headers: { origin: afterFinalsBaseURL },
    form: {
      sponsorshipTier: "platinum",
      firstName: "Jordan",
      lastName: "Reyes",
      title: "CEO",
      companyName: "Late Co",
      companyUrl: "https://late.example.com",
      email: uniqueEmail("forged"),
      phone: "(208) 555-0100",
    },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("Sponsorships for the 2026 Challenge closed on April 25, 2026");
});

test("judge and advisor interest points to the next edition", async ({ page }) => {
  await page.goto("/judges-advisors");
  await expect(page.getByText("Judge Profiles Coming Soon")).toBeVisible();
  await expect(page.getByText("before judging begins")).toHaveCount(0);
  await page.getByRole("link", { name: "Judge or Advise the Next Edition" }).first().click();
  await expect(page.getByTestId("interest-closed")).toContainText("no longer taking judge and advisor interest");
});

test("a visitor joins the next-edition list from the home page's hero", async ({ page }) => {
  await page.goto("/");
  const hero = page.getByTestId("hero-next-edition");
  await hero.getByLabel("Email").fill(uniqueEmail("next"));
  await hero.getByRole("button", { name: nextEditionCopy.submitLabel }).click();
  await expect(toast(page, nextEditionCopy.toast.title)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
