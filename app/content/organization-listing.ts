/**
 * A recognized organization's listing on /employer-recognition (issue 54):
 * the limits of what its administrators give on the dashboard, and every
 * message of the dashboard's section, the desk's review, the e-mails and the
 * public list. The logo's rules and refusals are the sponsors' own
 * (sponsor-presence.ts): one upload check for both.
 */
import { sponsorLogoRules } from "./sponsor-presence";
import { formatMegabytes } from "./portal";

export const organizationListingRules = {
  displayNameMax: 80,
  websiteMax: 300,
  returnReasonMax: 500,
} as const;

/** Each logo on the public list fits this box: a fixed size, so the page never moves as it loads. */
export const recognizedLogoBox = { width: 160, height: 64 } as const;

export const organizationListingPaths = {
  /** Where an organization's administrators manage the listing: its dashboard's section. */
  section: (organizationId: string) => `/organization/${organizationId}#listing`,
  /** The logo's upload (POST) and its preview while under review (GET), for the organization's administrators. */
  logo: (organizationId: string) => `/organization/${organizationId}/listing-logo`,
  /** The public address of an approved logo: /organization-logos/<sha256>.<ext>. */
  publicLogos: "/organization-logos",
  /** A logo under review, for the desk. */
  deskLogo: (organizationId: string) => `/organize/organization-logos/${organizationId}`,
  page: "/employer-recognition",
} as const;

export const organizationListingMessages = {
  sectionTitle: "Public recognition",
  sectionLead:
    "Choose whether your organization is listed on the Employer Recognition page with its tier. The organizers review what you give before it is shown, and it appears once your organization has earned a tier. Unlisting removes it at once.",
  notListed: "Not listed: your organization does not appear on the site.",
  status: {
    submitted: "Listing requested: waiting for the organizers' review.",
    approved: "Listed: approved by the organizers.",
    returned: "Returned by the organizers:",
  },
  belowFirstTier: (tierName: string, needed: number) =>
    `It appears once your organization reaches ${tierName} (${needed} more enrolled ${needed === 1 ? "employee" : "employees"}).`,
  shownAs: (tierName: string) => `Shown on the Employer Recognition page as ${tierName}.`,
  stillShown: "Until the organizers approve your changes, the copy they approved before stays on the site.",
  displayNameLabel: "Name to show",
  displayNameRequired: "Enter the name to show.",
  displayNameTooLong: `Keep the name to ${organizationListingRules.displayNameMax} characters.`,
  websiteLabel: "Website",
  websiteHint: "Starts with https://. Your name links to it.",
  websiteInvalid: "Enter a web address starting with https://.",
  websiteTooLong: `Keep the address to ${organizationListingRules.websiteMax} characters.`,
  list: "List my organization",
  update: "Save and send for review",
  listed: "Your listing was sent to the organizers for review.",
  listedToast: "Listing requested",
  unlist: "Unlist my organization",
  unlisted: "Your organization is no longer listed on the site.",
  unlistedToast: "Unlisted",
  notListedNow: "Your organization isn't listed.",
  logoTitle: "Logo (optional)",
  logoHint: `${sponsorLogoRules.formats}; at most ${formatMegabytes(sponsorLogoRules.rasterMaxBytes)}, ${sponsorLogoRules.minPixels} to ${sponsorLogoRules.maxPixels} pixels each way. A wide logo on a transparent background reads best.`,
  logoLabel: "Logo file",
  uploadLogo: "Upload and send for review",
  logoUploaded: "Logo uploaded. The organizers will review it.",
  logoNeedsListing: "List your organization first, then add its logo.",
  currentLogo: "The logo you gave",
  noLogo: "No logo: your name is shown as text.",
} as const;

export const organizationReviewMessages = {
  sectionTitle: "Organization listings to review",
  sectionLead:
    "Organizations that asked to be listed on /employer-recognition. Approve what they gave, or return it with a reason their administrators read. An approved organization appears once it has earned a tier.",
  empty: "Nothing to review.",
  approvedTitle: "Listed on the site",
  approvedEmpty: "No organization is listed yet.",
  reasonLabel: "Reason",
  reasonHint: "The organization reads it in an e-mail and on its dashboard.",
  reasonRequired: "Say why it is returned.",
  reasonTooLong: `Keep the reason to ${organizationListingRules.returnReasonMax} characters.`,
  approve: "Approve",
  return: "Return",
  unknown: "That organization's listing is not waiting for review.",
  approved: (name: string) => `${name} is approved for the Employer Recognition page.`,
  returned: (name: string) => `${name}'s listing is returned to the organization.`,
  approveSummary: (name: string) => `Approved the public listing of ${name}`,
  returnSummary: (name: string) => `Returned the public listing of ${name}`,
  approvedToast: "Approved",
  returnedToast: "Returned",
  logoAlt: (name: string) => `Logo given by ${name}`,
} as const;

export const recognizedOrganizationsText = {
  title: "Recognized organizations",
  lead: (editionName: string) =>
    `Organizations recognized in the ${editionName} for the employees they enrolled, listed with their consent.`,
  archiveTitle: (editionId: string) => `${editionId} recognized organizations`,
} as const;
