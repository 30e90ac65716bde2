/**
 * The organizers' desk (issue 32, ADR 018): its rules and the words its
 * pages, the organizer API and the CLI answer with (with JavaScript on or
 * off, the same words).
 */
/** The organizers' roles (ARCHITECTURE.md, Organizer actions); what each may do is app/organize/roles.ts. */
export const organizerRoleNames = ["director", "coordinator", "registrar", "viewer"] as const;
export type OrganizerRoleName = (typeof organizerRoleNames)[number];

export const deskRules = {
  /** A desk session ends after this long without a request to the desk: a working day. */
  idleHours: 8,
  /** A proposal of the two-person rule may be confirmed for this long. */
  proposalValidHours: 24,
  /** Rows per page of the desk's tables. */
  pageSize: 50,
  /** An API token's name. */
  tokenNameMaxChars: 60,
  /** A reason an action records. */
  reasonMaxChars: 1000,
  /** A name given with an invitation. */
  nameMaxChars: 120,
} as const;

/** What each role is for, as the organizers page says it. */
export const organizerRoleText: Record<OrganizerRoleName, { label: string; description: string }> = {
  director: {
    label: "Director",
    description: "Everything: grants and removes roles, confirms one-way publications.",
  },
  coordinator: {
    label: "Coordinator",
    description: "Judges, assignments, conflicts, appeals, the showcase and the vote review.",
  },
  registrar: {
    label: "Registrar",
    description: "People, registrations, organizations, sponsorships, credentials and messages.",
  },
  viewer: { label: "Viewer", description: "Reads the overview and the reports." },
};

export const deskMessages = {
  signInRequired: "Sign in with your organizer account to open the organizers' desk.",
  sessionExpired:
    "Your desk session ended after a working day without activity. Sign in again with your authenticator code.",
  rateLimited: "Too many changes in a row. Wait a minute, then try again.",
  unknownIntent: "That form is not one of this page's. Reload the page and try again.",
  notAllowed: "Your organizer role does not allow this.",
  deskOnly: "This is done on the desk only (/organize), signed in with your authenticator code.",
  changedMeanwhile: "This changed while you were looking. Reload the page and try again.",
  // Roles
  accountUnknown: (email: string) =>
    `No account uses ${email}. Ask the person to create an account with that address first.`,
  accountUnverified: (email: string) =>
    `${email} has not verified its address yet. Ask the person to follow the link in their verification e-mail first.`,
  secondFactorOff: (email: string) =>
    `${email} has not turned on two-step sign-in. Ask the person to turn it on from their account page first.`,
  lastDirector: "The desk needs at least one director: grant the director role to someone else first.",
  notAnOrganizer: (email: string) => `${email} holds no organizer role.`,
  // Bootstrap
  bootstrapClosed: "Bootstrapping is closed: a director exists. Directors grant every other role on the desk.",
  bootstrapDirectorOnly: "The first organizer is a director.",
  bootstrapSecretWrong: "The bootstrap secret is wrong.",
  // Tokens
  tokenNameRequired: "Give the token a name that says where it is used.",
  tokenNameTooLong: `A token's name is at most ${deskRules.tokenNameMaxChars} characters.`,
  tokenUnknown: "That token is not one you may revoke.",
  apiTokenMissing: "Send an organizer API token: Authorization: Bearer <token> (create one at /organize/tokens).",
  apiTokenRefused:
    "This API token is not valid: it is unknown or revoked, or its owner no longer holds an organizer role (or has turned two-step sign-in off).",
  // The two-person rule
  proposalUnknown: "There is no such proposal.",
  proposalExpired: "This proposal has expired (proposals last 24 hours). Propose it again.",
  proposalDecided: "This proposal was confirmed already.",
  proposalOwn: "A different director must confirm what you proposed.",
  proposalStale:
    "What this proposal would do has changed since it was proposed, so it cannot be confirmed as shown. Propose it again to see the new preview.",
  proposalDeskOnly: "A proposal is confirmed on the desk, with your authenticator code, not through the API.",
  codeWrong: "That code is not right. Enter the 6-digit code from your authenticator app, or a recovery code.",
  codeLocked: "Too many wrong codes. Wait 15 minutes, then try again.",
  proposedOnly: "This action needs a second director: it is proposed first, then confirmed on the desk.",
} as const;

/**
 * The daily jobs (workers/daily-jobs.ts, the DATA_LIFECYCLE_CRON trigger):
 * each run writes one audit row, action `dailyJobAction`, actor the job's
 * name, and the overview shows each job's latest.
 */
export const dailyJobNames = [
  "data-lifecycle",
  "submission-retention",
  "judging-retention",
  "judging-assignment",
  "innovator-credentials",
] as const;
export type DailyJobName = (typeof dailyJobNames)[number];

/** The audit log's action id of a daily job's run. */
export const dailyJobAction = "daily-jobs.run";

