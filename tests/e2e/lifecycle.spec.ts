/**
 * The site after the 2026 finals (issue 11): the home page's hero offers the
 * next-edition list, and its form (a plain POST: the home page ships no
 * JavaScript, so this runs once, @no-script) adds the visitor. Every request
 * says the day with X-App-Now, on the shared e2e server. What the pages and
 * the server answer after the finals (no registration or payment offered, a
 * forged sponsorship refused, judge interest closed, results pending) is
 * tests/integration/lifecycle.test.ts's.
 */
import { expect, test } from "./fixtures";
import { nextEditionCopy } from "../../app/content/next-edition";
import { toast, uniqueEmail } from "./auth-helpers";
import { afterFinalsNow } from "./servers";

test.use({ extraHTTPHeaders: { "x-app-now": afterFinalsNow } });

test("a visitor joins the next-edition list from the home page's hero @no-script", async ({ page }) => {
  await page.goto("/");
  const hero = page.getByTestId("hero-next-edition");
  await expect(hero).toContainText("The 2026 Challenge is over.");
  await hero.getByLabel("Email").fill(uniqueEmail("next"));
  await hero.getByRole("button", { name: nextEditionCopy.submitLabel }).click();
  await expect(toast(page, nextEditionCopy.toast.title)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
