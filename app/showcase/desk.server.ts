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
import { derivedVersionQuery, keptPerIsolate } from "~/organize/kept.server";
import { paged, type Paged } from "~/organize/paging";
import { chooseTeams, teamChooserParam } from "~/organize/team-chooser";
import {
  editionExtensionsQuery,
  extendDeadline,
  extensionListings,
  keptEditionTeams,
} from "~/portal/extensions.server";
import { hideProject, moderatedProjects, showProject } from "./moderation.server";
import type { ModerateProjectSchema } from "./moderation-schema";
import { excludeVotes, keptVoteReview, publishAudienceChoice } from "./vote-review.server";
import type { ExcludeVotesSchema } from "./vote-review-schema";

/**
 * The moderation list, kept per isolate (~/organize/kept.server.ts) under the
 * "judging-report" version, whose triggers cover every table it reads
 * (submissions, teams, members, registrations).
 */
const keptModeration = keptPerIsolate<Awaited<ReturnType<typeof moderatedProjects>>>();

export async function showcaseDeskView(desk: Desk, url: URL) {
  const { db, edition, now } = desk;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, moderationRules.searchMaxChars);
  const canExtend = desk.can("extend:deadline");
  // The edition's projects and teams kept under the version of what they are read from (issue 56).
  const [version, extensionRows] = await db.batch([
    derivedVersionQuery(db, "judging-report"),
    editionExtensionsQuery(db, edition.id),
  ]);
  const [projects, allTeams] = await Promise.all([
    keptModeration.at(edition.id, version, () => moderatedProjects(db, edition.id)),
    keptEditionTeams(db, edition.id, version),
  ]);
  // An exception's team is one of the edition's: named from the kept list, not read again.
  const extensions = extensionListings(extensionRows, new Map(allTeams.map((t) => [t.teamId, t.team])), now);
  // The exception's chooser lists a few teams, narrowed by a search: not every team of the edition (issue 56).
  const teams = chooseTeams(canExtend ? allTeams.map((t) => ({ id: t.teamId, label: t.team })) : [], url);
  const needle = q.toLowerCase();
  const matching = needle
    ? projects.filter((p) => (p.title ?? "").toLowerCase().includes(needle) || p.team.toLowerCase().includes(needle))
    : projects;
  const page = paged(matching, url, "page", moderationRules.projectsPageSize);
  // One hide-or-show form, in the row whose link was followed (`?moderate=`, a GET), not one in every row
  // (issue 56: as the judges page's removal and the assignments page's dismissal).
  const canModerate = desk.can("moderate:showcase");
  const asked = url.searchParams.get("moderate");
  const moderating = canModerate && page.items.some((p) => p.teamId === asked) ? asked : null;
  const moderateHref = (teamId: string) => {
    const at = new URL(url);
    at.searchParams.set("moderate", teamId);
    return `${at.pathname}${at.search}#project-${teamId}`;
  };
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    generalDeadline: formatMountain(edition.submissionDeadline.due, "dateTime"),
    canModerate,
    canExtend,
    q,
    submittedCount: projects.length,
    moderating,
    // The exception's form (a chooser of up to fifty teams) once its link is followed or its team searched
    // (issue 56): an exception is rare, the list is read on every view.
    extending: canExtend && (url.searchParams.has("extend") || url.searchParams.has(teamChooserParam)),
    extendHref: (() => {
      const at = new URL(url);
      at.searchParams.set("extend", "1");
      return `${at.pathname}${at.search}#extend-heading`;
    })(),
    moderateCancelHref: `${showcaseReturnPath(url)}${moderating ? `#project-${moderating}` : "#projects"}`,
    projects: {
      ...page,
      items: page.items.map((p) => ({ ...p, moderateHref: canModerate ? moderateHref(p.teamId) : null })),
    },
    extensions: paged(extensions, url, "extensions"),
    teams,
  };
}

/** The page a form was posted from (its search and page kept), without the row's open form. */
function showcaseReturnPath(url: URL) {
  const back = new URL(url);
  back.searchParams.delete("moderate");
  return `${back.pathname}${back.search}`;
}

/** Where a hide or show goes when done: back to the list as it was (search, page), the form closed. */
export const showcaseRedirect = (url: URL) => `${showcaseReturnPath(url)}#projects`;

export type ShowcaseDeskView = Awaited<ReturnType<typeof showcaseDeskView>>;

/**
 * Hide and show, one form in the row that asked for it: the answer goes back to the project that was posted,
 * and when done, to the page it was posted from (`showcaseRedirect`, the route's).
 */
const hide: Intent<typeof ModerateProjectSchema, Desk> = {
  ...actionIntent(hideProject, { title: "Project hidden" }),
  instanceField: "teamId",
};
const show: Intent<typeof ModerateProjectSchema, Desk> = {
  ...actionIntent(showProject, { title: "Project shown again" }),
  instanceField: "teamId",
};

export const showcaseDeskIntents = {
  hide,
  show,
  extend: actionIntent(extendDeadline, { title: "Exception proposed" }),
};

const when = (iso: string) => formatMountain(new Date(iso), "dateTime");

export async function votesDeskView(desk: Desk, url: URL) {
  const review = await keptVoteReview(desk, desk.version?.name === "vote-review" ? desk.version.rows : undefined);
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
    // Paged before shaped: the kept review holds the whole edition, a page shows fifty rows of it.
    flags: pagedAs(paged(review.flags, url, "flags-page"), (flag) => ({
      ...flag,
      shownIds: flag.voteIds.slice(0, voteReviewRules.voteIdsShown),
      moreIds: Math.max(0, flag.voteIds.length - voteReviewRules.voteIdsShown),
    })),
    exclusions: pagedAs(paged(review.exclusions, url, "excluded-page"), (e) => ({
      ...e,
      at: when(e.at),
      count: e.voteIds.length,
    })),
    // What a row shows, no more: the page's data repeats for every row (issue 56).
    tally: pagedAs(paged(review.tally, url, "tally-page"), (t) => ({
      teamId: t.teamId,
      title: t.title,
      cast: t.cast,
      excludedText: excludedText(t.excluded),
      final: t.final,
    })),
  };
}

function pagedAs<T, U>(page: Paged<T>, shape: (item: T) => U): Paged<U> {
  return { ...page, items: page.items.map(shape) };
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
