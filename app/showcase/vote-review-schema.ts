/**
 * The forms of /organize/votes (issue 33), which are also the organizer
 * API's inputs for `votes.exclude` and `votes.publish-audience-choice` (the
 * CLI sends the same strings). Client-safe: the forms validate with these too.
 */
import * as z from "zod/mini";
import { deskRules } from "~/content/organize";
import { exclusionCategories } from "~/content/showcase";
import { voteReviewMessages } from "~/content/vote-review";
import { plainText } from "~/lib/plain-text";

/** Vote ids, separated by spaces, commas or lines. */
export function voteIdsOf(value: string | undefined): string[] {
  return [...new Set((value ?? "").split(/[\s,]+/).filter(Boolean))];
}

export const ExcludeVotesSchema = z.object({
  /** Vote ids (a flag's are added to them). */
  voteIds: z.optional(z.string().check(z.trim(), z.maxLength(20_000))),
  /** A flag's id as the review names it ("network:198.51.100.0/24"): every vote it holds. */
  flagId: z.optional(z.string().check(z.trim(), z.maxLength(300))),
  reason: z.string({ error: voteReviewMessages.reasonRequired }).check(
    z.overwrite((value) => plainText(value)),
    z.trim(),
    z.minLength(1, { error: voteReviewMessages.reasonRequired }),
    z.maxLength(deskRules.reasonMaxChars, { error: voteReviewMessages.reasonTooLong(deskRules.reasonMaxChars) }),
  ),
  /** Required with vote ids; a flag's own kind when a flag is excluded without one. */
  category: z.optional(z.enum(exclusionCategories, { error: voteReviewMessages.categoryRequired })),
});

/** Nothing to choose: the ledger and the winner follow from the votes. */
export const PublishAudienceChoiceSchema = z.object({});
