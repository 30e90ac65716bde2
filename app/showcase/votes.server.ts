/**
 * The audience vote (issue 25): one verified vote per account per edition,
 * for any showcased project but the voter's own team's, movable until the
 * close (the last one counts). Every rule is checked here, whatever the
 * browser sends; the route only says who asks and when. Each vote keeps what
 * the review needs (docs/content-conflicts.md: why not one vote per address).
 * No e-mail: a vote is not worth a message.
 */
import type { Refusal } from "~/lib/refusal";
import { and, eq, exists, notExists, sql } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import type { SessionUser } from "~/auth/session.server";
import type { Edition } from "~/content/editions";
import { showcaseMessages } from "~/content/showcase";
import { statementOnce, type Db } from "~/db/client.server";
import { showcaseVotes, submissions, teamMembers, user as accounts } from "~/db/schema";
import { emailDomainOf, networkOf } from "./review";
import { showcaseOpensAt, votingWindow } from "./window";
import { isProjectSlug, shownIn, voteTarget } from "./projects.server";

export type VoteAnswer = { ok: true; message: string } | Refusal;

/** What a refused vote needs to know about its project (projects.server.ts `voteTarget`). */
export type VoteTarget = () => Promise<{ teamId: string; ownTeam: boolean } | null>;

const verifyFirst = { message: showcaseMessages.verifyToVote, status: 403 };

/** Why nobody may vote at `now`: the window is a matter of the clock alone. */
function windowRefusal(now: Date, edition: Edition): { message: string; status: number } | null {
  const window = votingWindow(now, edition);
  if (window === "notYetOpen")
    return { message: showcaseMessages.notOpenYet(formatMountain(showcaseOpensAt(edition), "longDate")), status: 403 };
  if (window === "closed") return { message: showcaseMessages.closed, status: 403 };
  return null;
}

/** A value of the vote, bound when the statement runs, under its column's name (INSERT … SELECT goes by position). */
const bound = (name: string, column: string) => sql`${sql.placeholder(name)}`.as(column);
const none = (column: string) => sql<string | null>`NULL`.as(column);

/**
 * The vote's one statement, its SQL built once per isolate (issue 34): an
 * upsert whose source row exists only while the project at `slug` is shown,
 * the voter is on none of its team and the account's address is verified.
 * It returns when the row's vote went to this project and the project's
 * title.
 */
const castStatement = statementOnce((db) =>
  db
    .insert(showcaseVotes)
    .select(
      db
        .select({
          id: bound("id", "id"),
          editionId: submissions.editionId,
          userId: bound("userId", "user_id"),
          teamId: submissions.teamId,
          clientIp: bound("clientIp", "client_ip"),
          ipPrefix: bound("ipPrefix", "ip_prefix"),
          accountCreatedAt: bound("accountCreatedAt", "account_created_at"),
          emailDomain: bound("emailDomain", "email_domain"),
          createdAt: bound("at", "created_at"),
          castAt: bound("at", "cast_at"),
          moves: sql<number>`0`.as("moves"),
          excludedAt: none("excluded_at"),
          excludedBy: none("excluded_by"),
          excludedReason: none("excluded_reason"),
          excludedCategory: none("excluded_category"),
        })
        .from(submissions)
        .where(
          and(
            shownIn(sql.placeholder("editionId")),
            eq(submissions.slug, sql.placeholder("slug")),
            notExists(
              db
                .select({ one: sql`1` })
                .from(teamMembers)
                .where(
                  and(eq(teamMembers.teamId, submissions.teamId), eq(teamMembers.userId, sql.placeholder("userId"))),
                ),
            ),
            exists(
              db
                .select({ one: sql`1` })
                .from(accounts)
                .where(and(eq(accounts.id, sql.placeholder("userId")), eq(accounts.emailVerified, true))),
            ),
          ),
        ),
    )
    .onConflictDoUpdate({
      target: [showcaseVotes.editionId, showcaseVotes.userId],
      set: {
        // Only a move changes the vote; voting again for the same project keeps its time.
        castAt: sql`CASE WHEN ${showcaseVotes.teamId} = excluded.team_id THEN ${showcaseVotes.castAt} ELSE excluded.cast_at END`,
        moves: sql`${showcaseVotes.moves} + (${showcaseVotes.teamId} <> excluded.team_id)`,
        teamId: sql`excluded.team_id`,
        clientIp: sql`excluded.client_ip`,
        ipPrefix: sql`excluded.ip_prefix`,
      },
    })
    .returning({
      castAt: showcaseVotes.castAt,
      title: sql<string>`(SELECT ${submissions.title} FROM ${submissions} WHERE ${submissions.teamId} = ${showcaseVotes.teamId})`,
    }),
);

