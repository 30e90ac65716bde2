/**
 * A sponsor's presence (issue 54): the limits of what a sponsor gives from
 * /account/sponsor, and every message of the page, the desk's review and
 * the e-mails. Where each tier appears is in sponsorship.ts.
 */
import { formatMegabytes } from "./portal";

const KIB = 1024;

export const sponsorLogoRules = {
  /** PNG and WebP: a logo needs no more; a 50 MB file is refused before it is read. */
  rasterMaxBytes: 1024 * KIB,
  /** SVG is text: a logo's paths fit easily. */
  svgMaxBytes: 256 * KIB,
  /** Pixels of a PNG or WebP each way: smaller cannot be read on a high-density screen, larger only weighs. */
  minPixels: 64,
  maxPixels: 4000,
  /** An SVG's own size (its viewBox) each way, only to refuse nonsense. */
  svgMaxUnits: 100_000,
  /** The file input's hint to the browser; the server reads the content whatever it says. */
  accept: ".png,.webp,.svg,image/png,image/webp,image/svg+xml",
  formats: "PNG, WebP or SVG",
} as const;

/** The request body of a logo's upload: the file at its largest, plus the form's envelope. */
export const sponsorLogoBodyBytes = 2 * sponsorLogoRules.rasterMaxBytes + 16 * KIB;

export const sponsorPresenceRules = {
  displayNameMax: 80,
  websiteMax: 300,
  descriptionMax: 280,
  returnReasonMax: 500,
} as const;

export const sponsorPresencePaths = {
  page: "/account/sponsor",
  logoUpload: "/account/sponsor/logo",
  /** The public address of an approved logo: /sponsor-logos/<sha256>.<ext>. */
  publicLogos: "/sponsor-logos",
  /** A logo under review, for its sponsor and the desk. */
  reviewLogos: "/account/sponsor/logos",
} as const;

/** Why a logo was refused, each with the words the page shows. */
export type SponsorLogoFailure =
  | "missing"
  | "wrong-type"
  | "too-large"
  | "svg-too-large"
  | "dimensions"
  | "svg-script"
  | "svg-event-handler"
  | "svg-external"
  | "svg-foreign-object"
  | "svg-element"
  | "svg-malformed"
  | "svg-no-size"
  | "failed"
  | "rate-limited";

export const sponsorLogoFailureMessages: Record<SponsorLogoFailure, string> = {
  missing: "Choose a logo file to upload.",
  "wrong-type": `The logo must be a ${sponsorLogoRules.formats} file. This file isn't, whatever its name says.`,
  "too-large": `The logo must be ${formatMegabytes(sponsorLogoRules.rasterMaxBytes)} or smaller.`,
  "svg-too-large": `An SVG logo must be ${Math.round(sponsorLogoRules.svgMaxBytes / KIB)} KB or smaller.`,
  dimensions: `The logo must be between ${sponsorLogoRules.minPixels} and ${sponsorLogoRules.maxPixels} pixels wide and high.`,
  "svg-script":
    "The SVG contains a script. Logos are shown as pictures only: export it again without scripts and upload it again.",
  "svg-event-handler":
    "The SVG contains an event handler attribute (such as onload or onclick). Export it again without interactivity and upload it again.",
  "svg-external":
    "The SVG refers to another file or website (an image, font or style sheet elsewhere). Embed everything in the file, or upload a PNG or WebP.",
  "svg-foreign-object":
    "The SVG embeds other content (foreignObject). Export it again as plain shapes and text, or upload a PNG or WebP.",
  "svg-element":
    "The SVG uses elements a logo cannot have here (such as animation, style sheets or embedded documents). Export it again as plain shapes and text, or upload a PNG or WebP.",
  "svg-malformed": "The SVG could not be read. Export it again from your design tool, or upload a PNG or WebP.",
  "svg-no-size": "The SVG has no size: give its root element a viewBox (or a width and height) and upload it again.",
  failed: "The upload didn't finish. Please try again.",
  "rate-limited": "Too many uploads in a short time. Please wait a minute and try again.",
};

