/**
 * What /showcase and /showcase/:slug show (issue 25): the edition whose
 * showcase is open or archived, its projects filtered by track and title,
 * the published audience ledger beside the results, one project's page, and
 * the visitor's own vote when they are signed in.
 */
import type { RouterContextProvider } from "react-router";
import { type SessionUser } from "~/auth/session.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { editionsFor } from "~/clock/clock.server";
import { formatMountain } from "~/clock/format";
import { requestClock } from "~/clock/page-clock.server";
import { editionPhase } from "~/clock/schedule";
import { milestoneOf, type Edition } from "~/content/editions";
import { showcaseLimits, tracks } from "~/content/showcase";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { siteOrigin } from "~/lib/meta";
import { milestoneIcsPath } from "~/clock/calendar";
import { awardsAt, galleryPage, projectBySlug, publishedAudienceVote } from "./projects.server";
import { voteOf } from "./votes.server";
import { showcaseEdition, showcaseOpensAt, votingClosesAt, votingWindow } from "./window";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

function shownEdition(context: Readonly<RouterContextProvider>) {
  const { env } = context.get(requestContext);
  const { now, edition } = requestClock(context);
  return { now, current: edition, ...showcaseEdition(now, edition, editionsFor(env)) };
}

function dates(edition: Edition, now: Date) {
  const milestone = milestoneOf(edition, "showcase-voting");
  return {
    editionName: edition.name,
    opens: formatMountain(showcaseOpensAt(edition), "longDate"),
    // The last day of voting (the milestone's end is the next midnight).
    lastDay: formatMountain(new Date(votingClosesAt(edition).getTime() - 1), "longDate"),
    voting: votingWindow(now, edition),
    calendarPath: milestoneIcsPath(milestone),
  };
}

export async function galleryView({ request, context }: Args) {
  const { env } = context.get(requestContext);
  const { now, shown, upcoming } = shownEdition(context);
  const url = new URL(request.url);
  const track = tracks.find((t) => t.id === url.searchParams.get("track"))?.id ?? null;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, showcaseLimits.searchMax);
  const askedPage = Number(url.searchParams.get("page") ?? "1");
  const db = getDb(env);
  const [gallery, audience] = shown
    ? await Promise.all([
        galleryPage(db, shown.id, { track, q, page: askedPage }),
        publishedAudienceVote(db, shown.id, now),
      ])
    : [null, null];
  return {
    origin: siteOrigin(request, env),
    shown: shown ? { id: shown.id, ...dates(shown, now) } : null,
    upcoming: upcoming ? { id: upcoming.id, ...dates(upcoming, now) } : null,
    filter: { track, q },
    tracks: tracks.map((t) => ({ id: t.id, name: t.name })),
    projects: gallery?.projects ?? [],
    /** Where this page sits: the links to the others keep the search and the track (plain GET links). */
    pagination: { page: gallery?.page ?? 1, pageCount: gallery?.pageCount ?? 1, total: gallery?.total ?? 0 },
    audience,
  };
}

export type GalleryView = Awaited<ReturnType<typeof galleryView>>;

/**
 * Who is signed in, for "Your vote" and the vote form: the request's one
 * session read, shared with the root loader (issue 34); no database read
 * without a session cookie.
 */
async function visitor(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  try {
    return await requestSessionUser(request, context);
  } catch {
    return null;
  }
}

export async function projectView({ request, context, slug }: Args & { slug: string }) {
  const { env } = context.get(requestContext);
  const { now, shown, current } = shownEdition(context);
  if (!shown) return null;
  const db = getDb(env);
  // Awards are shown once the finals are over (or the edition is an archive).
  const finalsOver = shown.id !== current.id || ["finalsDay", "afterFinals"].includes(editionPhase(now, shown));
  // The project (one batch), the visitor's vote and the awards are read side by side.
  const viewer = visitor(request, context);
  const [project, user, vote, awards] = await Promise.all([
    projectBySlug(db, shown.id, slug),
    viewer,
    viewer.then((signedIn) => (signedIn ? voteOf(db, shown.id, signedIn.id) : null)),
    finalsOver ? awardsAt(db, shown.id, slug, now) : [],
  ]);
  if (!project) return null;
  const { teamId: _teamId, memberIds, ...shownProject } = project;
  return {
    origin: siteOrigin(request, env),
    project: shownProject,
    awards,
    ...dates(shown, now),
    visitor: user
      ? {
          verified: user.emailVerified,
          ownProject: memberIds.includes(user.id),
          vote: vote
            ? { slug: vote.slug, title: vote.title, castAt: vote.castAt, here: vote.teamId === project.teamId }
            : null,
        }
      : null,
  };
}

export type ProjectView = NonNullable<Awaited<ReturnType<typeof projectView>>>;
