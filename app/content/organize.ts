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
  /**
   * A desk request records itself only when the last record is older than this (issue 56): the idle limit
   * is hours, so a few minutes' lag is nothing, and most desk requests then write nothing.
   */
  touchEveryMinutes: 5,
  /** A proposal of the two-person rule may be confirmed for this long. */
  proposalValidHours: 24,
  /** Rows per page of the desk's tables. */
  pageSize: 50,
  /**
   * Rows per page of each of /organize/assignments' three tables (issue 56): three tables on one page, the
   * conflicts' rows with a form each, kept as light as the report's page.
   */
  assignmentsPageSize: 20,
  /**
   * Rows per page of the desk's long lists (issue 56): /organize/showcase's projects, /organize/results' ranking,
   * the judging report's ranking, the audit log and the registrations, as light as the pages that stayed near
   * /faq's cost. Their CSVs keep every row.
   */
  listPageSize: 20,
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
  directorRoleProposed: (email: string) =>
    `${email} is a director: changing or removing a director's role needs a second director. Propose it in "Directors" below.`,
  notADirector: (email: string) => `${email} is not a director.`,
  alreadyDirector: (email: string) => `${email} is already a director.`,
  directorNeedsSecondFactor: (email: string) =>
    `${email} has not turned on two-step sign-in. A director confirms with a code, so ask the person to turn it on from their account page first.`,
  secondFactorAgain: "Enter the 6-digit code from your authenticator app (or a recovery code) to confirm this change.",
  // Bootstrap
  bootstrapClosed:
    "Bootstrapping is closed: two directors exist. Directors grant every other role on the desk, and propose every other director there.",
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
  proposalNewDirector:
    "You became a director after this was proposed, so you cannot confirm it: a director who held the role when it was proposed must.",
  proposalStale:
    "What this proposal would do has changed since it was proposed, so it cannot be confirmed as shown. Propose it again to see the new preview.",
  proposalDeskOnly: "A proposal is confirmed on the desk, with your authenticator code, not through the API.",
  codeWrong: "That code is not right. Enter the 6-digit code from your authenticator app, or a recovery code.",
  codeLocked: "Too many wrong codes. Wait 15 minutes, then try again.",
  proposedOnly: "This action needs a second director: it is proposed first, then confirmed on the desk.",
  secondFactorRequired: "This change asks for your authenticator code again, on the desk.",
} as const;

/** The e-mail every director gets when a director role is granted or removed (ADR 021). */
export const directorChangeText = {
  subject: (change: "granted" | "removed", email: string) =>
    change === "granted" ? `${email} is now a director of the organizers' desk` : `${email} is no longer a director`,
  unexpected:
    "If you did not expect this change, sign in to the desk at once, check the organizers and the audit log, and tell the other directors.",
  body: (p: {
    change: "granted" | "removed";
    email: string;
    proposedBy: string;
    confirmedBy: string;
    at: string;
    deskUrl: string;
  }) => [
    p.change === "granted"
      ? `${p.email} was granted the director role on the organizers' desk.`
      : `${p.email}'s director role was removed from the organizers' desk.`,
    "",
    `Proposed by ${p.proposedBy} and confirmed by ${p.confirmedBy}, ${p.at}.`,
    `The organizers: ${p.deskUrl}`,
    "",
    directorChangeText.unexpected,
  ],
};

/** What a director-role proposal's preview says. */
export const directorPreviewText = {
  grantSummary: (email: string) => `Make ${email} a director`,
  removeSummary: (email: string) => `Remove ${email}'s director role`,
  accountCaption: "The account",
  accountHead: ["Account", "Role now", "Role after", "Two-step sign-in"],
  directorsCaption: "Directors who will be e-mailed",
  directorsHead: ["Director"],
  note: "A director can grant and remove every role and confirm every one-way action. Confirm only a change you expected from the proposer.",
  noRole: "none",
  on: "on",
  off: "off",
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
  "impact-figures",
  "invoices-overdue",
  "tier-credentials",
] as const;
export type DailyJobName = (typeof dailyJobNames)[number];

/** The audit log's action id of a daily job's run. */
export const dailyJobAction = "daily-jobs.run";

