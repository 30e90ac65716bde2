/**
 * What a team reads about its judging once the finalists are published
 * (issue 24): the words of the results section and of the appeal form on
 * /portal. The appeal rules themselves (5 business days, a committee of
 * three deciding within 10) are `appeals` in ./program.ts.
 */
import { appeals } from "./program";

export const appealLimits = {
  minCharacters: 50,
  maxCharacters: 5000,
} as const;

export const appealMessages = {
  tooShort: `Please explain your appeal in at least ${appealLimits.minCharacters} characters.`,
  tooLong: `An appeal holds at most ${appealLimits.maxCharacters.toLocaleString("en-US")} characters.`,
  notPublished: "Appeals open when the finalists are published.",
  notSubmitted:
    "Only a submitted project can be appealed. Your team's project was not submitted, so it was not judged.",
  closed: (deadline: string) =>
    `The appeal window closed ${deadline}: appeals are filed in writing within ${appeals.fileWithinBusinessDays} business days of the publication.`,
  alreadyFiled: "Your team has already filed an appeal. The committee's decision will appear here.",
  filed: `Your appeal reached the organizers. A committee of ${appeals.committeeSize} decides within ${appeals.decisionWithinBusinessDays} business days; the decision will appear here.`,
} as const;

export const teamResultsText = {
  intro:
    "Each criterion was scored from 1 to 10 by the judges assigned to your project. The normalized average corrects for harsh and lenient judges (each judge's scores are put on the same scale as everyone's); the raw average is the plain mean of the scores you received. Judges are never named.",
  notJudged: "No complete set of scores was recorded for your project, so it has no result.",
  finalist: "Your project is a finalist.",
  notFinalist: "Your project was not selected as a finalist this time.",
  noComments: "The judges left no comments for your team.",
  appealIntro: (deadline: string) =>
    `If you believe a mistake was made, your team may appeal in writing until ${deadline} (${appeals.fileWithinBusinessDays} business days from the publication, Mountain Time). A committee of ${appeals.committeeSize} decides within ${appeals.decisionWithinBusinessDays} business days.`,
  appealClosed: (deadline: string) => `The appeal window closed ${deadline}.`,
} as const;

/** The committee's decision on an appeal (issue 32: /organize/appeals, the API, `npm run admin -- decide-appeal`). */
export const appealDecisionLimits = {
  maxCharacters: 5000,
} as const;

export const appealDecisionMessages = {
  required: "Write the committee's decision: the team reads it in the portal and by e-mail.",
  tooLong: `A decision holds at most ${appealDecisionLimits.maxCharacters.toLocaleString("en-US")} characters.`,
  unknown: (id: string) => `No appeal ${id} in this edition.`,
  alreadyDecided: (id: string, when: string) => `Appeal ${id} was already decided ${when}.`,
  decided: (id: string, emails: number) =>
    `Appeal ${id} decided; the team sees the decision in the portal, and ${emails} member(s) are told by e-mail.`,
} as const;

/** /organize/appeals' own words. */
export const appealDeskText = {
  lead: `A committee of ${appeals.committeeSize} decides each appeal within ${appeals.decisionWithinBusinessDays} business days of its filing. The decision is shown to the team in the portal and e-mailed to every member.`,
  empty: "No team has appealed in this edition. Appeals open when the finalists are published.",
  decisionHint: `Up to ${appealDecisionLimits.maxCharacters.toLocaleString("en-US")} characters. The team reads it as written; it cannot be changed once recorded.`,
} as const;
