/**
 * How judging runs (issue 24): the one weight list judges score with, the
 * rubric's anchors, and the knobs of invitations, assignment and
 * normalization. The criteria and both published weight lists live in
 * ./program.ts; docs/content-conflicts.md #2 records that the organizers chose
 * list A (the judges page, FAQ and submission guidelines), which every page
 * now shows. Node reads this module as is (scripts/admin/judging.mjs): plain
 * TypeScript, relative imports only.
 */
import { judgingCriteria, judgingWeights, type JudgingCriterionId } from "./program";

/** The weights judges score with (percent, summing to 100): list A, the organizers' choice. */
export const rubricWeights: Readonly<Record<JudgingCriterionId, number>> = judgingWeights.judgesPage;

export const rubricCriteria = judgingCriteria;

export const judgingRules = {
  /** Judges per submitted project. */
  judgesPerProject: 3,
  /** Each criterion is scored on this whole-number scale. */
  scoreMin: 1,
  scoreMax: 10,
  /** A judge with fewer complete scores than this is not rescaled (too few to know their habits). */
  minScoresToNormalize: 5,
  /** How long an invitation link stays valid. */
  invitationValidDays: 14,
  /** The longest private note or comment for the team, in characters. */
  reviewMaxChars: 4000,
  /** The longest reason a judge gives with "I know this team". */
  declarationReasonMaxChars: 500,
} as const;

/**
 * What a score of 1, 5 and 10 means on each criterion, one line each, written
 * from the submission guidelines (SPEC.md: the five components, the
 * reflection log's "how AI was used", a real workplace problem).
 */
export const rubricAnchors: Readonly<Record<JudgingCriterionId, { 1: string; 5: string; 10: string }>> = {
  "innovation-creativity": {
    1: "Restates a generic chatbot use with no new idea for the workplace problem.",
    5: "A sensible application of AI to the problem, similar to common practice.",
    10: "An original approach others in the field would copy, clearly beyond the obvious use.",
  },
  "technical-proficiency": {
    1: "The prototype or workflow does not run, or the demo does not show it working.",
    5: "A working prototype for the main path, with limits the team names.",
    10: "A robust, well-built prototype that handles real data and edge cases, shown end to end.",
  },
  "business-impact": {
    1: "No clear workplace problem, or no sign anyone would use the result.",
    5: "A real problem with a plausible, partly measured gain (time, cost or quality).",
    10: "A measured, significant gain for a real team, with a credible plan to roll it out.",
  },
  "ethical-ai": {
    1: "The log hides how AI was used; privacy, bias or accuracy risks are ignored.",
    5: "AI use is disclosed and the main risks are named, with some checks.",
    10: "Transparent AI use with human review, data protection and bias checks built into the workflow.",
  },
  presentation: {
    1: "Components are missing or unclear; the abstract and video do not explain the project.",
    5: "Clear abstract, deck and video that explain the project with minor gaps.",
    10: "A compelling, well-structured story across abstract, deck, video and reflection log.",
  },
};

/**
 * Free webmail providers: sharing one of these with a team member says nothing
 * about a conflict of interest. Any other shared domain (an employer's) does.
 */
export const webmailDomains: readonly string[] = [
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "yahoo.com",
  "icloud.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "live.com",
  "msn.com",
  "me.com",
  "mac.com",
  "gmx.com",
  "gmx.net",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "fastmail.com",
  "hey.com",
  "comcast.net",
  "att.net",
  "verizon.net",
  "cox.net",
  "sbcglobal.net",
];

/**
 * Whether an e-mail domain says nothing about who employs its owner: a
 * webmail provider, or a domain reserved for examples and tests (RFC 2606:
 * example.com/.net/.org and anything under .example, .test, .invalid,
 * .localhost), which no employer can own.
 */
export function isSharedMailDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  if (webmailDomains.includes(d)) return true;
  if (["example.com", "example.net", "example.org"].includes(d)) return true;
  return /\.(example|test|invalid|localhost)$/.test(d);
}

