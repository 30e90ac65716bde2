/**
 * A team's history (team_events, issue 22): what was done to the team's
 * project that its members should be able to see afterwards, by whom and
 * when. Written in the same batch as the change it records.
 */
import { desc, eq } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { formerMember, teamEventDescriptions, teamHistoryShown } from "~/content/portal";
import type { Db } from "~/db/client.server";
import { teamEvents, user, type TeamEventKind } from "~/db/schema";

export function teamEventInsert(
  db: Db,
  teamId: string,
  actor: { id: string },
  kind: TeamEventKind,
  now: Date,
  detail?: Record<string, unknown>,
) {
  return db.insert(teamEvents).values({
    teamId,
    actorUserId: actor.id,
    kind,
    detail: detail ? JSON.stringify(detail) : null,
    createdAt: now.toISOString(),
  });
}

export interface TeamHistoryEntry {
  id: number;
  text: string;
  at: string;
}

/** The team's latest entries, newest first, as its members read them on /portal. */
export async function teamHistoryOf(db: Db, teamId: string): Promise<TeamHistoryEntry[]> {
  const rows = await db
    .select({ id: teamEvents.id, kind: teamEvents.kind, createdAt: teamEvents.createdAt, email: user.email })
    .from(teamEvents)
    .leftJoin(user, eq(user.id, teamEvents.actorUserId))
    .where(eq(teamEvents.teamId, teamId))
    .orderBy(desc(teamEvents.createdAt), desc(teamEvents.id))
    .limit(teamHistoryShown);
  return rows.map((row) => ({
    id: row.id,
    text: teamEventDescriptions[row.kind](row.email ?? formerMember),
    at: formatMountain(new Date(row.createdAt), "dateTime"),
  }));
}
