/**
 * The Challenge Portal (issue 15): its limits and the words its pages,
 * actions and e-mails use. Written once; the server, the browser's hints and
 * the tests read them here. Word limits and components come from
 * ./program.ts (SPEC.md §5, §9).
 */
import { formatRange, submissionComponents, submissionLimits, teamSize } from "./program";

const MIB = 1024 * 1024;

export type PortalFileKind = "pdf" | "docx" | "doc";

/** The type a stored file is served with: from the kind its content showed, never from the browser. */
export const portalFileContentTypes = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
} as const satisfies Record<PortalFileKind, string>;

/** The extension a stored file is downloaded with: from its kind, never from the name it was uploaded under. */
export const portalFileExtensions = {
  pdf: ".pdf",
  docx: ".docx",
  doc: ".doc",
} as const satisfies Record<PortalFileKind, string>;

/** The two uploaded components and what each accepts, checked by content, not by name. */
export const portalFileRules = {
  pitchDeck: {
    label: "Pitch deck",
    kinds: ["pdf"],
    maxBytes: 25 * MIB,
    accept: `.pdf,${portalFileContentTypes.pdf}`,
    formats: "PDF",
  },
  reflectionLog: {
    label: "Reflection log",
    kinds: ["pdf", "docx", "doc"],
    maxBytes: 10 * MIB,
    accept: `.pdf,.docx,.doc,${portalFileContentTypes.pdf},${portalFileContentTypes.docx},${portalFileContentTypes.doc}`,
    formats: "PDF or Word (.docx or .doc)",
  },
} as const;
export type PortalFileComponent = keyof typeof portalFileRules;
/** The uploaded components, as a list to check a request against (an `in` check would let `toString` through). */
export const portalFileComponents = Object.keys(portalFileRules) as readonly PortalFileComponent[];

export const portalLimits = {
  /** The contest rules' reading (docs/content-conflicts.md #1): the FAQ's 2–4 stands as advice. */
  teamMaxMembers: teamSize.contestRules.max,
  /** A team invitation's link works once, for this many days. */
  teamInvitationDays: 7,
  teamNameMax: 80,
  /**
   * Team invitation e-mails one address may receive per Mountain-Time day,
   * from every team together, cancelled invitations included (issue 22).
   */
  invitationsPerRecipientPerDay: 3,
  /** Team invitations one person may send per Mountain-Time day, cancelled ones included: a full team needs 4. */
  invitationsPerInviterPerDay: 10,
  urlMax: 2000,
  /** Generous bounds on the text fields' characters, well past their word limits. */
  abstractMaxCharacters: 6000,
  aiUseLogMaxCharacters: 3000,
} as const;

/**
 * Team names: letters, marks, digits, spaces, hyphens, apostrophes and
 * ampersands. No periods, slashes or colons, so a name cannot be a web
 * address in the invitation e-mail (issue 22).
 */
