/**
 * The showcase's projects (issue 25): every submitted project of an edition
 * whose team consented, with the public face it gave, its team credited as
 * each member chose, and, once published, its awards and the audience ledger.
 * Nothing here is shown for a project without consent.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { editionsFor } from "~/clock/clock.server";
import { requestClock } from "~/clock/page-clock.server";
import { requestContext } from "~/context";
import { showcaseLimits, tracks, trackName } from "~/content/showcase";
import { awards, finalsAwards } from "~/content/program";
import { getDb, type Db } from "~/db/client.server";
import { publishedBy } from "~/judging/published.server";
import {
  publishedResults,
  showcaseLedger,
  showcaseMemberDisplay,
  submissions,
  teamMembers,
  teams,
  user as accounts,
} from "~/db/schema";
import { publicCredit } from "./credit";
import { participantRegistrations } from "./credit.server";
import { shownIn } from "./shown.server";
import { showcaseEdition } from "./window";

export interface ShowcaseCard {
  slug: string;
  title: string;
  summary: string;
  track: string | null;
  trackName: string | null;
  teamName: string | null;
}

// What the showcase may show, in a module of its own (no router import) for the desk's vote review too.
export { shownIn };

/** `%` and `_` typed into the search match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of the gallery, and where it sits among the others. */
export interface GalleryPage {
  projects: ShowcaseCard[];
  /** Projects matching the filter, on every page. */
  total: number;
  /** 1-based; a page past the last shows the last. */
  page: number;
  pageCount: number;
}

/**
 * One page of the edition's shown projects, by title, filtered by track and
 * searched by title (issue 34): what the page costs does not grow with the
 * edition. One statement: the count of every match rides on each row.
 */
