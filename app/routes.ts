import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// One line per route of SPEC.md §2; each module is named after its path, and a
// folder's own page (/account, /portal, /organize …) is its index.tsx.
export default [
  index("routes/home.tsx"),

  // Audience and program pages (content).
  route("employees", "routes/employees.tsx"),
  route("organizations", "routes/organizations.tsx"),
  route("sponsors", "routes/sponsors.tsx"),
  route("about", "routes/about.tsx"),
  route("timeline", "routes/timeline.tsx"),
  route("timeline.ics", "routes/timeline[.]ics.ts"),
  route("training", "routes/training.tsx"),
  route("why-join", "routes/why-join.tsx"),
  route("submission-guidelines", "routes/submission-guidelines.tsx"),
  route("workforce-package", "routes/workforce-package.tsx"),
  route("employer-recognition", "routes/employer-recognition.tsx"),
  route("enrollment-process", "routes/enrollment-process.tsx"),
  // The public showcase and the audience vote (issue 25).
  route("showcase", "routes/showcase/index.tsx"),
  route("showcase/:slug", "routes/showcase/project.tsx"),

  // About, help and legal pages (content).
  route("faq", "routes/faq.tsx"),
  route("why-sponsor", "routes/why-sponsor.tsx"),
  route("mission-vision", "routes/mission-vision.tsx"),
  // The edition's goals against what happened (issue 55).
  route("impact", "routes/impact.tsx"),
  route("judges-advisors", "routes/judges-advisors.tsx"),
  route("legal", "routes/legal.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("sponsor-agreement", "routes/sponsor-agreement.tsx"),
  route("contest-rules", "routes/contest-rules.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  // Approved sponsors' logos (issue 54), by the SHA-256 of their content.
  route("sponsor-logos/:file", "routes/sponsor-logos.$file.ts"),
  // Recognized organizations' approved logos (issue 54), likewise.
  route("organization-logos/:file", "routes/organization-logos.$file.ts"),
  route("profile-photos/:file", "routes/profile-photos.$file.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),

  // Forms: contact, accounts, registration, sponsorship, judges and advisors.
  route("auth", "routes/auth.tsx"),
  route("sign-out", "routes/sign-out.tsx"),
  route("auth/two-factor", "routes/auth.two-factor.tsx"),
  layout("routes/account/layout.tsx", [
    route("account", "routes/account/index.tsx"),
    route("account/data.json", "routes/account/data[.]json.ts"),
    // The sponsors' report (issue 55): the account that paid a sponsorship.
    route("account/sponsor-report", "routes/account/sponsor-report.tsx"),
    // The sponsor's presence on the site (issue 54): its name, logo and website, sent for review.
    route("account/sponsor", "routes/account/sponsor.tsx"),
    route("account/sponsor/logo", "routes/account/sponsor-logo-upload.ts"),
    route("account/sponsor/logos/:file", "routes/account/sponsor-logo.ts"),
    // A judge's or advisor's public profile (issue 54).
    route("account/profile", "routes/account/profile.tsx"),
    route("account/profile/photo", "routes/account/profile-photo.ts"),
    // An invoice the account requested (issue 53).
    route("account/invoices/:id", "routes/account/invoice.tsx"),
  ]),
  // Account recovery (issue 13): the e-mailed links and the resend endpoint.
  route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("account/verify-email", "routes/verify-email.resend.tsx"),
  route("judge-advisor-register", "routes/judge-advisor-register.tsx"),
  route("dev/checkout/:id", "routes/dev.checkout.$id.tsx"),
  route("dev/checkout/invoice/:id", "routes/dev.checkout.invoice.$id.tsx"),
  route("register", "routes/register.tsx"),
  route("registration-success", "routes/registration-success.tsx"),
  route("sponsor-register", "routes/sponsor-register.tsx"),
  // Paying by invoice (issue 53): the request form and the printable quote.
  route("request-invoice", "routes/request-invoice.tsx"),
  route("quote", "routes/quote.tsx"),
  route("sponsor-success", "routes/sponsor-success.tsx"),
  route("contact", "routes/contact.tsx"),
  route("dev/mailbox", "routes/dev.mailbox.tsx"),

  // The next-edition list (issue 11): sign-up, and the links in its e-mail.
  route("next-edition", "routes/next-edition.tsx"),
  route("next-edition/confirm", "routes/next-edition.confirm.tsx"),
  route("next-edition/unsubscribe", "routes/next-edition.unsubscribe.tsx"),

  // The organization dashboard (issue 14): owners and co-administrators only.
  layout("routes/organization/layout.tsx", [
    route("organization", "routes/organization/index.tsx"),
    route("organization/invitation", "routes/organization/invitation.tsx"),
    layout("routes/organization/admin-layout.tsx", [
      route("organization/:id", "routes/organization/dashboard.tsx"),
      route("organization/:id/employees.csv", "routes/organization/employees[.]csv.ts"),
      route("organization/:id/certifications.csv", "routes/organization/certifications[.]csv.ts"),
      // The organization's impact report and its figures as CSV (issue 55).
      route("organization/:id/report", "routes/organization/report.tsx"),
      route("organization/:id/report.csv", "routes/organization/report[.]csv.ts"),
      // The public listing's logo (issue 54): uploaded (POST) and previewed under review (GET).
      route("organization/:id/listing-logo", "routes/organization/listing-logo.ts"),
    ]),
  ]),

  // The Challenge Portal (issue 15): enrolled participants, their teams and projects.
  layout("routes/portal/layout.tsx", [
    route("portal", "routes/portal/index.tsx"),
    layout("routes/portal/participant-layout.tsx", [
      route("portal/submission", "routes/portal/submission.tsx"),
      route("portal/upload", "routes/portal/upload.ts"),
    ]),
  ]),
  layout("routes/portal/signed-in-layout.tsx", [
    route("portal/invitation", "routes/portal/invitation.tsx"),
    route("portal/files/:id", "routes/portal/files.$id.ts"),
  ]),

  // Judging (issue 24): invited judges, their queue and each assigned project.
  layout("routes/judging/signed-in-layout.tsx", [route("judging/invitation", "routes/judging/invitation.tsx")]),
  layout("routes/judging/layout.tsx", [
    route("judging", "routes/judging/index.tsx"),
    route("judging/:teamId", "routes/judging/project.tsx"),
  ]),
  // The organizers' desk (issue 32, ADR 018): organizers by role; a page's permission is in app/desk/pages.ts.
  layout("routes/organize/layout.tsx", [
    route("organize", "routes/organize/index.tsx"),
    route("organize/judges", "routes/organize/judges.tsx"),
    route("organize/assignments", "routes/organize/assignments.tsx"),
    route("organize/appeals", "routes/organize/appeals.tsx"),
    route("organize/results", "routes/organize/results.tsx"),
    route("organize/votes", "routes/organize/votes.tsx"),
    route("organize/report", "routes/organize/report.tsx"),
    route("organize/showcase", "routes/organize/showcase.tsx"),
    route("organize/report.csv", "routes/organize/report[.]csv.ts"),
    route("organize/proposals", "routes/organize/proposals.tsx"),
    route("organize/proposals/:id", "routes/organize/proposal.tsx"),
    route("organize/audit", "routes/organize/audit.tsx"),
    route("organize/audit.csv", "routes/organize/audit[.]csv.ts"),
    route("organize/audit/chain", "routes/organize/audit-chain.tsx"),
    route("organize/organizers", "routes/organize/organizers.tsx"),
    route("organize/tokens", "routes/organize/tokens.tsx"),
    route("organize/people", "routes/organize/people.tsx"),
    route("organize/people/:id", "routes/organize/person.tsx"),
    route("organize/teams/:id", "routes/organize/team.tsx"),
    route("organize/registrations", "routes/organize/registrations.tsx"),
    route("organize/registrations.csv", "routes/organize/registrations[.]csv.ts"),
    route("organize/sponsorships", "routes/organize/sponsorships.tsx"),
    route("organize/sponsorships.csv", "routes/organize/sponsorships[.]csv.ts"),
    route("organize/sponsor-logos/:id", "routes/organize/sponsor-logo.ts"),
    route("organize/profile-photos/:id", "routes/organize/profile-photo.ts"),
    route("organize/invoices", "routes/organize/invoices.tsx"),
    route("organize/invoices.csv", "routes/organize/invoices[.]csv.ts"),
    route("organize/organizations", "routes/organize/organizations.tsx"),
    route("organize/organizations.csv", "routes/organize/organizations[.]csv.ts"),
    route("organize/organizations/:id", "routes/organize/organization.tsx"),
    route("organize/organization-logos/:id", "routes/organize/organization-logo.ts"),
    route("organize/inbox", "routes/organize/inbox.tsx"),
    route("organize/credentials", "routes/organize/credentials.tsx"),
    route("organize/messages", "routes/organize/messages.tsx"),
    // Editions as data (issue 52): drafts, their publication and changes of a published edition.
    route("organize/editions", "routes/organize/editions.tsx"),
    route("organize/editions/:id", "routes/organize/editions.$id.tsx"),
    route("organize/preview", "routes/organize/preview.tsx"),
  ]),
  // Credentials (issue 26): public pages, the issuer's profile and keys, revocation, and verifying any credential.
  route("credentials/issuer", "routes/credentials/issuer.ts"),
  route("credentials/issuer/keys/:keyId", "routes/credentials/issuer-key.ts"),
  route("credentials/status/:list", "routes/credentials/status-list.ts"),
  route("credentials/achievements/:edition/:achievement", "routes/credentials/achievement.ts"),
  route("credentials/:id", "routes/credentials/credential.tsx"),
  route("credentials/:id/credential.json", "routes/credentials/credential[.]json.ts"),
  route("verify", "routes/verify.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
