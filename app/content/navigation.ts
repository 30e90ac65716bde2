/** The site's menus (SPEC.md §2, shared frame): every header and footer link, once. */
import type { EnrollmentState } from "../clock/schedule";

export interface NavLinkItem {
  href: string;
  label: string;
}

export interface NavGroup {
  label: string;
  links: readonly NavLinkItem[];
}

export const headerGroups: readonly NavGroup[] = [
  {
    label: "For Employees",
    links: [
      { href: "/why-join", label: "Why Join" },
      { href: "/training", label: "Training & Certification" },
      { href: "/timeline", label: "Timeline" },
      { href: "/submission-guidelines", label: "Submission Guidelines" },
    ],
  },
  {
    label: "For Organizations",
    links: [
      { href: "/workforce-package", label: "Workforce Package" },
      { href: "/organizations#roi-impact", label: "ROI & Impact" },
      { href: "/employer-recognition", label: "Employer Recognition" },
      { href: "/enrollment-process", label: "Enrollment Process" },
    ],
  },
  {
    label: "Sponsors",
    links: [
      { href: "/why-sponsor", label: "Why Sponsor" },
      { href: "/sponsors#tiers", label: "Sponsorship Tiers" },
    ],
  },
  {
    label: "About",
    links: [
      { href: "/mission-vision", label: "Mission & Vision" },
      { href: "/judges-advisors", label: "Judges & Advisors" },
      { href: "/contest-rules", label: "Contest Rules" },
      { href: "/legal", label: "Legal" },
      { href: "/faq", label: "FAQ" },
      { href: "/contact", label: "Contact" },
    ],
  },
];

export const homeLink: NavLinkItem = { href: "/", label: "Home" };
/** Where a visitor leaves an address to hear about the next edition. */
export const nextEditionPath = "/next-edition";
/** The header's primary button, by phase (app/content/phases.ts). */
export const registerLink: NavLinkItem = { href: "/register", label: "Register Now" };
export const getNotifiedLink: NavLinkItem = { href: nextEditionPath, label: "Get notified" };
export const contactLink: NavLinkItem = { href: "/contact", label: "Contact Us" };
export const signInLink: NavLinkItem = { href: "/auth", label: "Sign In" };

/**
 * What a call to action that leads to payment (EnrollmentCta) says instead
 * while enrollment is not open, as a link to the next-edition list. Here, in
 * the shared frame's module, rather than in ./phases.ts: that module's edition
 * facts would then join every page's bundle.
 */
export const enrollmentClosedCtaLabels = {
  notYetOpen: "Enrollment has not opened yet: get notified",
  closed: "Enrollment has closed: hear about the next edition",
} as const satisfies Record<Exclude<EnrollmentState, "open">, string>;

/** A signed-in area (ARCHITECTURE.md, Signed-in areas) as the header's account menu links it. */
export interface AccountArea extends NavLinkItem {
  readonly id: string;
}

/**
 * The account menu's areas, in its order (issue 35). A person sees those they
 * may enter: each id's check is in app/account/areas.server.ts, which
 * TypeScript makes every entry here have. Adding an area is one line here and
 * its check there; the menu has room for any number of them.
 */
export const accountAreas = [
  { id: "portal", href: "/portal", label: "Portal" },
  { id: "judging", href: "/judging", label: "Judging" },
  { id: "organization", href: "/organization", label: "Organization" },
  { id: "organize", href: "/organize", label: "Organize" },
  { id: "account", href: "/account", label: "Your account" },
] as const satisfies readonly AccountArea[];

export type AccountAreaId = (typeof accountAreas)[number]["id"];

/** The account menu's own words. */
export const accountMenu = {
  /** The summary's name for screen readers, before the address it shows. */
  label: "Account menu",
  signedInAs: "Signed in as",
  signOut: "Sign Out",
} as const;

export const footerLinks: readonly NavLinkItem[] = [
  { href: "/employees", label: "For Employees" },
  { href: "/organizations", label: "For Organizations" },
  { href: "/sponsors", label: "Sponsors" },
  { href: "/about", label: "About" },
  { href: "/timeline", label: "Timeline" },
  { href: "/impact", label: "Impact" },
  { href: "/faq", label: "FAQ" },
  { href: "/contact", label: "Contact" },
  { href: "/terms-of-service", label: "Terms of Service" },
  { href: "/privacy-policy", label: "Privacy Policy" },
];