/** The failure a URL's `error` parameter names, or null. */
export function sponsorLogoFailureOf(value: string | null): SponsorLogoFailure | null {
  return value !== null && Object.hasOwn(sponsorLogoFailureMessages, value) ? (value as SponsorLogoFailure) : null;
}

export const sponsorPresenceMessages = {
  pageTitle: "Your sponsor presence",
  pageLead: (companyName: string, tier: string, editionName: string) =>
    `How ${companyName} appears on the site as a ${tier} sponsor of the ${editionName}. The organizers review what you give before it is shown.`,
  placements: (where: string, ends: string) => `Once approved, your logo appears on ${where} until ${ends}.`,
  detailsTitle: "Name, website and description",
  displayNameLabel: "Name to show",
  displayNameRequired: "Enter the name to show.",
  displayNameTooLong: `Keep the name to ${sponsorPresenceRules.displayNameMax} characters.`,
  websiteLabel: "Website",
  websiteHint: "Starts with https://. Your logo links to it.",
  websiteInvalid: "Enter a web address starting with https://.",
  websiteTooLong: `Keep the address to ${sponsorPresenceRules.websiteMax} characters.`,
  descriptionLabel: "Short description",
  descriptionHint: `Plain text, at most ${sponsorPresenceRules.descriptionMax} characters.`,
  descriptionTooLong: `Keep the description to ${sponsorPresenceRules.descriptionMax} characters.`,
  saveDetails: "Save and send for review",
  logoTitle: "Logo",
  logoHint: `${sponsorLogoRules.formats}; at most ${formatMegabytes(sponsorLogoRules.rasterMaxBytes)} (SVG ${Math.round(sponsorLogoRules.svgMaxBytes / KIB)} KB), ${sponsorLogoRules.minPixels} to ${sponsorLogoRules.maxPixels} pixels each way. A wide logo on a transparent background reads best.`,
  logoLabel: "Logo file",
  uploadLogo: "Upload and send for review",
  logoUploaded: "Logo uploaded. The organizers will review it.",
  detailsSaved: "Saved. The organizers will review it.",
  draftSaved: "Saved. It goes to the organizers' review once it has a logo too.",
  currentLogo: "The logo you gave",
  shownLogo: "Shown on the site now",
  noLogo: "No logo yet.",
  status: {
    draft: "Not sent for review yet: it needs a name and a logo.",
    submitted: "Waiting for the organizers' review.",
    approved: "Approved: shown on the site.",
    returned: "Returned by the organizers:",
  },
  stillShown: "Until the organizers approve your changes, the copy they approved before stays on the site.",
  rateLimited: "Too many changes in a short time. Please wait a minute and try again.",
  unknownIntent: "That form is not on this page any more. Please try again.",
  notFound: "This account has no paid sponsorship.",
  accountLink: "Your sponsor presence",
  accountLinkLead: "your name, logo and website on the site",
} as const;

export const sponsorReviewMessages = {
  sectionTitle: "Sponsor presence to review",
  sectionLead: "What each paid sponsor gave for the site. Approve it, or return it with a reason the sponsor reads.",
  empty: "Nothing to review.",
  approvedTitle: "Shown on the site",
  approvedEmpty: "No sponsor is shown yet.",
  reasonLabel: "Reason",
  reasonHint: "The sponsor reads it in an e-mail and on /account/sponsor.",
  reasonRequired: "Say why it is returned.",
  reasonTooLong: `Keep the reason to ${sponsorPresenceRules.returnReasonMax} characters.`,
  approve: "Approve",
  return: "Return",
  unknown: "That sponsor presence is not waiting for review.",
  approved: (name: string) => `${name} is approved and shown on the site.`,
  returned: (name: string) => `${name} is returned to the sponsor.`,
  approveSummary: (name: string) => `Approved the sponsor presence of ${name}`,
  returnSummary: (name: string) => `Returned the sponsor presence of ${name}`,
  approvedToast: "Approved",
  returnedToast: "Returned",
  logoAlt: (name: string) => `Logo given by ${name}`,
} as const;
