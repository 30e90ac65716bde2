/** Identity and contact facts shown in the header, footer and contact pages (SPEC.md §1, §2). */

export interface SupportHours {
  readonly days: string;
  readonly open: string;
  readonly close: string;
  readonly zone: string;
  /** Whole line as pages print it. */
  readonly label: string;
}

export interface Site {
  readonly name: string;
  readonly fullName: string;
  readonly tagline: string;
  readonly contactEmail: string;
  readonly contactEmailHref: string;
  /** As printed. */
  readonly phone: string;
  readonly phoneHref: string;
  readonly location: string;
  readonly copyrightYear: number;
  readonly organizerCredit: string;
  readonly supportHours: SupportHours;
  readonly responseTimeHours: number;
}

// TODO(organizers): confirm. The spec names no mailbox or phone number; these
// are placeholders (555-01xx is reserved for fiction) listed for the organizers.
const contactEmail = "info@idahoaichallenge.org";
const phone = "(208) 555-0142";
const phoneE164 = "+12085550142";

const hours = { days: "Monday–Friday", open: "8:00 AM", close: "6:00 PM", zone: "MT" } as const;

export const site = {
  name: "Idaho AI Challenge",
  fullName: "Idaho Statewide AI Upskilling Challenge",
  tagline:
    "Learn to use AI at work, apply it to a real workplace problem, and compete for a place at the State Capital Finals.",
  contactEmail,
  contactEmailHref: `mailto:${contactEmail}`,
  phone,
  phoneHref: `tel:${phoneE164}`,
  location: "Rexburg, Idaho",
  copyrightYear: 2025,
  // The spec does not give the corporation's legal name; name it here once the organizers do.
  organizerCredit: "The Idaho AI Challenge is organized by a public benefit corporation.",
  supportHours: { ...hours, label: `${hours.days}, ${hours.open}–${hours.close} ${hours.zone}` },
  responseTimeHours: 24,
} as const satisfies Site;

/** Support channels named by the spec ("by email and phone"). */
export const supportChannels = ["Email", "Phone"] as const;