export async function galleryPage(
  db: Db,
  editionId: string,
  filter: { track?: string | null; q?: string | null; page?: number } = {},
): Promise<GalleryPage> {
  const track = tracks.some((t) => t.id === filter.track) ? filter.track! : null;
  const q = filter.q?.trim() ?? "";
  const pageSize = showcaseLimits.galleryPageSize;
  const matching = and(
    shownIn(editionId),
    track ? eq(submissions.track, track) : undefined,
    q ? sql`${submissions.title} LIKE ${likePattern(q)} ESCAPE '\\'` : undefined,
  );
  const pageOf = async (page: number) => {
    const rows = await db
      .select({
        slug: submissions.slug,
        title: submissions.title,
        summary: submissions.summary,
        track: submissions.track,
        teamName: teams.name,
        total: sql<number>`count(*) OVER ()`,
      })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(matching)
      .orderBy(sql`lower(${submissions.title})`, asc(submissions.slug))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return rows;
  };
  const asked = Number.isSafeInteger(filter.page) && filter.page! > 1 ? filter.page! : 1;
  let page = asked;
  let rows = await pageOf(page);
  if (rows.length === 0 && page > 1) {
    // Past the last page (a link from when there were more): the last page, from the total.
    const [count] = await db
      .select({ total: sql<number>`count(*)` })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(matching);
    page = Math.max(1, Math.ceil((count?.total ?? 0) / pageSize));
    rows = page === asked ? [] : await pageOf(page);
  }
  const total = rows[0]?.total ?? 0;
  return {
    projects: rows.map((r) => ({
      slug: r.slug!,
      title: r.title!,
      summary: r.summary ?? "",
      track: r.track,
      trackName: trackName(r.track),
      teamName: r.teamName,
    })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export interface ShowcaseProject extends ShowcaseCard {
  teamId: string;
  editionId: string;
  abstract: string;
  prototypeUrl: string | null;
  videoUrl: string | null;
  /** The credit line: members as they chose to be named, or the team's name. */
  credit: string;
  members: string[];
  organizations: string[];
  memberIds: string[];
}

/** Whether a slug can name a project at all (no database read for anything else). */
export function isProjectSlug(slug: string): boolean {
  return /^[a-z0-9-]{1,80}$/.test(slug);
}

/** The team of the shown project at `slug`, as a subquery. */
const teamAt = (db: Db, editionId: string, slug: string) =>
  db
    .select({ teamId: submissions.teamId })
    .from(submissions)
    .where(and(shownIn(editionId), eq(submissions.slug, slug)));

/**
 * One project's page: its public face, its members as each chose to be
 * named, and their organizations where they agreed. Three statements in one
 * batch (one round trip): each finds the team by the slug itself.
 */
export async function projectBySlug(db: Db, editionId: string, slug: string): Promise<ShowcaseProject | null> {
  if (!isProjectSlug(slug)) return null;
  const [[row], people, enrolled] = await db.batch([
    db
      .select({
        slug: submissions.slug,
        title: submissions.title,
        summary: submissions.summary,
        track: submissions.track,
        teamId: submissions.teamId,
        abstract: submissions.abstract,
        prototypeUrl: submissions.prototypeUrl,
        videoUrl: submissions.videoUrl,
        teamName: teams.name,
      })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(and(shownIn(editionId), eq(submissions.slug, slug)))
      .limit(1),
    db
      .select({
        userId: teamMembers.userId,
        role: teamMembers.role,
        accountName: accounts.name,
        nameDisplay: showcaseMemberDisplay.nameDisplay,
        showOrganization: showcaseMemberDisplay.showOrganization,
      })
      .from(teamMembers)
      .leftJoin(accounts, eq(accounts.id, teamMembers.userId))
      .leftJoin(
        showcaseMemberDisplay,
        and(eq(showcaseMemberDisplay.teamId, teamMembers.teamId), eq(showcaseMemberDisplay.userId, teamMembers.userId)),
      )
      .where(inArray(teamMembers.teamId, teamAt(db, editionId, slug)))
      .orderBy(sql`${teamMembers.role} = 'lead' DESC`, asc(teamMembers.joinedAt)),
    participantRegistrations(
      db,
      editionId,
      db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(inArray(teamMembers.teamId, teamAt(db, editionId, slug))),
    ),
  ]);
  if (!row) return null;
  const byUser = new Map(enrolled.map((e) => [e.userId, e]));
  const { members, organizations, credit } = publicCredit(
    row.teamName,
    people.map((p) => {
      const reg = byUser.get(p.userId);
      const [first, ...rest] = (p.accountName ?? "").split(" ");
      return {
        firstName: reg?.firstName ?? first ?? "",
        lastName: reg?.lastName ?? rest.join(" "),
        nameDisplay: p.nameDisplay,
        showOrganization: Boolean(p.showOrganization),
        organization: reg?.company ?? null,
      };
    }),
  );
  return {
    slug: row.slug!,
    title: row.title!,
    summary: row.summary ?? "",
    track: row.track,
    trackName: trackName(row.track),
    teamName: row.teamName,
    teamId: row.teamId,
    editionId,
    abstract: row.abstract ?? "",
    prototypeUrl: row.prototypeUrl,
    videoUrl: row.videoUrl,
    credit,
    members,
    organizations,
    memberIds: people.map((p) => p.userId),
  };
}

/**
 * What a vote that did not go in needs to say why (issue 34): the shown
 * project at `slug`, and whether `userId` is on its team. Null when no such
 * project is shown. Asked only on a refusal; a vote that goes in never reads it.
 */
export async function voteTarget(
  db: Db,
  editionId: string,
  slug: string,
  userId: string | null,
): Promise<{ teamId: string; ownTeam: boolean } | null> {
  if (!isProjectSlug(slug)) return null;
  const [row] = await db
    .select({
      teamId: submissions.teamId,
      ownTeam: sql<number>`EXISTS (SELECT 1 FROM ${teamMembers} WHERE ${teamMembers.teamId} = ${submissions.teamId} AND ${teamMembers.userId} = ${userId ?? ""})`,
    })
    .from(submissions)
    .where(and(shownIn(editionId), eq(submissions.slug, slug)))
    .limit(1);
  return row ? { teamId: row.teamId, ownTeam: row.ownTeam === 1 } : null;
}

const awardNames: Record<string, string> = Object.fromEntries(
  [...awards, ...finalsAwards].map((a) => [a.id, a.name] as const),
);

export function awardName(id: string): string {
  return id === "finalist" ? "Finalist" : (awardNames[id] ?? id);
}

/**
 * The published results (finalist, awards) of the shown project at `slug`,
 * from the table judging and the showcase publish into, once their time has
 * come (judging's `publishedBy`); found by the slug, so it runs beside the
 * project's own read.
 */
export async function awardsAt(db: Db, editionId: string, slug: string, now: Date): Promise<string[]> {
  if (!isProjectSlug(slug)) return [];
  const rows = await db
    .select({ award: publishedResults.award })
    .from(publishedResults)
    .where(
      and(
        eq(publishedResults.editionId, editionId),
        inArray(publishedResults.teamId, teamAt(db, editionId, slug)),
        publishedBy(now),
      ),
    )
    .orderBy(asc(publishedResults.award));
  return rows.map((r) => awardName(r.award));
}

export interface LedgerRow {
  title: string;
  slug: string | null;
  cast: number;
  excluded: Record<string, number>;
  final: number;
  winner: boolean;
}

/**
 * The audience vote as published (`publish-audience-choice`): the ledger and
 * the winner(s); null before. The ledger is written in the winners' batch at
 * their instant, so it follows their time rule.
 */
export async function publishedAudienceVote(db: Db, editionId: string, now: Date) {
  const rows = await db
    .select()
    .from(showcaseLedger)
    .where(and(eq(showcaseLedger.editionId, editionId), lte(showcaseLedger.publishedAt, now.toISOString())))
    .orderBy(sql`${showcaseLedger.finalCount} DESC`, asc(showcaseLedger.projectTitle));
  if (rows.length === 0) return null;
  const winners = await db
    .select({ teamId: publishedResults.teamId })
    .from(publishedResults)
    .where(
      and(eq(publishedResults.editionId, editionId), eq(publishedResults.award, "audience-choice"), publishedBy(now)),
    );
  const winnerIds = new Set(winners.map((w) => w.teamId));
  const ledger: LedgerRow[] = rows.map((r) => ({
    title: r.projectTitle,
    slug: r.slug,
    cast: r.votesCast,
    excluded: JSON.parse(r.votesExcluded) as Record<string, number>,
    final: r.finalCount,
    winner: winnerIds.has(r.teamId),
  }));
  return { publishedAt: rows[0]!.publishedAt, ledger };
}

/** The pages of the showcase's projects, for the sitemap (every one of them); none before it opens. */
export async function showcaseProjectPaths(context: Readonly<RouterContextProvider>): Promise<string[]> {
  const { env } = context.get(requestContext);
  const { now, edition } = requestClock(context);
  const { shown: shownEdition } = showcaseEdition(now, edition, editionsFor(env));
  if (!shownEdition) return [];
  const rows = await getDb(env)
    .select({ slug: submissions.slug })
    .from(submissions)
    .where(shownIn(shownEdition.id))
    .orderBy(sql`lower(${submissions.title})`, asc(submissions.slug));
  return rows.map((r) => `/showcase/${r.slug}`);
}