export const TEAM_NAME_PATTERN = /^[\p{L}\p{M}\p{N}' \u2019&-]+$/u;

/** Hosts the demo video may be on (SPEC.md §9: YouTube unlisted, Vimeo, Loom). */
export const videoHosts = ["youtube.com", "youtu.be", "vimeo.com", "loom.com"] as const;

export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / MIB)} MB`;
}

/** "1.4 MB", "320 KB": a stored file's size as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const words = (n: number) => `${n} ${n === 1 ? "word" : "words"}`;

/** What a participant is told, the same in the browser and from the server. */
export const portalMessages = {
  signInRequired: "Please log in to open the Challenge Portal",
  rateLimited: "Too many changes in a short time. Please wait a minute and try again.",
  unknownIntent: "That action isn't available here.",
  notOpenYet: (opens: string) => `The Challenge Portal opens ${opens}. Until then you can register and prepare.`,
  deadlinePassed: (deadline: string) =>
    `The submission deadline (${deadline}) has passed. Everything here is read-only, and no changes are accepted.`,
  notEnrolled: "Only enrolled participants can work in the portal. Register first, then come back.",
  /** Issue 23: enrollment is per edition; what carries over is only the right to see past projects. */
  enrollmentPerEdition: (editionName: string) =>
    `The portal is the ${editionName}'s. A registration or company code of an earlier edition does not enroll you in this one: register for the ${editionName} to take part.`,
  pastProjectsIntro:
    "Your projects of earlier editions, as they stood when their deadline passed. They can't be changed.",
  unverified: "Please verify your e-mail address first: open the verification link we sent you.",

  teamNameRequired: "Give your team a name.",
  teamNameTooLong: `A team name must be less than ${portalLimits.teamNameMax} characters`,
  teamNameCharacters: "A team name may use letters, numbers, spaces, hyphens, apostrophes and ampersands.",
  teamCreated: (name: string) => `Team ${name} is ready. Invite your teammates by e-mail.`,
  alreadyInTeam: "You are already in a team. Leave it first to start or join another one.",
  notInTeam: "You aren't in a team.",
  notLead: "Only the team's lead can do that.",
  teamFull: `A team has at most ${portalLimits.teamMaxMembers} members, counting open invitations.`,
  inviteInvalidEmail: "Please enter a valid email address",
  inviteSelf: "That's your own address.",
  inviteAlreadyMember: "That person is already on your team.",
  inviteAlreadyPending: "That address already has an open invitation.",
  inviteRecipientLimit: `That address has already been sent ${portalLimits.invitationsPerRecipientPerDay} team invitations today, the most we send to one address in a day. Please try again tomorrow.`,
  inviteDailyLimit: `You have sent ${portalLimits.invitationsPerInviterPerDay} team invitations today, cancelled ones included: the most one person may send in a day. Please try again tomorrow.`,
  invited: (email: string) =>
    `We e-mailed an invitation to ${email}. The link works once, for ${portalLimits.teamInvitationDays} days.`,
  invitationCancelled: "The invitation was cancelled; its link no longer works.",
  invitationInvalid:
    "This invitation link has expired, was cancelled or was already used. Ask the team to send a new one.",
  invitationWrongAccount:
    "This invitation was sent to a different e-mail address. Sign out, then sign in with the address it was sent to.",
  invitationNotEnrolled:
    "Every team member must be enrolled in the Challenge. Register first (or enroll with your company code), then open this invitation again.",
  invitationHasOwnProject:
    "You have started a project of your own. Delete your draft first (on your submission page) to join this team.",
  invitationAccepted: (team: string) => `You joined team ${team}.`,
  invitationDeclined: "Invitation declined. The team has been told nothing more than that.",
  memberRemoved: "The member was removed from the team.",
  leftTeam: "You left the team. You can now work alone or join another team.",
  leadCannotLeave: "You lead this team: remove the other members first, or keep it.",
  /** Where a member leaves (issue 22): what happens to the project. */
  leaveAsMember:
    "The project stays with the team's other members. You can then work alone or join another team. When a team's last member leaves it (or deletes their account), its project and files are deleted.",
  leaveAsLead:
    "You lead this team. Once everyone else has left or been removed, leaving makes it your solo project again. When a team's last member leaves it (or deletes their account), its project and files are deleted.",
  /** On /account, under "Delete your account" (issue 22). */
  accountDeletion:
    "end your Challenge Portal team membership: a project you are the last member of (alone or the last one left in a team) is deleted with its texts and files; a team you lead passes to its longest-standing member, and your open invitations are cancelled.",
  /** On the team card (issue 22): who stays a member. */
  membershipEnds:
    "Only enrolled participants stay in a team: a registration refunded in full, or an organization removing its employee, ends that person's membership. A lead who goes is replaced by the longest-standing member, and a team whose last member goes is deleted with its project and files.",

  prototypeInvalid: "Enter the prototype's web address, starting with https://",
  videoInvalid: "The demo video must be a YouTube, Vimeo or Loom link, starting with https://",
  videoConfirmRequired: `Confirm that the video runs ${formatRange(submissionLimits.demoVideoMinutes, "minutes")} at ${submissionLimits.minVideoResolution} or more.`,
  wordsTooFew: (label: string, count: number, min: number) =>
    `The ${label} has ${words(count)}; it needs at least ${min}.`,
  wordsTooMany: (label: string, count: number, max: number) =>
    `The ${label} has ${words(count)}; at most ${max} are allowed.`,
  textTooLong: (label: string) => `The ${label} is far too long. Please shorten it.`,
  cannotClearSubmitted:
    "A submitted project needs all five components. Replace this one instead of clearing it, or the submission would be incomplete.",
  saved: (label: string) => `${label} saved.`,
  cleared: (label: string) => `${label} removed from your draft.`,

  fileMissing: "Choose a file to upload.",
  fileWrongType: (component: PortalFileComponent) =>
    `The ${portalFileRules[component].label.toLowerCase()} must be a ${portalFileRules[component].formats} file. This file isn't, whatever its name says.`,
  fileTooLarge: (component: PortalFileComponent) =>
    `The ${portalFileRules[component].label.toLowerCase()} must be ${formatMegabytes(portalFileRules[component].maxBytes)} or smaller.`,
  fileUploaded: (component: PortalFileComponent) => `${portalFileRules[component].label} uploaded.`,
  fileFailed: "The upload didn't finish. Please try again.",

  incomplete: (missing: readonly string[]) =>
    `Your project can't be submitted yet. Still missing: ${missing.join(", ")}.`,
  submitted:
    "Your project is submitted. A confirmation is on its way by e-mail; you can keep improving it until the deadline.",
  draftDeleted: "Your draft and its files were deleted.",
  draftDeleteLeadOnly: "Only the team's lead can delete its draft: it holds everyone's work.",
  cannotDeleteSubmitted: "A submitted project can't be deleted; you can still edit it until the deadline.",
} as const;

