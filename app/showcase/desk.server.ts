/**
 * The showcase's pages of the organizers' desk (issue 33), each with what it
 * shows and its forms (each a registered organizer action), and the
 * overview's count of votes.
 *
 * - /organize/showcase: the edition's submitted projects, searched by title
 *   or team and paged, each with hide or show; the teams for a
 *   late-submission exception; the exceptions granted. Hiding and showing
 *   run at once, an exception is proposed for a second director.
 * - /organize/votes: the review of the edition's votes (`voteReview`, the
 *   same the API's `votes.review` answers), its tables paged; a flag or
 *   listed votes excluded (`votes.exclude`), and the Audience Choice
 *   proposed (`votes.publish-audience-choice`, one-way: the browser goes to
 *   the proposal, which a second director confirms).
 */
import { formatMountain } from "~/clock/format";
import { exclusionCategories, exclusionCategoryLabels } from "~/content/showcase";
import { moderationRules } from "~/content/showcase-moderation";
import { excludedText, voteDeskText, voteReviewRules } from "~/content/vote-review";
import type { Intent } from "~/forms/intent-action.server";
import { actionIntent } from "~/organize/action-intent.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import { paged } from "~/organize/paging";
import { editionExtensions, editionTeams, extendDeadline } from "~/portal/extensions.server";
import { hideProject, moderatedProjects, showProject } from "./moderation.server";
import type { ModerateProjectSchema } from "./moderation-schema";
import { excludeVotes, publishAudienceChoice, voteReview } from "./vote-review.server";
import type { ExcludeVotesSchema } from "./vote-review-schema";

export async function showcaseDeskView(desk: Desk, url: URL) {
  const { db, edition, now } = desk;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, moderationRules.searchMaxChars);
  const canExtend = desk.can("extend:deadline");
  const [projects, extensions, teams] = await Promise.all([
    moderatedProjects(db, edition.id),
    editionExtensions(db, edition.id, now),
    canExtend ? editionTeams(db, edition.id) : Promise.resolve([]),
  ]);
  const needle = q.toLowerCase();
  const matching = needle
    ? projects.filter((p) => (p.title ?? "").toLowerCase().includes(needle) || p.team.toLowerCase().includes(needle))
    : projects;
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    generalDeadline: formatMountain(edition.submissionDeadline.due, "dateTime"),
    canModerate: desk.can("moderate:showcase"),
    canExtend,
    q,
    submittedCount: projects.length,
    projects: paged(matching, url, "page", moderationRules.projectsPageSize),
    extensions: paged(extensions, url, "extensions"),
    teams,
  };
}

export type ShowcaseDeskView = Awaited<ReturnType<typeof showcaseDeskView>>;

/** Hide and show are repeated per project: the answer goes back to the project that was posted. */
const hide: Intent<typeof ModerateProjectSchema, Desk> = {
  ...actionIntent(hideProject, { title: "Project hidden", redirectTo: "/organize/showcase#projects" }),
  instanceField: "teamId",
};
const show: Intent<typeof ModerateProjectSchema, Desk> = {
  ...actionIntent(showProject, { title: "Project shown again", redirectTo: "/organize/showcase#projects" }),
  instanceField: "teamId",
};

export const showcaseDeskIntents = {
  hide,
  show,
  extend: actionIntent(extendDeadline, { title: "Exception proposed" }),
};

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
