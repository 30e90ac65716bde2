import { sponsorPresenceMessages, sponsorReviewMessages } from "../../../app/content/sponsor-presence";
import { sponsorPresenceByTier, sponsorPresenceText } from "../../../app/content/sponsorship";
import { logoPng } from "../../../scripts/png.mjs";
import { expect } from "../fixtures";
import { mailTo, openPage, personContext, signedUp, type Organizer, type Person, type RecognitionStory } from "./story";

/**
 * The sponsor's part of issue 54's story: a Gold sponsor pays on the local
 * stand-in checkout, gives its logo on /account/sponsor, the registrar
 * returns the first ("too small to read": the sponsor reads why on its page
 * and in its e-mail) and approves the second, which then shows on /sponsors
 * and the home page on a phone and a desktop. The logos are real PNGs made
 * here (scripts/png.mjs).
 */

export interface GoldSponsor extends Person {
  email: string;
  /** The company's name, which its logo carries as alternative text. */
  name: string;
}

/** Why the registrar returns the first logo. */
export const TOO_SMALL = "too small to read";

/** The first logo: within the site's limits (64 px each way at least), but a smudge at Gold's size. */
export const smallLogo = { name: "gem-valley-small.png", width: 96, height: 64, bytes: logoPng(96, 64) } as const;
/** The second: wide, and large enough for a high-density screen at Gold's 200 × 80 box. */
export const clearLogo = { name: "gem-valley.png", width: 800, height: 320, bytes: logoPng(800, 320) } as const;

/** A new account picks Gold on /sponsor-register and pays on the stand-in checkout, with JavaScript (a new tab). */
export async function goldSponsorPays(story: RecognitionStory): Promise<GoldSponsor> {
  const name = "Gem Valley Precision Agriculture Cooperative";
  const sponsor = await personContext(story, { javaScriptEnabled: true });
  const email = await signedUp(story, sponsor, "gold-sponsor");
  const { page } = sponsor;
  await openPage(sponsor, "/sponsor-register?tier=gold", true);
  await expect(page.getByRole("radio", { name: /Gold/ })).toBeChecked();
  await page.getByLabel("First name").fill("Marisol");
  await page.getByLabel("Last name").fill("Etcheverry");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(208) 555-0184");
  await page.getByLabel("Title").fill("Director of Community Partnerships");
  await page.getByLabel("Company name").fill(name);
  await page.getByLabel("Company website").fill("https://gemvalley.example.com");
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const checkout = await popup;
  await expect(checkout).toHaveURL(/\/dev\/checkout\/cs_local_[0-9a-f]{48}$/);
  await expect(checkout.getByTestId("checkout-plan")).toContainText("Gold sponsorship");
  await expect(checkout.getByTestId("checkout-amount")).toHaveText("$25,000");
  await checkout.getByRole("button", { name: "Pay $25,000" }).click();
  await expect(checkout).toHaveURL(/\/sponsor-success\?session_id=cs_local_/);
  await expect(checkout.getByTestId("success-card")).toHaveAttribute("data-payment-status", "completed");
  await checkout.close();
  return { ...sponsor, email, name };
}

/** From /account, the sponsor opens its presence page and uploads a logo file. */
export async function sponsorUploadsLogo(sponsor: GoldSponsor, logo: { name: string; bytes: Buffer }): Promise<void> {
  const { page } = sponsor;
  // /account ships no JavaScript: nothing to wait for.
  await page.goto("/account");
  await page.getByRole("link", { name: sponsorPresenceMessages.accountLink }).click();
  await expect(page).toHaveURL(/\/account\/sponsor$/);
  // The label names the form too (aria-labelledby): the file input is the field.
  const file = page.locator('input[type="file"]').and(page.getByLabel(sponsorPresenceMessages.logoLabel));
  await file.setInputFiles({
    name: logo.name,
    mimeType: "image/png",
    buffer: logo.bytes,
  });
  await page.getByRole("button", { name: sponsorPresenceMessages.uploadLogo }).click();
  await expect(page).toHaveURL(/\/account\/sponsor(#.*)?$/);
  await expect(page.getByTestId("presence-status")).toHaveText(sponsorPresenceMessages.status.submitted);
}

/** The sponsor's presence waiting on the registrar's desk, with the logo it gave. */
async function waitingOnDesk(registrar: Organizer, sponsor: GoldSponsor, logo: { width: number; height: number }) {
  const { page } = registrar;
  // Without the fragment: after a decision the page is at #presence already, and a fragment alone would not reload it.
  await page.goto("/organize/sponsorships");
  const card = page.getByTestId("presence").filter({ hasText: `${sponsor.name} (Gold)` });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: sponsorReviewMessages.logoAlt(sponsor.name) })).toBeVisible();
  await expect(card).toContainText(`${logo.width} × ${logo.height}`);
  return card;
}

/** The audit log's newest row of a sponsor review: who did what. */
function lastReview(story: RecognitionStory) {
  return story.sql(
    `SELECT actor_label, action FROM events WHERE action LIKE 'sponsors.%-presence' ORDER BY id DESC LIMIT 1`,
  )[0];
}