/** What judging's pages and forms say (the server answers with the same words with JavaScript off). */
export const judgingMessages = {
  signInRequired: "Sign in with the account your judging invitation was sent to.",
  byInvitation:
    "Judging is by invitation from the organizers. If you were invited, open the link in your invitation e-mail while signed in with the invited address.",
  judgeLeft: "You stepped down as a judge for this edition. Contact the organizers if this is a mistake.",
  secondFactorOff:
    "Judges need two-step sign-in. Turn it back on from your account page, then come back to your projects.",
  secondFactorSession:
    "This browser signed in without your authenticator code (or before two-step sign-in was on). Sign out, then sign in again with your code to reach your projects.",
  invitationUnknown:
    "This invitation link is not valid. Open the whole link from your invitation e-mail, or ask the organizers for a new one.",
  invitationUsed: "This invitation has already been used: each link works once. If you accepted it, go to /judging.",
  invitationRevoked: "The organizers withdrew this invitation. Contact them if you think this is a mistake.",
  invitationExpired: (when: string) => `This invitation expired on ${when}. Ask the organizers for a new one.`,
  invitationOtherAccount: (signedInAs: string) =>
    `This invitation was sent to another e-mail address, and you're signed in as ${signedInAs}. Sign out, then sign in (or create an account) with the address the invitation was sent to.`,
  invitationUnverified:
    "Verify your e-mail address first: open the link we e-mailed you when you created the account (you can send a new one from your account page), then open this invitation again.",
  invitationNoSecondFactor:
    "Turn on two-step sign-in first: a judge's account decides results. Go to your account page (/account), set up an authenticator app, then open this invitation again.",
  invitationAccepted:
    "You're a judge for this edition. Your assigned projects appear here once the organizers assign them.",
  advisorAccepted: "You're an advisor for this edition. Your public profile, if you gave one, is on this page.",
  scoresFinal: (when: string) => `Scores were final ${when}: nothing can be changed any more.`,
  filesClosed: "Files are no longer available to judges once scores are final.",
  scoreInvalid: (min: number, max: number) => `Choose a whole number from ${min} to ${max}.`,
  textTooLong: (max: number) => `Keep this under ${max.toLocaleString("en-US")} characters.`,
  saved: "Your scores and notes are saved.",
  declared: "Thank you. This project goes to another judge; it is no longer in your queue.",
  rateLimited: "Too many changes in a short time. Wait a minute, then try again.",
  unknownIntent: "That action isn't available on this page. Reload the page and try again.",
} as const;

/**
 * A deleted account's name where its judging must stay in the record (issue
 * 31): its complete scores and its comments to teams count in the results
 * they helped decide, under no one's name.
 */
export const FORMER_JUDGE_NAME = "Former judge";

/** What /account's deletion section says about judging (the privacy policy §8 says the same). */
export const judgingAccountDeletion =
  "if you judged, delete your name as a judge, your invitations, private notes and conflicts of interest; your scores and comments to teams stay, under no name, in the results they helped decide;";

/** The invitation e-mail's subject: the admin CLI stores it in the outbox row, the consumer renders the same. */
export const judgeInvitationSubject = (editionName: string) => `You're invited to judge the ${editionName}`;

/** An invitation's subject, a judge's or (with the group's name) an advisor's (issue 54). */
export const invitationSubject = (editionName: string, advisoryGroup?: string | null) =>
  advisoryGroup ? `You're invited to advise the ${editionName}` : judgeInvitationSubject(editionName);

// The organizers' desk (issue 32): what judging's organizer actions answer, the same on the desk, from the
// organizer API and in the CLI.

/** /organize/judges: inviting a judge, withdrawing an invitation, removing a judge. */
export const judgeDeskMessages = {
  emailRequired: "Enter the judge's e-mail address, or invite from an interest form.",
  interestUnknown: "There is no such judge/advisor interest form.",
  alreadyJudge: (email: string, edition: string) => `${email} is already a judge of the ${edition}.`,
  alreadyAdvisor: (email: string, edition: string) => `${email} is already an advisor of the ${edition}.`,
  invitationUnknown: "That invitation is no longer open.",
  notAJudge: (email: string, edition: string) => `${email} is not an active judge of the ${edition}.`,
} as const;

/** /organize/assignments: a conflict of interest dismissed or added. */
export const assignmentDeskMessages = {
  conflictUnknown: "There is no such live conflict in this edition: the conflicts table lists them.",
  teamUnknown: (teamId: string, edition: string) => `There is no team ${teamId} in the ${edition}.`,
} as const;

/** /organize/assignments' forms: a reason for each conflict decision, the team of an added one, the run's confirmation. */
export const conflictMessages = {
  reasonRequired: "Say why: the reason is kept in the audit log.",
  teamRequired: "Enter the team's id (the conflicts and projects tables show it).",
  confirmRequired: "Confirm the run: the desk's confirmation step posts confirm=run (the CLI sends it too).",
} as const;
