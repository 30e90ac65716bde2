/**
 * The words of the one event log (app/events/): each account kind's one-line
 * summary as the log stores it (never naming the person: the reader adds who),
 * and how the desk's histories name who acted.
 */
export const accountEventSummaries = {
  "team.invitation-sent": "Invited someone to join the team",
  "team.member-joined": "Joined the team",
  "team.member-left": "Left the team",
  "team.member-removed": "Removed a member from the team",
  "team.project-submitted": "Submitted the project",
  "team.draft-deleted": "Deleted the team's draft and its files",
  "judging.invitation-accepted": "Accepted the invitation to judge",
  "advisors.invitation-accepted": "Accepted the invitation to advise",
  "judging.conflict-declared": "Declared a conflict of interest with a team",
  "organization.code-regenerated": "Regenerated the company code",
  "organization.employees-invited": "Invited employees",
  "organization.employee-removed": "Removed an employee",
  "organization.admin-invited": "Invited a co-administrator",
  "organization.admin-invitation-cancelled": "Cancelled a co-administrator invitation",
  "organization.admin-added": "Joined as co-administrator",
  "organization.admin-removed": "Removed a co-administrator",
  "organization.listing-requested": "Asked to be listed on the Employer Recognition page",
  "organization.listing-logo-uploaded": "Uploaded the organization's logo for its listing",
  "organization.unlisted": "Unlisted the organization from the Employer Recognition page",
  "sponsor.presence-saved": "Gave the sponsor's name, website and description for review",
  "sponsor.logo-uploaded": "Uploaded the sponsor's logo for review",
} as const;

/** An account acting for itself, by its role (the audit log's "who acted" filter shows these rows). */
export const accountRoleText = {
  participant: "Participant",
  judge: "Judge",
  advisor: "Advisor",
  admin: "Company admin",
  sponsor: "Sponsor",
} as const;

/** What an account acting for itself is called in a history, when its account is gone. */
export const formerAccount = {
  participant: "A former member",
  judge: "A former judge",
  advisor: "A former advisor",
  admin: "A former company admin",
  sponsor: "A former sponsor's contact",
} as const;

/** How the desk's histories name a daily job. */
export const jobActor = (name: string) => `Daily job: ${name}`;

/** How many rows of a history one page shows. */
export const historyPageSize = 50;

/** The desk's histories (/organize/teams/:id, /organize/people/:id, /organize/organizations/:id). */
export const historyText = {
  title: "History",
  lead: "Everything the event log holds about it, newest first: its members' and admins' own actions, judges' and organizers' decisions, and the daily jobs'.",
  caption: (of: string) => `History of ${of}, newest first`,
  head: ["When", "Who", "What"],
  none: "Nothing has happened to it yet.",
  teamTitle: (name: string) => `Team: ${name}`,
  soloTeam: "A solo project",
  teamLead: "The team, its members, its project's status, and its history.",
  membersCaption: "Members",
  membersHead: ["Address", "Role", "Joined"],
  project: (status: string | null) => (status ? `Project: ${status}.` : "No project saved yet."),
  organizationTitle: (name: string) => `Organization: ${name}`,
  organizationLead: "The organization's package and its history.",
  formerAccountAddress: "an account since deleted",
} as const;