export const dailyJobText: Record<DailyJobName, { label: string; does: string }> = {
  "tier-credentials": {
    label: "Organizations' tier credentials",
    does: "Issues, replaces or revokes each organization's recognition-tier credential to match its enrolled employees and its package, in case a change was missed.",
  },
  "invoices-overdue": {
    label: "Overdue invoices",
    does: "Marks open invoices past their due date overdue, in case Stripe's invoice.overdue event is not subscribed.",
  },
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
  "impact-figures": {
    label: "Impact figures",
    does: "Keeps each edition's impact figures, and freezes them after the edition's end.",
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
  tierCredentials: (issued: number, revoked: number) =>
    issued === 0 && revoked === 0
      ? "Every organization's tier credential already matched its enrolled employees."
      : `Issued ${plural(issued, "tier credential")} and revoked ${plural(revoked, "tier credential")}.`,
  invoicesOverdue: (marked: number) =>
    marked === 0 ? "No open invoice fell overdue." : `Marked ${plural(marked, "open invoice")} overdue.`,
  impactFigures: (editions: number, final: number) =>
    editions === 0
      ? "No edition's figures to record."
      : `Recorded the figures of ${plural(editions, "edition")}${final > 0 ? `, ${final} of them final` : ""}.`,
} as const;

/** The overview's counts (/organize): their words, and how many organizations it lists. */
/** /organize/report's filter of the ranking by score coverage (issue 56). */
export const reportCoverageFilters = {
  all: "Every project",
  missing: "Missing score sets (most missing first)",
  complete: "Complete",
} as const;
export type ReportCoverageFilter = keyof typeof reportCoverageFilters;

export const reportText = {
  filterLabel: "Show",
  filterButton: "Show",
  rankingCaption: "Ranking",
  noneMatch: "No project matches this filter.",
  /** "Showing 50 of 500 project(s)". */
  showing: (shown: number, total: number) => `${shown} of ${total} project(s) match.`,
} as const;

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
  /**
   * Rows of a page of a person's history, under their facts (issue 56): a busy organizer's history is always a
   * full page, and a page of the desk's 50 was most of the person's page; ten show what happened lately, the
   * older pages are a link away.
   */
  historyPageSize: 10,
  /** The newest invoices a person's page lists (issue 53): an account requests a few a year. */
  invoicesShown: 100,
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

// Messages and announcements (issue 33): /organize/messages, the organizer API
// (`announcements.*`, `messages.team`) and `npm run admin -- announce`.

/** Who an announcement can go to; each is one drizzle query in app/notifications/segments.server.ts. */
export const messageSegments = [
  "next-edition",
  "registrants",
  "participants",
  "submitted",
  "finalists",
  "judges",
  "organization-admins",
] as const;
export type MessageSegment = (typeof messageSegments)[number];

export const messageRules = {
  /**
   * Recipients written per send (one D1 batch: one INSERT … SELECT of the
   * outbox rows, the announcement's row and the audit row). D1 allows 100
   * bound parameters per statement and 1,000 queries per Worker invocation
   * (Workers Paid); the insert binds about ten values however many rows it
   * writes, so the bound is the time and size of one statement (30 s, rows
   * of a few KB each): 500 rows is well inside both.
   */
  batchSize: 500,
  /** Recipients listed on the preview (the count is the segment's whole). */
  previewRecipients: 10,
  subjectMaxChars: 150,
  bodyMaxChars: 20_000,
} as const;

export const messagesDesk = {
  title: "Messages",
  lead: (edition: string) =>
    `Announcements to a segment of the ${edition}'s people or the next-edition list, and messages to one team. Every e-mail goes through the outbox.`,
  segments: {
    "next-edition": {
      label: "The next-edition list (confirmed subscribers)",
      why: "",
    },
    registrants: {
      label: "Registrants (paid or enrolled with a company code)",
      why: "you registered for",
    },
    participants: { label: "Participants (members of a team)", why: "you are a member of a team in" },
    submitted: { label: "Teams that submitted a project", why: "your team submitted a project to" },
    finalists: { label: "Finalists' teams", why: "your team is a finalist of" },
    judges: { label: "Judges", why: "you judge" },
    "organization-admins": {
      label: "Organization admins (Workforce Package owners and co-administrators)",
      why: "you manage an organization's Workforce Package in",
    },
  } satisfies Record<MessageSegment, { label: string; why: string }>,
  teamWhy: "you are a member of a team in",
  composeTitle: "Write an announcement",
  composeNote:
    "Plain text: Markdown is sent as written, not rendered. Blank lines separate paragraphs. Preview first: nothing is sent until you press Send.",
  segmentLabel: "Send to",
  subjectLabel: "Subject",
  bodyLabel: "Message",
  previewButton: "Preview",
  previewTitle: "Preview",
  previewLead: (count: number) =>
    count === 1 ? "1 person will get this e-mail." : `${count.toLocaleString("en-US")} people will get this e-mail.`,
  previewWritten: (written: number) =>
    `${written.toLocaleString("en-US")} of them already have it from an earlier send of the same text: sending again writes only the missing ones.`,
  firstRecipients: "First recipients",
  recipientsHead: ["Name", "E-mail"],
  emailTitle: "The e-mail",
  emailSubject: "Subject",
  emailText: "Text",
  noRecipients: "Nobody is in this segment today: there is nothing to send.",
  testButton: "Send a test to myself",
  testDone: (email: string) => `A test e-mail is on its way to ${email}. It says [Test] and goes to nobody else.`,
  sendButton: (count: number) => `Send to ${count.toLocaleString("en-US")} ${count === 1 ? "person" : "people"}`,
  sendWarning:
    "Sending cannot be undone. It goes to exactly the people this preview counted: if anyone joined or left since, it is refused and you preview again. Each person gets one e-mail, however often this is sent; a large segment is written in batches of 500: continue from the list of past announcements.",
  pastTitle: "Past announcements and messages",
  pastCaption: "Announcements and team messages, newest first, with their e-mails in the outbox",
  pastHead: ["Sent", "To", "Subject", "By", "Written", "Queued", "Sent", "Failed", "Dead"],
  pastNone: "Nothing has been sent from the desk yet.",
  continueButton: "Preview the next batch",
  unfinished: "Not everyone has it yet: preview it again, then send the rest.",
  teamTitle: "A message to one team",
  teamNote: "Goes to every member of the team, with a preview first.",
  teamLabel: "Team",
  teamNone: "No team in this edition yet.",
  teamSegmentLabel: (team: string) => `The members of ${team}`,
  teamSent: "Message sent",
  announcementSent: "Announcement written to the outbox",
} as const;

export const messageErrors = {
  subjectRequired: "Enter a subject.",
  subjectTooLong: `The subject is at most ${messageRules.subjectMaxChars} characters.`,
  bodyRequired: "Write the message.",
  bodyTooLong: `The message is at most ${messageRules.bodyMaxChars.toLocaleString("en-US")} characters.`,
  segmentRequired: "Choose who gets it.",
  teamRequired: "Choose a team.",
  noSuchTeam: "No team of this edition has that id.",
  emptySegment: "Nobody is in this segment: nothing was sent.",
  recipientsChanged: (now: number) =>
    `The recipients changed since your preview (${now} people now, not the ones it listed): preview again before sending.`,
  previewFirst:
    "Preview first, then send with the recipients' fingerprint the preview gave (`expected`): a message goes only to the people a preview listed.",
  badId: "An announcement id is 16 hexadecimal characters (as the CLI prints it).",
  testNeedsPerson: "A test goes to the organizer who asks for it: a job has no address.",
} as const;

/** The outbox's requeue (`notifications.requeue`): the overview's button, the organizer API and `npm run admin -- requeue-dead`. */
export const requeueMessages = {
  noneDead: "No e-mail is dead: there is nothing to requeue.",
  done: (n: number) => `${n} dead e-mail(s) handed back to the outbox; the next sweep sends them.`,
} as const;

/** The e-mails' words (app/notifications/announcements.server.ts). */
export const messageEmailText = {
  testSubject: (subject: string) => `[Test] ${subject}`,
  testNote: (segment: string) =>
    `This is a test of an announcement to: ${segment}. Only you got it; the recipients' copy has no such note.`,
  why: (why: string, edition: string) =>
    `You're receiving this because ${why} the ${edition}. These e-mails are about the Challenge you take part in; to stop them, delete your account on /account or write to us.`,
  sampleUnsubscribe: "(each subscriber's own one-click unsubscribe link)",
} as const;

/**
 * Reads of personal data the audit log records (issue 50): the action id of
 * each kind of read, on the desk or through the API, and what its row says.
 */
export const personalDataReads = {
  "people.search": "Searched people",
  "people.read": "Read a person's page",
  "registrations.export": "Downloaded the registrations",
  "sponsorships.export": "Downloaded the sponsorships",
  "organizations.export": "Downloaded the organizations",
  "invoices.export": "Downloaded the invoices",
  "contacts.export": "Downloaded the contact messages",
  "interests.export": "Downloaded the judge and advisor interests",
  "subscribers.export": "Downloaded the subscribers",
  "audit.export": "Downloaded the audit log",
  "report.export": "Downloaded the judging report",
} as const;

export type PersonalDataRead = keyof typeof personalDataReads;

export const personalDataReadIds = Object.keys(personalDataReads) as PersonalDataRead[];

/** A read's one line in the log: what, and how many rows it returned. */
export const readSummary = (read: PersonalDataRead, rows: number) =>
  `${personalDataReads[read]} (${rows.toLocaleString("en-US")} ${rows === 1 ? "row" : "rows"})`;

/** The audit log filter's choice between changes and reads ("" for both). */
export const auditKinds = ["", "changes", "reads"] as const;
export type AuditKind = (typeof auditKinds)[number];

/** Whose rows the audit log shows: the organizers' and the jobs' (""), the accounts' own, or everyone's. */
export const auditActors = ["", "accounts", "everyone"] as const;
export type AuditActors = (typeof auditActors)[number];

/** The audit log's page: which rows the filter shows, and the chain's verification. */
export const auditText = {
  kinds: { "": "Changes and reads", changes: "Changes only", reads: "Reads of personal data only" },
  kindLabel: "Show",
  actors: {
    "": "Organizers and daily jobs",
    accounts: "Accounts acting for themselves (participants, judges, company admins)",
    everyone: "Everyone",
  },
  actorsLabel: "Who acted",
  /** Who an account's row says acted: its role (the row names no one, ADR 022). */
  accountActor: (role: string) => `${role}, acting for themselves`,
  verifyLink: "Verify the log's chain",
  chainTitle: "The audit log's chain",
  chainLead:
    "Each row carries a hash of its content and of the row before it, so a row rewritten or deleted from the middle shows here.",
  holds: (rows: number) =>
    `The chain holds: ${rows.toLocaleString("en-US")} ${rows === 1 ? "row" : "rows"} checked, each matching its hash and linked to the row before it.`,
  empty: "No row carries a hash yet: the chain begins with the next organizer action.",
  unchained: (rows: number) =>
    `${rows.toLocaleString("en-US")} earlier ${rows === 1 ? "row was" : "rows were"} written before the chain began (issue 50) and carry no hash: they cannot be verified.`,
  anchored: (prevId: number) =>
    `The chain starts at its first remaining row: the rows up to ${prevId} were removed after their retention period, and that row's copy of their last hash is the anchor.`,
  lastHash: "The last row's hash (note it somewhere else to tell later whether rows were rewritten after it):",
  breaks: (id: number) => `The chain breaks at row ${id}.`,
  reasons: {
    rewritten: "Its content no longer matches its hash: the row was changed after it was written.",
    missing: (prevId: number | null) =>
      prevId === null
        ? "It names no row before it although rows precede it."
        : `The row before it (${prevId}) is missing: a row was deleted from the middle of the log.`,
    relinked: "Its copy of the previous row's hash differs from that row's hash: the previous row's hash was changed.",
    unhashed: "It carries no hash although the chain had begun: it was written outside the log's writer.",
  },
  breakAdvice:
    "Rows from this one on cannot be trusted as written. Tell the other directors, and compare with the database's backups (docs/operations.md).",
} as const;

/**
 * The desk's team chooser (/organize/showcase's exception, /organize/messages'
 * team message): a `<select>` of at most `teamChooserRules.maxOptions` teams,
 * narrowed by a search (a GET form) when the edition has more (issue 56: every
 * team of a 2,000-team edition was 190 KB of options).
 */
export const teamChooserRules = { maxOptions: 50, searchMaxChars: 100 } as const;

export const teamChooserText = {
  searchLabel: "Find a team",
  searchHint: "Part of its name or id.",
  searchButton: "Find",
  showing: (shown: number, matching: number) =>
    `Showing ${shown.toLocaleString("en-US")} of ${matching.toLocaleString("en-US")} teams: find a team to narrow the list.`,
  matching: (matching: number, q: string) =>
    `${matching.toLocaleString("en-US")} ${matching === 1 ? "team matches" : "teams match"} “${q}”.`,
  noMatch: (q: string) => `No team matches “${q}”.`,
} as const;
