/**
 * Every public page of SPEC.md §2, once. The sitemap, robots.txt and the
 * site-wide tests (crawler, accessibility) read this list, so a page added to
 * app/routes.ts belongs here too.
 */

export type PublicRouteKind = "content" | "form" | "transactional";

export interface PublicRoute {
  /** Path without query or trailing slash. */
  readonly path: string;
  readonly name: string;
  readonly kind: PublicRouteKind;
  /**
   * Listed in sitemap.xml. Pages that only make sense after an action (the
   * success pages) or that hold nothing to index (sign-in) are left out.
   */
  readonly inSitemap: boolean;
}

export const publicRoutes = [
  { path: "/", name: "Home", kind: "content", inSitemap: true },
  { path: "/employees", name: "For Employees", kind: "content", inSitemap: true },
  { path: "/organizations", name: "For Organizations", kind: "content", inSitemap: true },
  { path: "/sponsors", name: "Sponsors", kind: "content", inSitemap: true },
  { path: "/about", name: "About", kind: "content", inSitemap: true },
  { path: "/timeline", name: "Timeline", kind: "content", inSitemap: true },
  { path: "/training", name: "Training and Certification", kind: "content", inSitemap: true },
  { path: "/why-join", name: "Why Join", kind: "content", inSitemap: true },
  { path: "/submission-guidelines", name: "Submission Guidelines", kind: "content", inSitemap: true },
  // Its ROI calculator updates live with JavaScript (ARCHITECTURE: "the ROI calculator" hydrates).
  { path: "/workforce-package", name: "Workforce Package", kind: "form", inSitemap: true },
  { path: "/employer-recognition", name: "Employer Recognition", kind: "content", inSitemap: true },
  { path: "/enrollment-process", name: "Enrollment Process", kind: "content", inSitemap: true },
  // Issue 25: the projects of the edition, from the showcase's start; each project's page is /showcase/:slug.
  { path: "/showcase", name: "Project Showcase", kind: "content", inSitemap: true },
  { path: "/faq", name: "FAQ", kind: "content", inSitemap: true },
  { path: "/why-sponsor", name: "Why Sponsor", kind: "content", inSitemap: true },
  { path: "/mission-vision", name: "Mission & Vision", kind: "content", inSitemap: true },
  // Issue 55: the edition's goals against its figures, counted live; no JavaScript.
  { path: "/impact", name: "Impact", kind: "content", inSitemap: true },
  { path: "/contact", name: "Contact", kind: "form", inSitemap: true },
  { path: "/judges-advisors", name: "Judges & Advisors", kind: "content", inSitemap: true },
  { path: "/judge-advisor-register", name: "Judge or Advisor Interest", kind: "form", inSitemap: true },
  { path: "/legal", name: "Legal", kind: "content", inSitemap: true },
  { path: "/terms-of-service", name: "Terms of Service", kind: "content", inSitemap: true },
  { path: "/privacy-policy", name: "Privacy Policy", kind: "content", inSitemap: true },
  { path: "/sponsor-agreement", name: "Sponsor Agreement", kind: "content", inSitemap: true },
  { path: "/contest-rules", name: "Contest Rules", kind: "content", inSitemap: true },
  { path: "/register", name: "Register", kind: "form", inSitemap: true },
  { path: "/sponsor-register", name: "Become a Sponsor", kind: "form", inSitemap: true },
  { path: "/next-edition", name: "Next Edition List", kind: "form", inSitemap: true },
  { path: "/auth", name: "Sign Up or Sign In", kind: "form", inSitemap: false },
  // Issue 26: a plain POST form with no JavaScript at all, so it weighs and behaves like a content page.
  { path: "/verify", name: "Verify a Credential", kind: "content", inSitemap: true },
  // Issue 13. The pages behind e-mailed links (/verify-email, /auth/reset-password) need their token: not listed.
  { path: "/auth/forgot-password", name: "Forgot Your Password", kind: "form", inSitemap: false },
  { path: "/sponsor-success", name: "Sponsorship Thank You", kind: "transactional", inSitemap: false },
  { path: "/registration-success", name: "Registration Success", kind: "transactional", inSitemap: false },
] as const satisfies readonly PublicRoute[];

export type PublicPath = (typeof publicRoutes)[number]["path"];

export const sitemapRoutes: readonly PublicRoute[] = publicRoutes.filter((r) => r.inSitemap);

/** Paths robots.txt keeps crawlers out of: the API and the local-only stand-ins. */
export const disallowedPathPrefixes = ["/api/", "/dev/"] as const;
