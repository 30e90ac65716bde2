/**
 * The vote review and the Audience Choice on the organizers' desk (issue 33):
 * the words of /organize/votes, of the `votes.*` organizer actions (desk,
 * API and CLI say the same) and of their previews. The review's thresholds
 * and categories are the showcase's (./showcase.ts: `voteReview`,
 * `exclusionCategories`).
 */
import { formatMountain } from "../clock/format";
import { exclusionCategoryLabels, type ExclusionCategory } from "./showcase";

export const voteReviewRules = {
  /** Vote ids one exclusion may name (a flag may hold more: it is excluded whole). */
  voteIdsMax: 500,
  /** Vote ids shown per flag on the desk before "and N more". */
  voteIdsShown: 60,
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a tally's "excluded" column says: "20 many votes from one network, 1 other reason". */
export function excludedText(excluded: Partial<Record<ExclusionCategory, number>>): string {
  const parts = Object.entries(excluded)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([category, n]) => `${n} ${exclusionCategoryLabels[category as ExclusionCategory] ?? category}`);
  return parts.length > 0 ? parts.join(", ") : "none";
}

export const voteReviewMessages = {
  notClosed: (closes: Date) =>
    `Voting closes ${formatMountain(closes, "dateTime")}: votes are excluded, and the Audience Choice published, only after the close.`,
  published: (at: string) =>
    `The Audience Choice was published ${formatMountain(new Date(at), "dateTime")}: the ledger no longer changes.`,
  reasonRequired: "Write why these votes are excluded: the reason is kept with each vote.",
  reasonTooLong: (max: number) => `Keep the reason to ${max} characters.`,
  categoryRequired: "Choose the reason's category.",
  nothingNamed: "Name the votes to exclude: their ids, or a flag.",
  tooMany: (max: number) => `Name at most ${max} vote ids at once, or exclude their flag.`,
  unknownFlag: (flagId: string) => `There is no flag "${flagId}" in this edition's review. Reload the review.`,
  unknownVotes: (ids: string[]) => `Not votes of this edition: ${ids.join(" ")}.`,
  alreadyExcluded: "Every one of these votes is excluded already.",
  excluded: (count: number, category: string, already: number) =>
    `${plural(count, "vote")} excluded (${category})${already > 0 ? `; ${already} already were` : ""}.`,
  auditExcluded: (count: number, editionName: string) => `Excluded ${plural(count, "vote")} of the ${editionName}`,
  noProject: "No project is shown in the showcase: there is no Audience Choice to publish.",
  publishedMessage: (projects: number, winners: number, credentials: number) =>
    `The Audience Choice is published: ${plural(projects, "project")} in the ledger, ${plural(winners, "winner")}, ${plural(credentials, "credential")} issued and signed.`,
  auditPublished: (editionName: string) => `Published the Audience Choice of the ${editionName}`,
} as const;

/** The preview a second director confirms. */
export const audienceChoicePreviewText = {
  summary: (editionName: string, projects: number, winners: string[], credentials: number) =>
    `Publish the Audience Choice of the ${editionName}: the ledger of ${plural(projects, "project")}, ${
      winners.length === 0 ? "no winner (no vote counted)" : `won by ${winners.map((w) => `"${w}"`).join(" and ")}`
    }, and issue ${plural(credentials, "credential")}`,
  ledgerCaption: "The ledger (published on /showcase)",
  ledgerColumns: ["Project", "Votes cast", "Excluded, by reason", "Votes counted", "Audience Choice"],
  winner: "winner",
  noWinner: "No vote was counted: no winner is published and no credential issued.",
  tie: "A tie: every project with the most votes counted wins the Audience Choice.",
} as const;

/** /organize/votes. */
export const voteDeskText = {
  title: "Vote review",
  metaDescription: "The audience vote's flags, the exclusions with their reasons, and the Audience Choice.",
  lead: (editionName: string) => `${editionName}: the audience vote's review and the Audience Choice.`,
  counts: (votes: number, excluded: number, flags: number) =>
    `${plural(votes, "vote")} cast, ${excluded} excluded; ${plural(flags, "flag")}.`,
  stillOpen: (closes: string) =>
    `Voting is open until ${closes}: the review may still change, and votes are excluded only after the close.`,
  notYetOpen: (opens: string) => `Voting opens ${opens}.`,
  closed: "Voting has closed: review the flags, exclude what is not a real vote, then propose the Audience Choice.",
  publishedNote: (at: string) =>
    `The Audience Choice was published ${at}. The ledger is on /showcase; nothing here changes it any more.`,
  flagsTitle: "Flags",
  flagsLead:
    "Each flag is a pattern the review found in the votes: a burst for one project, many votes from one address or network, accounts created during the showcase, throwaway mail. A flag is a question, not a verdict: exclude it only when the votes are not real.",
  flagsNone: "Nothing flagged.",
  flagKind: "Kind",
  flagFound: "What it found",
  flagProject: "Project",
  flagId: "Flag id",
  flagVotes: (count: number, excluded: number) => `${plural(count, "vote")}, ${excluded} excluded`,
  flagVoteIds: "Vote ids",
  moreIds: (n: number) => `and ${n} more`,
  excludeFlag: "Exclude this flag",
  excludeFlagButton: "Exclude every vote of this flag",
  excludeVotesTitle: "Exclude votes by id",
  excludeVotesLead: "Name the votes to exclude (ids from the flags above), separated by spaces or commas.",
  voteIdsLabel: "Vote ids",
  reasonLabel: "Reason",
  reasonHint: "Kept with each vote and in the audit log.",
  categoryLabel: "Category",
  excludeButton: "Exclude these votes",
  excludedTitle: "Excluded votes",
  excludedCaption: "Excluded votes, by exclusion",
  excludedHead: ["Category", "Reason", "Votes", "By", "When"],
  excludedNone: "No vote is excluded.",
  tallyTitle: "The tally so far",
  tallyLead: "Per shown project: each account's last vote, the excluded ones by reason, and what counts.",
  tallyCaption: "The tally, most votes counted first",
  tallyHead: ["Project", "Votes cast", "Excluded", "Counted"],
  tallyNone: "No project is shown in the showcase.",
  proposeTitle: "The Audience Choice",
  proposeLead:
    "Proposing shows the ledger, the winner and the credentials that would be issued; a second director confirms it with their code, and only then is it published.",
  proposeButton: "Propose the Audience Choice",
  excludedToast: "Votes excluded",
  proposedToast: "Audience Choice proposed",
  proposeClosed: (closes: string) => `The Audience Choice is proposed after voting closes (${closes}).`,
} as const;