/**
 * Casts or moves the account's vote for the shown project at `slug`, in one
 * statement (`castStatement`): the unique (edition, account) row is inserted
 * or pointed at the new project, so two votes at once from one account leave
 * one row, never two. A vote that goes in costs that statement (beside the
 * session read); only a refused one asks `target` why, with the same refusals
 * and messages as ever: no such project (404), the window, an unverified
 * address, the voter's own team.
 */
export async function castVote(
  db: Db,
  user: SessionUser,
  edition: Edition,
  slug: string,
  {
    now,
    clientIp,
    target = () => voteTarget(db, edition.id, slug, user.id),
  }: { now: Date; clientIp: string; target?: VoteTarget },
): Promise<VoteAnswer> {
  const refused = windowRefusal(now, edition) ?? (user.emailVerified ? null : verifyFirst);
  if (!refused && isProjectSlug(slug)) {
    const at = now.toISOString();
    const ip = clientIp.trim() || "unknown";
    const [row] = await castStatement(db, {
      id: crypto.randomUUID(),
      editionId: edition.id,
      userId: user.id,
      slug,
      clientIp: ip,
      ipPrefix: networkOf(ip),
      accountCreatedAt: user.createdAt,
      emailDomain: emailDomainOf(user.email),
      at,
    }).raw<[castAt: string, title: string]>();
    if (row) {
      const [castAt, title] = row;
      return {
        ok: true,
        message: castAt !== at ? showcaseMessages.unchanged(title) : showcaseMessages.voted(title),
      };
    }
  }
  // Refused: say why, as before the vote was one statement.
  const project = await target();
  if (!project) return { ok: false, message: showcaseMessages.notFound, status: 404 };
  if (refused) return { ok: false, ...refused };
  if (project.ownTeam) return { ok: false, message: showcaseMessages.ownProject, status: 403 };
  // The address stopped being verified between the session read and the write.
  return { ok: false, ...verifyFirst };
}

/** The account's vote in an edition: the project's slug and title, if it is still shown. */
export async function voteOf(db: Db, editionId: string, userId: string) {
  const [row] = await db
    .select({
      teamId: showcaseVotes.teamId,
      castAt: showcaseVotes.castAt,
      slug: submissions.slug,
      title: submissions.title,
    })
    .from(showcaseVotes)
    .leftJoin(submissions, eq(submissions.teamId, showcaseVotes.teamId))
    .where(and(eq(showcaseVotes.editionId, editionId), eq(showcaseVotes.userId, userId)))
    .limit(1);
  if (!row) return null;
  return {
    teamId: row.teamId,
    slug: row.slug,
    title: row.title ?? "A project no longer shown",
    castAt: formatMountain(new Date(row.castAt), "dateTime"),
  };
}

/** Every vote of the account, one per edition, newest edition first: for /account. */
export async function votesOf(db: Db, userId: string) {
  return votesFrom(await votesOfQuery(db, userId));
}

export function votesOfQuery(db: Db, userId: string) {
  return db
    .select({
      editionId: showcaseVotes.editionId,
      castAt: showcaseVotes.castAt,
      slug: submissions.slug,
      title: submissions.title,
    })
    .from(showcaseVotes)
    .leftJoin(submissions, eq(submissions.teamId, showcaseVotes.teamId))
    .where(eq(showcaseVotes.userId, userId))
    .orderBy(sql`${showcaseVotes.editionId} DESC`);
}

export function votesFrom(rows: Awaited<ReturnType<typeof votesOfQuery>>) {
  return rows.map((row) => ({
    editionId: row.editionId,
    slug: row.slug,
    title: row.title ?? "A project no longer shown",
    castAt: formatMountain(new Date(row.castAt), "dateTime"),
  }));
}
