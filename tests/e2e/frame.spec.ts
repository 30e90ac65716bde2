import { expect, test } from "@playwright/test";
import { footerLinks, headerGroups } from "../../app/content/navigation";
import { formatUsd } from "../../app/content/pricing";
import { prices } from "../edition-2026";
import { developmentSiteContact, mailtoHref, telHref } from "../../app/content/site";

test.describe("shared frame on a desktop", () => {
  test("the header offers every group with exactly its links", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(nav.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await expect(nav.getByRole("link", { name: "Register Now" })).toHaveAttribute("href", "/register");

    for (const group of headerGroups) {
      const details = nav.locator("details", { has: page.locator("summary", { hasText: group.label }) });
      const links = details.getByRole("link");
      await expect(links.first()).toBeHidden();
      await details.locator("summary").click();
      await expect(links).toHaveCount(group.links.length);
      for (const [index, link] of group.links.entries()) {
        await expect(links.nth(index)).toBeVisible();
        await expect(links.nth(index)).toHaveAttribute("href", link.href);
        await expect(links.nth(index)).toHaveText(link.label);
      }
      await details.locator("summary").click();
      await expect(links.first()).toBeHidden();
    }
  });

  test("a header link leads to its page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "About" }).click();
    await nav.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("the footer has its nine links and the contact details", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const nav = footer.getByRole("navigation", { name: "Footer" });
    await expect(nav.getByRole("link")).toHaveCount(9);
    for (const link of footerLinks) {
      await expect(nav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.href);
    }
    // The e2e server runs on wrangler.toml's development [vars].
    const contact = developmentSiteContact;
    await expect(footer.getByRole("link", { name: contact.email })).toHaveAttribute("href", mailtoHref(contact.email));
    await expect(footer.getByRole("link", { name: contact.phone })).toHaveAttribute("href", telHref(contact.phone));
    await expect(footer).toContainText(contact.organizerLegalName);
    await expect(footer).toContainText("Rexburg, Idaho");
    await expect(footer).toContainText("© 2025");
    await expect(footer).toContainText("public benefit corporation");
  });

  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("an unknown path shows the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("the home page follows the clock: early-bird prices under the e2e APP_NOW (Dec 1, 2025)", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("price-individual")).toHaveText(formatUsd(prices.individual.earlyBird));
  await expect(page.getByTestId("price-workforce")).toHaveText(formatUsd(prices.workforce.earlyBird));
  await expect(page.getByRole("link", { name: "Enter the Challenge" })).toHaveAttribute(
    "href",
    "/register?tab=individual",
  );
});

test.describe("shared frame on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens and closes, by pointer and by keyboard", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByTestId("mobile-menu").locator("summary");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    for (const group of headerGroups) {
      for (const link of group.links) {
        const item = menu.getByRole("link", { name: link.label, exact: true });
        await expect(item).toBeVisible();
        await expect(item).toHaveAttribute("href", link.href);
      }
    }
    await expect(menu.getByRole("link", { name: "Register Now" })).toBeVisible();

    await toggle.click();
    await expect(menu).toBeHidden();

    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(menu).toBeHidden();
  });
});
