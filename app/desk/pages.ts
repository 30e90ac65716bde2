/**
 * Every page of the organizers' desk and the permission it needs (issue 32,
 * ADR 018), in one place: the desk's middleware admits a request only to a
 * path listed here, for a role holding its permission (anything else under
 * /organize answers 404: app/organize/guard.server.ts); the desk's menu
 * lists the pages a role may open; the access tests walk this list. A new
 * desk page adds one line here and one in app/routes.ts.
 */
import type { Desk, DeskPage } from "~/organize/guard.server";

export const deskPages = [
  // In the order of the organizers' guide's tasks (docs/admin.md): people first, the edition's course after.
  // The overview keeps counts under the judging report's token (app/desk/overview.server.ts).
  { path: "/organize", menu: "Overview", permission: "read:desk", version: "judging-report" },
  { path: "/organize/people", menu: "People", permission: "read:person" },
  { path: "/organize/people/:id", permission: "read:person" },
  { path: "/organize/teams/:id", permission: "read:person" },
  { path: "/organize/registrations", menu: "Registrations", permission: "read:registration" },
  { path: "/organize/registrations.csv", permission: "read:registration" },
  { path: "/organize/sponsorships", menu: "Sponsorships", permission: "read:sponsorship" },
  { path: "/organize/sponsorships.csv", permission: "read:sponsorship" },
  { path: "/organize/sponsor-logos/:id", permission: "read:sponsorship" },
  { path: "/organize/profile-photos/:id", permission: "read:judge" },
  { path: "/organize/invoices", menu: "Invoices", permission: "read:invoice" },
  { path: "/organize/invoices.csv", permission: "read:invoice" },
  { path: "/organize/organizations", menu: "Organizations", permission: "read:organization" },
  { path: "/organize/organizations.csv", permission: "read:organization" },
  { path: "/organize/organizations/:id", permission: "read:organization" },
  { path: "/organize/organization-logos/:id", permission: "read:organization" },
  { path: "/organize/inbox", menu: "Messages received", permission: "read:message" },
  { path: "/organize/credentials", menu: "Credentials", permission: "read:credential" },
  { path: "/organize/judges", menu: "Judges", permission: "read:judge" },
  { path: "/organize/assignments", menu: "Assignments", permission: "read:assignment" },
  { path: "/organize/showcase", menu: "Showcase", permission: "read:showcase" },
  { path: "/organize/votes", menu: "Vote review", permission: "read:vote", version: "vote-review" },
  { path: "/organize/report", menu: "Report", permission: "read:report", version: "judging-report" },
  { path: "/organize/report.csv", permission: "read:report" },
  { path: "/organize/results", menu: "Results", permission: "propose:publication", version: "judging-report" },
  { path: "/organize/appeals", menu: "Appeals", permission: "read:appeal" },
  { path: "/organize/messages", menu: "Messages", permission: "read:message" },
  { path: "/organize/editions", menu: "Editions", permission: "read:edition" },
  { path: "/organize/editions/:id", permission: "read:edition" },
  { path: "/organize/proposals", menu: "Proposals", permission: "read:proposal" },
  { path: "/organize/proposals/:id", permission: "read:proposal" },
  { path: "/organize/audit", menu: "Audit log", permission: "read:audit" },
  { path: "/organize/audit.csv", permission: "read:audit" },
  { path: "/organize/audit/chain", permission: "verify:audit" },
  { path: "/organize/organizers", menu: "Organizers", permission: "read:organizer" },
  { path: "/organize/tokens", menu: "API tokens", permission: "create:token" },
  { path: "/organize/preview", menu: "Preview the site", permission: "preview:site" },
] as const satisfies readonly DeskPage[];

/**
 * Whether the role may open the desk's page of one team and of one
 * organization, read from the table above: the pages that name a team or an
 * organization link its name there only for a role the link would admit
 * (issue 51).
 */
export function deskLinks(desk: Pick<Desk, "can">) {
  const mayOpen = (path: (typeof deskPages)[number]["path"]) =>
    desk.can(deskPages.find((page) => page.path === path)!.permission);
  return { team: mayOpen("/organize/teams/:id"), organization: mayOpen("/organize/organizations/:id") };
}

export type DeskLinks = ReturnType<typeof deskLinks>;
