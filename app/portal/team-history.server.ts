/**
 * A team's history (issue 22; one event log since issue 51): what its
 * members did to the team and its project, by whom and when, written through
 * the one guarded commit in the same batch as the change.
 */
import { formatMountain } from "~/clock/format";
import { formerMember, teamEventDescriptions, teamHistoryShown } from "~/content/portal";
import type { Db } from "~/db/client.server";
import { commitAccountChange, type CommitOptions, type Statement } from "~/events/commit.server";
import { teamHistory } from "~/events/history.server";
import type { AccountEventKind, AccountEventPayload } from "~/events/kinds";

type TeamKind = Extract<AccountEventKind, `team.${string}`>;

/** A member's change to the team and its row of the team's history, in one batch. */
export function commitTeamChange<Kind extends TeamKind>(
  db: Db,
  change: {
    teamId: string;
    editionId: string;
    actorUserId: string;
    kind: Kind;
    payload: AccountEventPayload<Kind>;
    now: Date;
    statements: Statement[];
    /** The person it is about, if another member. */
    subjectUserId?: string;
  } & CommitOptions,
) {
  const { teamId, editionId, actorUserId, subjectUserId, ...rest } = change;
  return commitAccountChange(db, {
    ...rest,
    actor: { userId: actorUserId, role: "participant" },
    subject: { teamId, editionId, userId: subjectUserId ?? null },
  });
}

export interface TeamHistoryEntry {
  id: number;
  text: string;
  at: string;
}

const described = (kind: string): kind is keyof typeof teamEventDescriptions => kind in teamEventDescriptions;

/** The team's latest entries, its members' own actions, newest first, as its members read them on /portal. */
export async function teamHistoryOf(db: Db, teamId: string): Promise<TeamHistoryEntry[]> {
  const rows = await teamHistory(db, teamId, { limit: teamHistoryShown, accountsOnly: true });
  return rows.flatMap((row) => {
    const kind = row.action.replace(/^team\./, "");
    if (!described(kind)) return [];
    return [
      {
        id: row.id,
        text: teamEventDescriptions[kind](row.actorEmail ?? formerMember),
        at: formatMountain(new Date(row.createdAt), "dateTime"),
      },
    ];
  });
}
