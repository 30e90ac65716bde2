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
  readonly location: string;
  readonly copyrightYear: number;
  readonly supportHours: SupportHours;
  readonly responseTimeHours: number;
  /**
   * The right-hand side of calendar UIDs (RFC 5545). An identifier, not an
   * address: it must never change, or every subscribed calendar would
   * duplicate its events.
   */
  readonly calendarUidDomain: string;
}

const hours = { days: "Monday–Friday", open: "8:00 AM", close: "6:00 PM", zone: "MT" } as const;

export const site = {
  name: "Idaho AI Challenge",
  fullName: "Idaho Statewide AI Upskilling Challenge",
  tagline:
    "Learn to use AI at work, apply it to a real workplace problem, and compete for a place at the State Capital Finals.",
  location: "Rexburg, Idaho",
  copyrightYear: 2025,
  supportHours: { ...hours, label: `${hours.days}, ${hours.open}–${hours.close} ${hours.zone}` },
  responseTimeHours: 24,
  calendarUidDomain: "idahoaichallenge.org",
} as const satisfies Site;

/**
 * The contact mailbox, phone number and the organizer's legal name. The spec
 * gives none of them, so they are configuration, not content: `[vars]` in
 * wrangler.toml, read in one place (app/lib/site-config.server.ts) and handed
 * to pages by the root loader (useSiteContact in app/lib/site-contact.ts).
 * Production refuses to start while any is unset or still the development
 * placeholder (app/lib/config.server.ts).
 */
export interface SiteContact {
  readonly email: string;
  /** As printed, e.g. "(208) 555-0100". */
  readonly phone: string;
  /** The public benefit corporation that runs the Challenge. */
  readonly organizerLegalName: string;
}

/**
 * Development's clearly fake contact details: a reserved example.org mailbox,
 * a 555-01xx number reserved for fiction and an invented name. wrangler.toml's
 * top-level [vars] holds the same values (a test checks it); production
 * refuses to start while any setting is still one of them.
 */
export const developmentSiteContact = {
  email: "hello@example.org",
  phone: "(208) 555-0100",
  organizerLegalName: "Example Organizer PBC",
} as const satisfies SiteContact;

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/**
 * "tel:+12085550100" from a printed number: ten digits are a US number
 * (+1); a number written with "+" keeps its own country code.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** The footer's and About page's credit line. */
export function organizerCredit(contact: Pick<SiteContact, "organizerLegalName">): string {
  return `The ${site.name} is organized by ${contact.organizerLegalName}, a public benefit corporation.`;
}

/**
 * Copy that names a contact detail: written as a function of the configured
 * contact, so content modules stay constants and never hold an address.
 */
export type ContactText = string | ((contact: SiteContact) => string);

export function contactText(text: ContactText, contact: SiteContact): string {
  return typeof text === "function" ? text(contact) : text;
}

/** Support channels named by the spec ("by email and phone"). */
export const supportChannels = ["Email", "Phone"] as const;
