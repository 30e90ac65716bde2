import { test } from "./fixtures";
import {
  clearLogo,
  goldSponsorPays,
  logoShownOnPublicPages,
  registrarApprovesLogo,
  registrarReturnsLogo,
  smallLogo,
  sponsorReadsWhy,
  sponsorUploadsLogo,
  TOO_SMALL,
} from "./recognition-steps/sponsor";
import { closeAll, deskOrganizer, recognitionStory } from "./recognition-steps/story";

/**
 * Issue 54's "done when", in one run on a server and database of its own
 * (tests/e2e/servers.ts: what it approves, lists and publishes shows on
 * pages every other spec checks). The recognition the site sells, given:
 * a Gold sponsor's logo, an organization's listing and its tier credential,
 * judges' and advisors' profiles. Each part's steps live in
 * tests/e2e/recognition-steps/, on the frame they share (story.ts).
 *
 * Its people open their own contexts, with JavaScript (the sponsor, who
 * pays in a new tab) and without (the registrar, the visitors), so it runs
 * in the "chromium" project only (@both-modes).
 */
test("@both-modes recognition: a sponsor's logo, an organization's listing and credential, judges' and advisors' profiles", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const story = recognitionStory(browser);

  // 1. Sponsors (recognition-steps/sponsor.ts): a Gold sponsor pays and gives a logo; the registrar returns it once
  //    as too small to read and approves the second; it shows on /sponsors and the home page at 320 and 1280 px.
  const sponsor = await goldSponsorPays(story);
  const registrar = await deskOrganizer(story, "registrar");
  await sponsorUploadsLogo(sponsor, smallLogo);
  await registrarReturnsLogo(story, registrar, sponsor, TOO_SMALL);
  await sponsorReadsWhy(sponsor, TOO_SMALL);
  await sponsorUploadsLogo(sponsor, clearLogo);
  await registrarApprovesLogo(story, registrar, sponsor);
  await logoShownOnPublicPages(story, sponsor);

  // 2. Recognized organizations (recognition-steps/organization-listing.ts): its steps go here. An organization
  //    reaches 25 enrolled employees, its owner opts in to the public list, and it appears on /employer-recognition
  //    as AI Champion.

  // 3. The organization's tier credential (recognition-steps/organization-credential.ts): its steps go here. The
  //    credential verifies on /verify, and the snippet the organization pastes on its website renders.

  // 4. Judges' and advisors' profiles (recognition-steps/profiles.ts): their steps go here. A judge opts in to a
  //    profile while accepting, an advisor is invited from an interest and accepts, the coordinator publishes both,
  //    /judges-advisors shows them, the advisor withdraws consent and the profile is gone on the next request.

  await closeAll([sponsor, registrar]);
});