export const dailyJobText: Record<DailyJobName, { label: string; does: string }> = {
  "data-lifecycle": {
    label: "Data lifecycle",
    does: "Expires abandoned checkouts and applies the privacy policy's retention periods.",
  },
  "submission-retention": {
    label: "Submission retention",
    does: "Deletes projects and their files past their retention period.",
  },
  "judging-retention": {
    label: "Judging records' retention",
    does: "Deletes judging records past their retention period.",
  },
  "judging-assignment": {
    label: "Judging assignment",
    does: "Assigns every project to judges on judging's first day, unless an organizer did.",
  },
  "innovator-credentials": {
    label: "AI Innovator credentials",
    does: "Issues AI Innovator once the submission deadline has passed.",
  },
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The one line each job's audit row says (its facts after hold the whole result). */
export const dailyJobSummaries = {
  done: "Done.",
  failed: (error: string) => `Failed: ${error}`,
  dataLifecycle: (expiredCheckouts: number, retentionRows: number) =>
    `Expired ${plural(expiredCheckouts, "abandoned checkout")}; the retention periods removed or anonymized ${plural(retentionRows, "row")}.`,
  submissionRetention: (teams: number, files: number) =>
    teams === 0
      ? "No edition's projects are past their retention period."
      : `Deleted ${plural(teams, "team")} and ${plural(files, "stored file")}.`,
  judgingRetention: (rows: number) =>
    rows === 0
      ? "No edition's judging records are past their retention period."
      : `Deleted ${plural(rows, "judging record")}.`,
  judgingAssignment: (editions: number, assigned: number) =>
    editions === 0
      ? "Nothing to assign today."
      : `Assigned ${plural(assigned, "project-judge pair")} in ${plural(editions, "edition")}.`,
  innovatorCredentials: (issued: number) =>
    issued === 0 ? "No AI Innovator credential was due." : `Issued ${plural(issued, "AI Innovator credential")}.`,
} as const;

/** The overview's counts (/organize): their words, and how many organizations it lists. */
export const overviewText = {
  countsTitle: "The edition in numbers",
  registrationsCaption: "Paid registrations by plan and pricing phase",
  registrationsNote:
    "Paid registrations of this edition, by the price they were bought at; employees who joined with a company code are counted below.",
  planColumn: "Plan",
  totalColumn: "Total",
  enrolled: "Employees enrolled with a company code",
  teams: "Teams",
  submitted: "Projects submitted",
  votes: "Showcase votes cast",
  votesNote: "A count only: the tally is published after the vote closes.",
  companiesTitle: "Organizations and their employees",
  companiesCaption: "Organizations of this edition, most employees first",
  companiesHead: ["Organization", "Company code", "Employees enrolled"],
  companiesNone: "No organization has bought a Workforce Package for this edition yet.",
  companyCodeRevoked: "none (revoked)",
  companiesMore: (shown: number, total: number) => `The ${shown} organizations with the most employees, of ${total}.`,
  coverageTitle: "Score coverage",
  coverageProjects: "Projects with every score set",
  coverageSets: "Score sets complete",
  coverageNone: "No project has been submitted yet.",
  jobsTitle: "Daily jobs",
  jobsCaption: "Each daily job's latest run",
  jobsHead: ["Job", "Last run", "Outcome", "What it did"],
  jobNeverRan: "Not yet run",
  jobOutcome: { done: "Done", failed: "Failed" },
} as const;

export const overviewRules = {
  /** Organizations listed on the overview (most employees first); the rest are counted. */
  companiesShown: 25,
} as const;

/**
 * People, payments and organizations (issue 33): the registrar's pages
 * (/organize/people, /organize/people/:id, /organize/registrations,
 * /organize/sponsorships, /organize/organizations, /organize/inbox), their
 * rules and every sentence they show.
 */
export const peopleRules = {
  /** The longest search text: a name or an address. */
  searchMaxChars: 100,
  /** The shortest search text worth sending: one character matches nearly everyone. */
  searchMinChars: 2,
} as const;

export const peopleText = {
  searchTitle: "People",
  searchLead: "Find an account by name or e-mail address, then open its page.",
  searchLabel: "Name or e-mail",
  searchHint: `At least ${peopleRules.searchMinChars} characters; part of a name or address is enough, upper or lower case alike.`,
  searchButton: "Search",
  searchCaption: "Accounts that match",
  searchHead: ["Person", "Account created", "Verified", "Two-step sign-in"],
  searchNone: (q: string) => `No account's name or address contains "${q}".`,
  searchTooShort: `Type at least ${peopleRules.searchMinChars} characters.`,
  searchCount: (n: number) => `${n} ${n === 1 ? "account matches" : "accounts match"}.`,
  yes: "Yes",
  no: "No",
  personTitle: "A person",
  personLead: "Everything the site holds about this account that an organizer may need, edition by edition.",
  personUnknown: "No such account.",
  accountTitle: "Account",
  accountFacts: {
    name: "Name",
    email: "E-mail",
    verified: "Address verified",
    twoFactor: "Two-step sign-in",
    created: "Account created",
  },
  noName: "(no name given)",
  registrationsTitle: "Registrations and payments",
  registrationsCaption: "This person's registrations, every edition",
  registrationsHead: ["Edition", "Plan", "Status", "Amount", "Refunded", "Paid", "Organization"],
  registrationsNone: "No registration.",
  sponsorshipsTitle: "Sponsorships",
  sponsorshipsCaption: "This person's sponsorships, every edition",
  sponsorshipsHead: ["Edition", "Tier", "Status", "Amount", "Refunded", "Paid", "Company"],
  sponsorshipsNone: "No sponsorship.",
  organizationTitle: "Organization",
  organizationCaption: "This person's organizations",
  organizationHead: ["Edition", "Organization", "As"],
  organizationNone: "Neither an employee nor an administrator of an organization.",
  organizationAs: {
    owner: "Bought the Workforce Package",
    admin: "Co-administrator",
    employee: "Employee (company code)",
  },
  teamsTitle: "Teams and submissions",
  teamsCaption: "This person's teams and their projects",
  teamsHead: ["Edition", "Team", "Role", "Project", "Submitted"],
  teamsNone: "Not on a team.",
  workingAlone: "(working alone)",
  noProject: "No project yet",
  draft: "Draft",
  votesTitle: "Showcase votes",
  votesNote: "How many votes this account cast and when; never for whom.",
  votesCaption: "This person's showcase votes, by edition",
  votesHead: ["Edition", "Votes", "Excluded", "First cast", "Last cast"],
  votesNone: "No showcase vote.",
  credentialsTitle: "Credentials",
  credentialsCaption: "This person's credentials",
  credentialsHead: ["Edition", "Credential", "Issued", "Status"],
  credentialsNone: "No credential.",
  credentialRevoked: (at: string) => `Revoked ${at}`,
  credentialActive: "Active",
  judgeTitle: "Judge",
  judgeCaption: "Editions this person judges or judged",
  judgeHead: ["Edition", "Joined", "Stepped down"],
  judgeNone: "Not a judge.",
  organizerTitle: "Organizer role",
  organizerNone: "No role on the organizers' desk.",
  organizerRole: (role: string, at: string, by: string) => `${role}, since ${at} (granted by ${by})`,
  editionLabel: "Edition",
  allEditions: "Every edition",
  anyValue: "Any",
  filterButton: "Show",
  downloadCsv: "Download these rows as CSV",
  registrationsPageTitle: "Registrations",
  registrationsPageLead: (edition: string) => `${edition}: every registration, by plan and status.`,
  planLabel: "Plan",
  statusLabel: "Status",
  tierLabel: "Tier",
  registrationsListCaption: "Registrations",
  registrationsListHead: ["Person", "Plan", "Status", "Amount", "Registered", "Paid"],
  registrationsListNone: "No registration matches this filter.",
  sponsorshipsPageTitle: "Sponsorships",
  sponsorshipsPageLead: (edition: string) => `${edition}: every sponsorship, by tier and status.`,
  sponsorshipsListCaption: "Sponsorships",
  sponsorshipsListHead: ["Company", "Contact", "Tier", "Status", "Amount", "Paid"],
  sponsorshipsListNone: "No sponsorship matches this filter.",
  organizationsPageTitle: "Organizations",
  organizationsPageLead: (edition: string) =>
    `${edition}: every paid Workforce Package, its company code and the employees enrolled with it.`,
  organizationsListCaption: "Organizations and their employees",
  organizationsListHead: ["Organization", "Bought by", "Company code", "Employees enrolled"],
  organizationsListNone: "No organization has bought a Workforce Package for this edition.",
  codeRevoked: "none (revoked)",
  inboxTitle: "Messages received",
  inboxLead: "Contact messages and judge/advisor interest forms: unhandled first, newest first.",
  contactsTitle: "Contact messages",
  contactsCount: (open: number, handled: number) => `${open} waiting, ${handled} handled.`,
  contactsNone: "No contact message yet.",
  interestsTitle: "Judge and advisor interest forms",
  interestsNone: "No interest form yet.",
  interestsInvite: "Invite judges from these forms on the Judges page",
  received: "Received",
  handledBy: (at: string, by: string) => `Handled ${at} by ${by}`,
  waiting: "Waiting",
  noSubject: "(no subject)",
  markHandled: "Mark handled",
  reopen: "Reopen",
  /** The toasts' titles after marking handled or reopening. */
  contactToast: "Contact message",
  interestToast: "Interest form",
  untitledProject: "(untitled project)",
} as const;

/** What marking a message handled answers (the desk's toast, the API's message, the CLI's line). */
export const handledMessages = {
  contactUnknown: "No such contact message.",
  interestUnknown: "No such interest form.",
  alreadyHandled: "It was already marked handled.",
  alreadyOpen: "It was not marked handled.",
  contactHandled: (name: string) => `${name}'s message is marked handled.`,
  contactReopened: (name: string) => `${name}'s message is waiting again.`,
  interestHandled: (name: string) => `${name}'s interest form is marked handled.`,
  interestReopened: (name: string) => `${name}'s interest form is waiting again.`,
  stateRequired: 'Say "handled" or "open".',
} as const;

/** The exports (`npm run admin -- export …`, the desk's CSV links): each a registered query. */
export const exportNames = [
  "contacts",
  "interests",
  "registrations",
  "sponsorships",
  "subscribers",
  "organizations",
] as const;
export type ExportName = (typeof exportNames)[number];
