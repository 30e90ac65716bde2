import { expect, test } from "./fixtures";
import { headerGroups } from "../../app/content/navigation";

/**
 * What the shared frame does in a browser: menus (native <details>) open and
 * close by pointer and keyboard, a link leads to its page, and the skip link
 * moves focus. The home page ships no JavaScript, so each check runs once,
 * without it (@no-script). Which links the header, the phone menu and the
 * footer hold, and the 404 page, are server answers: tests/integration/frame.test.ts.
 */

test.describe("shared frame on a desktop", () => {
  test("each header group opens to show its links and closes again @no-script", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const group of headerGroups) {
      const details = nav.locator("details", { has: page.locator("summary", { hasText: group.label }) });
      const links = details.getByRole("link");
      await expect(links.first()).toBeHidden();
      await details.locator("summary").click();
      await expect(links).toHaveCount(group.links.length);
      for (const index of group.links.keys()) await expect(links.nth(index)).toBeVisible();
      await details.locator("summary").click();
      await expect(links.first()).toBeHidden();
    }
  });

  test("a header link leads to its page @no-script", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "About" }).click();
    await nav.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("the skip link is the first stop and moves focus to the main content @no-script", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main#main")).toBeFocused();
  });
});

test.describe("shared frame on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens and closes, by pointer and by keyboard @no-script", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByTestId("mobile-menu").locator("summary");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    for (const group of headerGroups) {
      for (const link of group.links) {
        await expect(menu.getByRole("link", { name: link.label, exact: true })).toBeVisible();
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
