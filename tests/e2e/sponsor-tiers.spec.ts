import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./auth-helpers";
import { defaultSponsorTier, sponsorTiers, sponsorTiersById } from "../../app/content/pricing";

// Every tier card opens the sponsorship form with its own tier picked (issue 11),
// with JavaScript (after hydration) and without (the server's HTML alone).

async function settle(page: Page, withJs: boolean) {
  if (withJs) await waitForHydration(page);
}

function tierRadio(page: Page, name: string) {
  return page.getByRole("radio", { name: new RegExp(`^${name}\\b`) });
}

for (const from of ["/sponsors", "/why-sponsor"]) {
  test(`each tier card on ${from} opens the form with that tier selected`, async ({ page }, testInfo) => {
    const withJs = testInfo.project.name !== "no-javascript";
    for (const tier of sponsorTiers) {
      await page.goto(from);
      await page.getByRole("link", { name: `Become a ${tier.name} sponsor` }).click();
      await expect(page).toHaveURL(new RegExp(`/sponsor-register\\?tier=${tier.id}$`));
      await settle(page, withJs);
      await expect(tierRadio(page, tier.name)).toBeChecked();
      for (const other of sponsorTiers.filter((t) => t.id !== tier.id)) {
        await expect(tierRadio(page, other.name)).not.toBeChecked();
      }
    }
  });
}

test("an unknown tier falls back to Gold", async ({ page }, testInfo) => {
  await page.goto("/sponsor-register?tier=diamond");
  await settle(page, testInfo.project.name !== "no-javascript");
  await expect(tierRadio(page, sponsorTiersById[defaultSponsorTier].name)).toBeChecked();
});
