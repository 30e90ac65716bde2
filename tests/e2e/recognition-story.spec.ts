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
import { closeAll, deskOrganizer, personContext, recognitionStory } from "./recognition-steps/story";
import {
  employeeEnrollsWithCode,
  employeesEnrolledWithCode,
  workforceOrganizationPays,
} from "./recognition-steps/organization";
import { listOrganizationOnRecognitionPage } from "./recognition-steps/organization-listing";
import { verifyOrganizationTierCredential } from "./recognition-steps/organization-credential";
import {
  advisorOffer,
  judgeInvitedByAddress,
  judgeProfile,
  personOffersToAdvise,
} from "./recognition-steps/profile-people";
import {
  advisorAcceptsWithProfile,
  inviteAdvisorFromInterest,
  judgeAcceptsWithProfile,
  publishProfilesOnDesk,
  seeProfilesOnPage,
  withdrawConsent,
} from "./recognition-steps/profiles";
import { logoPng } from "../../scripts/png.mjs";

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
  test.setTimeout(360_000);
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

  // 2. Recognized organizations (recognition-steps/organization.ts, organization-listing.ts): an organization buys
  //    a Workforce Package and reaches 25 enrolled employees (24 written as the code writes them, the 25th through
  //    the form), its owner opts in to the public list with a wide logo, the registrar approves, and it appears on
  //    /employer-recognition as AI Champion.
  const organization = await workforceOrganizationPays(story);
  employeesEnrolledWithCode(story, organization, 24);
  await employeeEnrollsWithCode(story, organization, 25);
  await listOrganizationOnRecognitionPage(organization.page, registrar.page, {
    organizationId: organization.organizationId,
    displayName: organization.name,
    tierName: "AI Champion",
    website: "https://boisefoothillsmedical.example.com",
    logo: { name: "boise-foothills.png", mimeType: "image/png", buffer: logoPng(720, 240) },
  });

  // 3. The organization's tier credential (recognition-steps/organization-credential.ts): issued when the 25th
  //    employee enrolled, it verifies on /verify, and the snippet the organization pastes on its website renders.
  await verifyOrganizationTierCredential(organization.page, {
    organizationId: organization.organizationId,
    organizationName: organization.name,
  });

  // 4. Judges' and advisors' profiles (recognition-steps/profiles.ts, profile-people.ts): a judge opts in to a
  //    profile while accepting, an advisor is invited from an interest and accepts, the coordinator publishes both,
  //    /judges-advisors shows them, the advisor withdraws consent and the profile is gone on the next request.
  const coordinator = await deskOrganizer(story, "coordinator");
  const judge = await judgeInvitedByAddress(story, coordinator, judgeProfile);
  await judgeAcceptsWithProfile(judge.page, judge);
  const advisor = await personOffersToAdvise(story, advisorOffer);
  const { groupId } = advisorOffer;
  await inviteAdvisorFromInterest(coordinator.page, {
    interestName: `${advisorOffer.first} ${advisorOffer.last}`,
    groupId,
  });
  await advisorAcceptsWithProfile(advisor.page, { ...advisor, groupId });
  await publishProfilesOnDesk(coordinator.page, { names: [judgeProfile.name, advisorOffer.profile.name] });
  const visitor = await personContext(story);
  await seeProfilesOnPage(visitor.page, {
    judges: [judgeProfile.name],
    advisors: [{ name: advisorOffer.profile.name, groupId }],
  });
  await withdrawConsent(advisor.page, { name: advisorOffer.profile.name });

  await closeAll([sponsor, registrar, organization, coordinator, judge, advisor, visitor]);
});
