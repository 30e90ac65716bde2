/**
 * /organize/votes (issue 33): what the page shows — the review of the
 * edition's votes (`voteReview`, the same the API's `votes.review` answers),
 * its tables paged — and its forms, each a registered organizer action: a
 * flag or listed votes excluded (`votes.exclude`), and the Audience Choice
 * proposed (`votes.publish-audience-choice`, one-way: the browser goes to
 * the proposal, which a second director confirms).
 */
import { formatMountain } from "~/clock/format";
import { exclusionCategories, exclusionCategoryLabels } from "~/content/showcase";
import { excludedText, voteDeskText, voteReviewRules } from "~/content/vote-review";
import type { Intent } from "~/forms/intent-action.server";
import { actionIntent } from "~/organize/desk-intent.server";
import { deskHeader } from "~/organize/desk-view.server";
import type { Desk } from "~/organize/guard.server";
import { paged } from "~/organize/paging";
import { excludeVotes, publishAudienceChoice, voteReview } from "./vote-review.server";
import type { ExcludeVotesSchema } from "./vote-review-schema";

const when = (iso: string) => formatMountain(new Date(iso), "dateTime");

export async function votesDeskView(desk: Desk, url: URL) {
  const review = await voteReview(desk);
  const closed = review.voting === "closed" && !review.publishedAt;
  return {
    header: deskHeader(desk),
    editionName: review.editionName,
    voting: review.voting,
    opens: when(review.opensAt),
    closes: when(review.closesAt),
    published: review.publishedAt ? when(review.publishedAt) : null,
    counts: review.counts,
    canExclude: closed && desk.can("exclude:vote"),
    canPropose: closed && desk.can("propose:publication"),
    categories: exclusionCategories.map((id) => ({ id, label: exclusionCategoryLabels[id] })),
    flags: paged(
      review.flags.map((flag) => ({
        ...flag,
        shownIds: flag.voteIds.slice(0, voteReviewRules.voteIdsShown),
        moreIds: Math.max(0, flag.voteIds.length - voteReviewRules.voteIdsShown),
      })),
      url,
      "flags-page",
    ),
    exclusions: paged(
      review.exclusions.map((e) => ({ ...e, at: when(e.at), count: e.voteIds.length })),
      url,
      "excluded-page",
    ),
    tally: paged(
      review.tally.map((t) => ({ ...t, excludedText: excludedText(t.excluded) })),
      url,
      "tally-page",
    ),
  };
}

export type VotesDeskView = Awaited<ReturnType<typeof votesDeskView>>;

/** A flag's form, repeated per flag: the answer goes back to the flag that was posted. */
const excludeFlag: Intent<typeof ExcludeVotesSchema, Desk> = {
  ...actionIntent(excludeVotes, { title: voteDeskText.excludedToast, redirectTo: "/organize/votes#flags" }),
  instanceField: "flagId",
};

export const votesDeskIntents = {
  "exclude-flag": excludeFlag,
  "exclude-votes": actionIntent(excludeVotes, {
    title: voteDeskText.excludedToast,
    redirectTo: "/organize/votes#exclude",
  }),
  "propose-audience-choice": actionIntent(publishAudienceChoice, { title: voteDeskText.proposedToast }),
};
