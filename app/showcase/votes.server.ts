/**
 * The audience vote (issue 25): one verified vote per account per edition,
 * for any showcased project but the voter's own team's, movable until the
 * close (the last one counts). Every rule is checked here, whatever the
 * browser sends; the route only says who asks and when. Each vote keeps what
 * the review needs (docs/content-conflicts.md: why not one vote per address).
 * No e-mail: a vote is not worth a message.
 */
import { and, eq, sql } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import type { SessionUser } from "~/auth/session.server";
import type { Edition } from "~/content/editions";
import { showcaseMessages } from "~/content/showcase";
import type { Db } from "~/db/client.server";
import { showcaseVotes, submissions, teamMembers } from "~/db/schema";
import { emailDomainOf, networkOf } from "./review";
import { showcaseOpensAt, votingWindow } from "./window";
import type { ShowcaseProject } from "./projects.server";

export type VoteAnswer = { ok: true; message: string } | { ok: false; message: string; status: number };

/** Why `user` may not vote at `now` for `project`, or null. */
export async function voteRefusal(
  db: Db,
  user: SessionUser,
  edition: Edition,
  project: Pick<ShowcaseProject, "teamId" | "memberIds">,
  now: Date,
): Promise<{ message: string; status: number } | null> {
  const window = votingWindow(now, edition);
  if (window === "notYetOpen")
    return { message: showcaseMessages.notOpenYet(formatMountain(showcaseOpensAt(edition), "longDate")), status: 403 };
  if (window === "closed") return { message: showcaseMessages.closed, status: 403 };
  if (!user.emailVerified) return { message: showcaseMessages.verifyToVote, status: 403 };
  if (project.memberIds.includes(user.id)) return { message: showcaseMessages.ownProject, status: 403 };
  // A member who joined after the page was read: ask the database, not the list.
  const [own] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, project.teamId), eq(teamMembers.userId, user.id)))
    .limit(1);
  return own ? { message: showcaseMessages.ownProject, status: 403 } : null;
}

/**
 * Casts or moves the account's vote in one statement: the unique
 * (edition, account) row is inserted or pointed at the new project, so two
 * votes at once from one account leave one row, never two.
 */
export async function castVote(
  db: Db,
  user: SessionUser,
  edition: Edition,
  project: ShowcaseProject,
  { now, clientIp }: { now: Date; clientIp: string },
): Promise<VoteAnswer> {
  const refused = await voteRefusal(db, user, edition, project, now);
  if (refused) return { ok: false, ...refused };
  const at = now.toISOString();
  const ip = clientIp.trim() || "unknown";
  const [row] = await db
    .insert(showcaseVotes)
    .values({
      id: crypto.randomUUID(),
      editionId: edition.id,
      userId: user.id,
      teamId: project.teamId,
      clientIp: ip,
      ipPrefix: networkOf(ip),
      accountCreatedAt: user.createdAt,
      emailDomain: emailDomainOf(user.email),
      createdAt: at,
      castAt: at,
    })
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
    .returning({ castAt: showcaseVotes.castAt });
  return {
    ok: true,
    message:
      row && row.castAt !== at ? showcaseMessages.unchanged(project.title) : showcaseMessages.voted(project.title),
  };
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
  const rows = await db
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
  return rows.map((row) => ({
    editionId: row.editionId,
    slug: row.slug,
    title: row.title ?? "A project no longer shown",
    castAt: formatMountain(new Date(row.castAt), "dateTime"),
  }));
}
