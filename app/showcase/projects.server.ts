/**
 * The showcase's projects (issue 25): every submitted project of an edition
 * whose team consented, with the public face it gave, its team credited as
 * each member chose, and, once published, its awards and the audience ledger.
 * Nothing here is shown for a project without consent.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { editionsFor } from "~/clock/clock.server";
import { requestClock } from "~/clock/page-clock.server";
import { requestContext } from "~/context";
import { alias } from "drizzle-orm/sqlite-core";
import { tracks, trackName } from "~/content/showcase";
import { awards, finalsAwards } from "~/content/program";
import { getDb, type Db } from "~/db/client.server";
import {
  publishedResults,
  registrations,
  showcaseLedger,
  showcaseMemberDisplay,
  submissions,
  teamMembers,
  teams,
  user as accounts,
} from "~/db/schema";
import { publicCredit } from "./credit";
import { showcaseEdition } from "./window";

export interface ShowcaseCard {
  slug: string;
  title: string;
  summary: string;
  track: string | null;
  trackName: string | null;
  teamName: string | null;
}

/** Submitted, consenting, with a title and a slug: what the showcase may show. */
const shown = (editionId: string) =>
  and(
    eq(submissions.editionId, editionId),
    eq(submissions.status, "submitted"),
    eq(submissions.publicConsent, true),
    sql`${submissions.title} IS NOT NULL AND ${submissions.slug} IS NOT NULL`,
  );

/** `%` and `_` typed into the search match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listProjects(
  db: Db,
  editionId: string,
  filter: { track?: string | null; q?: string | null } = {},
): Promise<ShowcaseCard[]> {
  const track = tracks.some((t) => t.id === filter.track) ? filter.track! : null;
  const q = filter.q?.trim() ?? "";
  const rows = await db
    .select({
      slug: submissions.slug,
      title: submissions.title,
      summary: submissions.summary,
      track: submissions.track,
      teamName: teams.name,
    })
    .from(submissions)
    .innerJoin(teams, eq(teams.id, submissions.teamId))
    .where(
      and(
        shown(editionId),
        track ? eq(submissions.track, track) : undefined,
        q ? sql`${submissions.title} LIKE ${likePattern(q)} ESCAPE '\\'` : undefined,
      ),
    )
    .orderBy(sql`lower(${submissions.title})`, asc(submissions.slug));
  return rows.map((r) => ({
    slug: r.slug!,
    title: r.title!,
    summary: r.summary ?? "",
    track: r.track,
    trackName: trackName(r.track),
    teamName: r.teamName,
  }));
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

const organization = alias(registrations, "organization");

export async function projectBySlug(db: Db, editionId: string, slug: string): Promise<ShowcaseProject | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const [row] = await db
    .select({ submission: submissions, teamName: teams.name })
    .from(submissions)
    .innerJoin(teams, eq(teams.id, submissions.teamId))
    .where(and(shown(editionId), eq(submissions.slug, slug)))
    .limit(1);
  if (!row) return null;
  const s = row.submission;
  const people = await db
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
    .where(eq(teamMembers.teamId, s.teamId))
    .orderBy(sql`${teamMembers.role} = 'lead' DESC`, asc(teamMembers.joinedAt));
  const ids = people.map((p) => p.userId);
  const enrolled = ids.length
    ? await db
        .select({
          userId: registrations.userId,
          firstName: registrations.firstName,
          lastName: registrations.lastName,
          company: sql<string | null>`coalesce(${organization.companyName}, ${registrations.companyName})`,
        })
        .from(registrations)
        .leftJoin(organization, eq(organization.id, registrations.organizationRegistrationId))
        .where(
          and(
            inArray(registrations.userId, ids),
            eq(registrations.editionId, editionId),
            eq(registrations.registrationType, "individual"),
            inArray(registrations.status, ["paid", "enrolled"]),
          ),
        )
    : [];
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
    slug: s.slug!,
    title: s.title!,
    summary: s.summary ?? "",
    track: s.track,
    trackName: trackName(s.track),
    teamName: row.teamName,
    teamId: s.teamId,
    editionId,
    abstract: s.abstract ?? "",
    prototypeUrl: s.prototypeUrl,
    videoUrl: s.videoUrl,
    credit,
    members,
    organizations,
    memberIds: ids,
  };
}

const awardNames: Record<string, string> = Object.fromEntries(
  [...awards, ...finalsAwards].map((a) => [a.id, a.name] as const),
);

export function awardName(id: string): string {
  return id === "finalist" ? "Finalist" : (awardNames[id] ?? id);
}

/** A team's published results (finalist, awards), from the table judging and the showcase publish into. */
export async function awardsOf(db: Db, editionId: string, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ award: publishedResults.award, place: publishedResults.place })
    .from(publishedResults)
    .where(and(eq(publishedResults.editionId, editionId), eq(publishedResults.teamId, teamId)))
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

/** The audience vote as published (`publish-audience-choice`): the ledger and the winner(s); null before. */
export async function publishedAudienceVote(db: Db, editionId: string) {
  const rows = await db
    .select()
    .from(showcaseLedger)
    .where(eq(showcaseLedger.editionId, editionId))
    .orderBy(sql`${showcaseLedger.finalCount} DESC`, asc(showcaseLedger.projectTitle));
  if (rows.length === 0) return null;
  const winners = await db
    .select({ teamId: publishedResults.teamId })
    .from(publishedResults)
    .where(and(eq(publishedResults.editionId, editionId), eq(publishedResults.award, "audience-choice")));
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

/** The slug of a team's project, if it is in the showcase. */
export async function slugOfTeam(db: Db, editionId: string, teamId: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: submissions.slug })
    .from(submissions)
    .where(and(shown(editionId), eq(submissions.teamId, teamId)))
    .limit(1);
  return row?.slug ?? null;
}

/** The pages of the showcase's projects, for the sitemap; none before it opens. */
export async function showcaseProjectPaths(context: Readonly<RouterContextProvider>): Promise<string[]> {
  const { env } = context.get(requestContext);
  const { now, edition } = requestClock(context);
  const { shown } = showcaseEdition(now, edition, editionsFor(env));
  if (!shown) return [];
  return (await listProjects(getDb(env), shown.id)).map((p) => `/showcase/${p.slug}`);
}
