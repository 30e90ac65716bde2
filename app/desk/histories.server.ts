/**
 * The desk's histories (issue 51, pretix's per-object history): a team's,
 * an organization's and a person's, each from the one event log, newest
 * first, a page at a time.
 */
import { and, asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { formatMountain } from "~/clock/format";
import { historyText } from "~/content/events";
import { deskRules } from "~/content/organize";
import { registrations, submissions, teamMembers, teams, user } from "~/db/schema";
import type { Db } from "~/db/client.server";
import {
  historyLengthQuery,
  historyQuery,
  historyRows,
  type HistoryRow,
  type HistorySubject,
} from "~/events/history.server";
import type { Desk } from "~/organize/guard.server";
import { askedPage, lastPageUrl, steppedPage, type Stepped } from "~/organize/paging";

export interface HistoryItem {
  id: number;
  /** ISO, for the time element. */
  at: string;
  /** Mountain Time, as people read it. */
  when: string;
  who: string;
  what: string;
}

const HISTORY_PARAM = "history";

/**
 * The statement that reads one page (`history` in the query string) of a
 * subject's history, unrun, for a page's own batch (issue 56: a page of rows,
 * not the whole history, and no count of it: a busy organizer's history grows
 * with every read they make). One row past the page says whether there is a
 * next. `size` rows a page: the desk's page, or fewer where the history sits
 * under other facts.
 */
export function historyPageQuery(db: Db, subject: HistorySubject, url: URL, size: number = deskRules.pageSize) {
  const { limit, offset } = askedPage(url, HISTORY_PARAM, size);
  return historyQuery(db, subject, { limit: limit + 1, offset });
}

export type HistoryPageRows = Awaited<ReturnType<typeof historyPageQuery>>;

/** The page `historyPageQuery` read; an empty page past the first (a stale link) counts and reads the last one. */
export async function historyPageOf(
  db: Db,
  subject: HistorySubject,
  url: URL,
  rows: HistoryPageRows,
  size: number = deskRules.pageSize,
): Promise<Stepped<HistoryItem>> {
  const shown = steppedPage(historyRows(rows).map(historyItem), url, HISTORY_PARAM, size);
  if (shown) return shown;
  const [length] = await historyLengthQuery(db, subject);
  const last = lastPageUrl(url, length?.n ?? 0, HISTORY_PARAM, size);
  return historyPageOf(db, subject, last, await historyPageQuery(db, subject, last, size), size);
}

function historyItem(row: HistoryRow): HistoryItem {
  return {
    id: row.id,
    at: row.createdAt,
    when: formatMountain(new Date(row.createdAt), "dateTime"),
    who: row.who,
    what: row.reason ? `${row.summary} (${row.reason})` : row.summary,
  };
}

/** /organize/teams/:id: the team, its members, its project's status, and its history. */
export async function teamDeskView(desk: Desk, teamId: string) {
  const { db } = desk;
  const url = new URL(desk.request.url);
  // One round trip (issue 56): the team, its members, its project and a page of its history.
  const [[team], members, [project], history] = await db.batch([
    db
      .select({ id: teams.id, name: teams.name, editionId: teams.editionId })
      .from(teams)
      .where(eq(teams.id, teamId))
      .limit(1),
    db
      .select({ userId: teamMembers.userId, email: user.email, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
      .from(teamMembers)
      .leftJoin(user, eq(user.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(asc(teamMembers.joinedAt)),
    db
      .select({ status: submissions.status, submittedAt: submissions.submittedAt })
      .from(submissions)
      .where(eq(submissions.teamId, teamId))
      .limit(1),
    historyPageQuery(db, { teamId }, url),
  ]);
  if (!team) throw data(null, { status: 404 });
  return {
    team: { ...team, title: team.name ?? historyText.soloTeam },
    members: members.map((m) => ({
      ...m,
      email: m.email ?? historyText.formerAccountAddress,
      joined: formatMountain(new Date(m.joinedAt), "dateTime"),
    })),
    project: project ?? null,
    history: await historyPageOf(db, { teamId }, url, history),
  };
}

/** /organize/organizations/:id: the organization's package and its history. */
export async function organizationDeskView(desk: Desk, organizationId: string) {
  const { db } = desk;
  const url = new URL(desk.request.url);
  // One round trip (issue 56): the organization and a page of its history.
  const [[organization], history] = await db.batch([
    db
      .select({
        id: registrations.id,
        name: registrations.companyName,
        editionId: registrations.editionId,
        status: registrations.status,
      })
      .from(registrations)
      .where(and(eq(registrations.id, organizationId), eq(registrations.registrationType, "workforce")))
      .limit(1),
    historyPageQuery(db, { organizationId }, url),
  ]);
  if (!organization) throw data(null, { status: 404 });
  return {
    organization: { ...organization, title: organization.name ?? organization.id },
    history: await historyPageOf(db, { organizationId }, url, history),
  };
}
