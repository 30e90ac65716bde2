import { expect, type Page } from "@playwright/test";
import { toast } from "../auth-helpers";

/**
 * A recognized organization's listing through the browser (issue 54), for
 * the recognition story: on its dashboard, the organization's owner (or a
 * co-administrator) asks to be listed with the name to show and an optional
 * website and logo; on /organize/organizations a registrar approves it; then
 * /employer-recognition shows it under its tier. Only the product's forms,
 * no database shortcut. The dashboard and the desk never hydrate (ADR 013):
 * the steps are the same with JavaScript or without.
 */
export async function listOrganizationOnRecognitionPage(
  owner: Page,
  registrar: Page,
  listing: {
    /** The organization's dashboard: /organization/<id>. */
    organizationId: string;
    /** The name to show (the form starts from the organization's name). */
    displayName: string;
    /** The tier its enrolled employees earn, as /employer-recognition names it ("AI Champion"). */
    tierName: string;
    website?: string;
    /** A PNG, WebP or SVG the owner uploads with the listing. */
    logo?: { name: string; mimeType: string; buffer: Buffer };
  },
) {
  const { organizationId, displayName, tierName } = listing;
  await owner.goto(`/organization/${organizationId}#listing`);
  const section = owner.getByTestId("listing");
  await section.getByLabel("Name to show").fill(displayName);
  if (listing.website) await section.getByLabel(/^Website/).fill(listing.website);
  await section.getByRole("button", { name: "List my organization" }).click();
  await expect(toast(owner, "Listing requested")).toBeVisible();
  await expect(owner.getByTestId("listing-status")).toContainText("waiting for the organizers' review");

  if (listing.logo) {
    await owner.getByTestId("listing").getByLabel("Logo file").setInputFiles(listing.logo);
    await owner.getByTestId("listing").getByRole("button", { name: "Upload and send for review" }).click();
    await expect(toast(owner, "Uploaded")).toBeVisible();
    await expect(owner.getByTestId("listing").getByRole("img", { name: displayName })).toBeVisible();
  }

  await registrar.goto("/organize/organizations#listings");
  const card = registrar.getByTestId("listing").filter({ has: registrar.getByRole("heading", { name: displayName }) });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: /^Approve\b/ }).click();
  await expect(toast(registrar, "Approved")).toBeVisible();
  await expect(registrar.getByTestId("listings-shown")).toContainText(displayName);

  await owner.goto("/employer-recognition");
  const tier = owner.getByTestId("recognized").getByRole("region", { name: tierName });
  await expect(tier).toBeVisible();
  if (listing.logo) await expect(tier.getByRole("img", { name: displayName })).toBeVisible();
  else await expect(tier).toContainText(displayName);
}