/** A line of the team's history on /portal; `who` is the member's e-mail address. */
export const teamEventDescriptions = {
  "draft-deleted": (who: string) => `${who} deleted the draft and its files.`,
  "invitation-sent": (who: string) => `${who} invited someone to join the team.`,
  "member-joined": (who: string) => `${who} joined the team.`,
  "member-left": (who: string) => `${who} left the team.`,
  "member-removed": (who: string) => `${who} removed a member from the team.`,
  "project-submitted": (who: string) => `${who} submitted the project.`,
} as const;

/** Who did something, when their account has since been deleted. */
export const formerMember = "A former member";

/** How many entries of a team's history /portal shows. */
export const teamHistoryShown = 10;

/** Each submission component's name (./program.ts), by its id. */
const submissionComponentNames = Object.fromEntries(submissionComponents.map((c) => [c.id, c.name])) as Record<
  (typeof submissionComponents)[number]["id"],
  string
>;

/** The text components as their forms' answers name them ("Abstract saved", a word-count refusal). */
export const textComponentLabels = {
  prototype: `${submissionComponentNames.prototype} (link)`,
  abstract: submissionComponentNames.abstract,
  video: `${submissionComponentNames["demo-video"]} (link)`,
  aiUseLog: `"How AI Was Used" log`,
} as const;

/** The submission checklist's items: the five components, and the "How AI Was Used" log the contest rules add to the reflection log. */
export const submissionChecklistNames = {
  prototype: submissionComponentNames.prototype,
  abstract: submissionComponentNames.abstract,
  "pitch-deck": submissionComponentNames["pitch-deck"],
  "demo-video": `${submissionComponentNames["demo-video"]} (link and confirmation)`,
  "reflection-log": `${submissionComponentNames["reflection-log"]} (file)`,
  "ai-use-log": textComponentLabels.aiUseLog,
} as const;