/** The registrar returns the logo with a reason, without JavaScript; the log names them. */
export async function registrarReturnsLogo(
  story: RecognitionStory,
  registrar: Organizer,
  sponsor: GoldSponsor,
  reason: string,
): Promise<void> {
  const card = await waitingOnDesk(registrar, sponsor, smallLogo);
  await card.locator("summary", { hasText: sponsorReviewMessages.return }).click();
  const form = card.locator("form").filter({ has: registrar.page.getByLabel(/^Reason/) });
  await form.getByLabel(`${sponsorReviewMessages.reasonLabel} (${sponsor.name})`).fill(reason);
  await form.getByRole("button", { name: new RegExp(`^${sponsorReviewMessages.return}`) }).click();
  await expect(registrar.page).toHaveURL(/\/organize\/sponsorships(#presence)?$/);
  await expect(registrar.page.getByTestId("presence").filter({ hasText: sponsor.name })).toHaveCount(0);
  expect(lastReview(story)).toEqual({ actor_label: registrar.email, action: "sponsors.return-presence" });
}

/** The sponsor reads why on its page, and in the e-mail the desk sent (the local mailbox). */
export async function sponsorReadsWhy(sponsor: GoldSponsor, reason: string): Promise<void> {
  await sponsor.page.goto("/account/sponsor");
  const status = sponsor.page.getByTestId("presence-status");
  await expect(status).toContainText(sponsorPresenceMessages.status.returned);
  await expect(status).toContainText(reason);
  const mail = await mailTo(sponsor, sponsor.email, /Please look again at/);
  expect(mail).toContain(sponsor.name);
  expect(mail).toContain(reason);
}

/** The registrar approves the second logo, without JavaScript; the log names them and the sponsor is told. */
export async function registrarApprovesLogo(
  story: RecognitionStory,
  registrar: Organizer,
  sponsor: GoldSponsor,
): Promise<void> {
  const card = await waitingOnDesk(registrar, sponsor, clearLogo);
  await card.getByRole("button", { name: new RegExp(`^${sponsorReviewMessages.approve}`) }).click();
  await expect(registrar.page).toHaveURL(/\/organize\/sponsorships(#presence)?$/);
  await expect(registrar.page.getByTestId("presences-shown")).toContainText(`${sponsor.name} (Gold)`);
  expect(lastReview(story)).toEqual({ actor_label: registrar.email, action: "sponsors.approve-presence" });
  await sponsor.page.goto("/account/sponsor");
  await expect(sponsor.page.getByTestId("presence-status")).toHaveText(sponsorPresenceMessages.status.approved);
  expect(await mailTo(sponsor, sponsor.email, /is now shown on the/)).toContain(sponsor.name);
}

/** Where a Gold logo shows, and the section that holds it there. */
const goldPlaces = [
  { path: "/sponsors", section: "sponsors-gold" },
  { path: "/", section: "home-sponsors" },
] as const;

/**
 * A visitor (no account, no JavaScript: the pages ship none) sees the logo
 * on /sponsors and the home page on a 320 px phone and a 1280 px desktop:
 * visible once scrolled to, inside the viewport, its image loaded at its
 * natural size, named by the sponsor's name, no wider than Gold's box and
 * smaller than Platinum's, and the page never scrolls sideways.
 */
export async function logoShownOnPublicPages(story: RecognitionStory, sponsor: GoldSponsor): Promise<void> {
  expect(sponsorPresenceByTier.gold.placements).toEqual(expect.arrayContaining(["home", "sponsors"]));
  const box = sponsorPresenceByTier.gold.box;
  for (const width of [320, 1280]) {
    const visitor = await personContext(story, { width });
    const { page } = visitor;
    for (const { path, section } of goldPlaces) {
      const where = `${path} at ${width} px`;
      await page.goto(path);
      const place = page.getByTestId(section);
      if (path === "/") await expect(place.getByRole("heading")).toHaveText(sponsorPresenceText.homeTitle);
      const logo = place.getByRole("img", { name: sponsor.name, exact: true });
      await expect(logo, where).toHaveCount(1);
      await expect(logo, where).toHaveAttribute("alt", sponsor.name);
      // The logo is lazy: it loads once scrolled to.
      await logo.scrollIntoViewIfNeeded();
      await expect(logo, where).toBeVisible();
      await expect(logo, where).toBeInViewport({ ratio: 1 });
      await expect
        .poll(() =>
          logo.evaluate((element) => {
            const img = element as HTMLImageElement;
            return img.complete ? [img.naturalWidth, img.naturalHeight] : [];
          }),
        )
        .toEqual([clearLogo.width, clearLogo.height]);
      const drawn = await logo.boundingBox();
      expect(drawn, where).not.toBeNull();
      expect(drawn!.x, where).toBeGreaterThanOrEqual(0);
      expect(drawn!.x + drawn!.width, where).toBeLessThanOrEqual(width);
      expect(drawn!.width, where).toBeLessThanOrEqual(box.width);
      expect(drawn!.height, where).toBeLessThanOrEqual(box.height);
      expect(drawn!.width, where).toBeGreaterThan(box.width / 2);
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `${where} scrolls sideways`).toBe(0);
    }
    await visitor.context.close();
  }
}
