/**
 * Showcase moderation and late-submission exceptions (issue 33): the rules
 * and every sentence the desk (/organize/showcase), the organizer API, the
 * team's portal and the audit log use for them. Written once here.
 */

export const moderationRules = {
  /** A reason for hiding or showing a project, and for an exception: long enough to say why, short enough to read. */
  reasonMaxChars: 500,
  /** A late-submission exception adds whole hours to the edition's deadline, at most this many (ADR 018's two-person rule confirms it). */
  extensionMaxHours: 48,
  /** Projects per page of the desk's list (issue 56: as the desk's other long lists, `deskRules.listPageSize`). */
  projectsPageSize: 20,
  /** The longest search the desk's filter keeps. */
  searchMaxChars: 100,
} as const;

export const moderationMessages = {
  reasonRequired: "Say why, in a sentence the team can read.",
  reasonTooLong: `Keep the reason under ${moderationRules.reasonMaxChars} characters.`,
  hoursRequired: `Give a whole number of hours from 1 to ${moderationRules.extensionMaxHours}.`,
  teamRequired: "Choose a team.",
  unknownProject: "No submitted project of this edition has that id.",
  alreadyHidden: "This project is already hidden from the gallery.",
  notHidden: "This project is shown in the gallery already.",
  unknownTeam: "No team of this edition has that id.",
  notShorter: (current: string) =>
    `The team's deadline is already ${current}: an exception can only move it later. Choose more hours.`,
  alreadyOver: (until: string) =>
    `That many hours would end the team's time at ${until}, which has passed. Choose more hours (up to ${moderationRules.extensionMaxHours}).`,
  hidden: (title: string) => `"${title}" is hidden from the gallery; the team sees the reason on its portal.`,
  shown: (title: string) => `"${title}" is shown in the gallery again.`,
  extended: (team: string, until: string) => `${team} may now submit until ${until}.`,
} as const;

/** The audit log's one-line summaries. */
export const moderationSummaries = {
  hide: (title: string) => `Hid "${title}" from the gallery`,
  show: (title: string) => `Showed "${title}" in the gallery again`,
  extend: (team: string, hours: number, until: string) =>
    `Extended ${team}'s submission deadline by ${hours} h, to ${until}`,
} as const;

/** What /organize/showcase says. */
export const moderationDeskText = {
  title: "Showcase",
  lead: (edition: string) =>
    `${edition}: hide a submitted project from the public gallery (and show it again), and grant a team a late-submission exception.`,
  projectsTitle: "Submitted projects",
  projectsCaption: "The edition's submitted projects, by title",
  projectsHead: ["Project", "Team", "In the gallery", ""],
  projectsEmpty: "No project of this edition has been submitted yet.",
  projectsNoMatch: "No submitted project matches this search.",
  searchLabel: "Search by title or team",
  searchButton: "Search",
  untitled: "(no title yet)",
  shownState: "Shown",
  noConsentState: "Not shown: the team did not agree to the gallery",
  hiddenState: (at: string, by: string) => `Hidden ${at} by ${by}`,
  hideSummary: "Hide from the gallery",
  showSummary: "Show again",
  reasonLabel: "Reason",
  hiddenReason: (reason: string) => `Reason: ${reason}`,
  cancel: "Cancel",
  hideReasonHint: "The team reads this on its portal. Say what to fix, if anything.",
  showReasonHint: "Recorded in the audit log.",
  hideButton: "Hide the project",
  showButton: "Show the project again",
  extensionsTitle: "Late-submission exceptions",
  extensionsLead: (hours: number) =>
    `An exception gives one team more time than the edition's deadline, up to ${hours} hours after it. It cannot be taken back, so a different director confirms it with their code.`,
  extensionsCaption: "Exceptions granted this edition",
  extensionsHead: ["Team", "Deadline", "Hours", "Reason", "Granted by"],
  extensionsEmpty: "No exception has been granted this edition.",
  extensionOpen: "still open",
  extensionPassed: "passed",
  generalDeadline: (due: string) => `The edition's deadline: ${due}.`,
  teamLabel: "Team",
  teamChoose: "Choose a team",
  hoursLabel: "Hours after the edition's deadline",
  extensionReasonHint: "Recorded with the exception and in the audit log.",
  extendButton: "Propose the exception",
  extendLink: "Propose a late-submission exception…",
  noTeams: "No team has been formed this edition.",
} as const;

/** What a one-way exception's preview shows before a second director confirms it. */
export const extensionPreviewText = {
  summary: (team: string, until: string) => `Let ${team} submit until ${until}`,
  teamCaption: "The team and its deadline",
  teamHead: ["Team", "Deadline now", "New deadline", "Hours after the edition's deadline"],
  membersCaption: "Its members",
  membersHead: ["Member", "Role"],
  note: "Only this team may submit after the edition's deadline; the portal shows its members the new one.",
} as const;

/** What the team reads on /portal. */
export const moderationPortalText = {
  hiddenTitle: "Hidden from the gallery",
  hidden: (reason: string) =>
    `The organizers have hidden your project from the public gallery. Their reason: ${reason}`,
  hiddenContact: "Questions? Reply to any message from the organizers or use the contact page.",
  extended: (due: string) => `Your team has a late-submission exception: your deadline is ${due}.`,
} as const;
