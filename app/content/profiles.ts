/**
 * Judges' and advisors' public profiles (issue 54): the limits of what a
 * judge or advisor gives (when accepting an invitation, or later from
 * /account/profile), the words of those forms, of the desk's publication and
 * of /judges-advisors. The advisory groups are /judges-advisors' own
 * (`advisoryGroups`, ./judges.ts).
 */
import { advisoryGroups } from "./judges";
import { sponsorLogoFailureMessages, sponsorLogoRules, type SponsorLogoFailure } from "./sponsor-presence";

export type AdvisoryGroupId = (typeof advisoryGroups)[number]["id"];

export const advisoryGroupIds = advisoryGroups.map((g) => g.id) as readonly AdvisoryGroupId[];

export function advisoryGroupName(id: string | null | undefined): string {
  return advisoryGroups.find((g) => g.id === id)?.name ?? "Advisors";
}

export const profileRules = {
  nameMax: 80,
  titleMax: 100,
  organizationMax: 120,
  /** Plain text: a few sentences, no links or markup. */
  bioMax: 600,
  /** The photo's box on /judges-advisors (CSS pixels): the photo is fitted into it, so nothing moves as it loads. */
  photoBox: 96,
  /** A photo is checked as a sponsor's logo is (PNG, WebP or sanitized SVG; 64–4000 pixels; at most 1 MB). */
  accept: sponsorLogoRules.accept,
  formats: sponsorLogoRules.formats,
} as const;

export const profilePaths = {
  page: "/account/profile",
  /** The public address of a published photo: /profile-photos/<sha256>.<ext>. */
  publicPhotos: "/profile-photos",
  /** One's own photo, before it is published. */
  ownPhoto: "/account/profile/photo",
  /** A photo waiting for publication, for the desk: /organize/profile-photos/<user id>. */
  deskPhotos: "/organize/profile-photos",
} as const;

/** A logo's refusal in a photo's words: the checks are the logos' (app/sponsors/logo.server.ts). */
export const profilePhotoFailureMessages = Object.fromEntries(
  Object.entries(sponsorLogoFailureMessages).map(([failure, message]) => [
    failure,
    message.replace(/\bLogos\b/g, "Photos").replace(/\blogos?\b/g, (word) => (word === "logo" ? "photo" : "photos")),
  ]),
) as Record<SponsorLogoFailure, string>;

export const profileMessages = {
  nameRequired: "Enter the name to show on your profile.",
  nameTooLong: `The name must be ${profileRules.nameMax} characters or fewer.`,
  titleTooLong: `The title must be ${profileRules.titleMax} characters or fewer.`,
  organizationTooLong: `The organization must be ${profileRules.organizationMax} characters or fewer.`,
  bioTooLong: `The bio must be ${profileRules.bioMax} characters or fewer. Shorten it and send it again.`,
  consentRequired: "Tick the consent box to save a public profile.",
  notJudgeOrAdvisor:
    "Only a judge or advisor of the current edition has a public profile. Accept your invitation first.",
  saved: "Your profile is saved. It appears on /judges-advisors once the organizers publish the edition's profiles.",
  withdrawn: "Your consent is withdrawn: your profile is no longer shown on the site.",
  noProfile: "You have no public profile to withdraw.",
  rateLimited: "Too many changes in a short time. Please wait a minute and try again.",
  unknownIntent: "That form is not on this page. Reload the page and try again.",
  consentLabel:
    "Show my profile on /judges-advisors. I can change it or withdraw my consent from my account at any time.",
  consentNote:
    "Optional. Nothing is shown until the organizers publish the edition's profiles; withdrawing your consent removes it at once.",
} as const;

/** The desk's publication (/organize/judges, the API, `npm run admin -- publish-profiles`). */
export const profileDeskMessages = {
  nothingToPublish: "No judge or advisor of this edition has opted in to a public profile yet.",
  published: (count: number, edition: string) =>
    `Published ${count} ${count === 1 ? "profile" : "profiles"} of the ${edition} on /judges-advisors.`,
  publishSummary: (count: number, edition: string) =>
    `Published ${count} judges' and advisors' ${count === 1 ? "profile" : "profiles"} of the ${edition}`,
  advisoryGroupRequired: "Choose the advisory group the advisor joins.",
  confirmRequired: "Confirm the publication: the desk's button posts confirm=publish (the CLI sends it too).",
} as const;

/** /judges-advisors' profiles section. */
export const profilePageText = {
  judgesTitle: "Judges",
  comingSoonTitle: "Judge Profiles Coming Soon",
} as const;
