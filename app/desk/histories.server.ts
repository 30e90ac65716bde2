/**
 * The desk's histories (issue 51, pretix's per-object history): a team's,
 * an organization's and a person's, each from the one event log, newest
 * first, a page at a time.
 */
import { and, asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { formatMountain } from "~/clock/format";
import { historyText } from "~/content/events";
import { registrations, submissions, teamMembers, teams, user } from "~/db/schema";
import { historyOf, type HistorySubject } from "~/events/history.server";
import type { Desk } from "~/organize/guard.server";
import { paged } from "~/organize/paging";

/** At most this many rows of one subject's history are read: years of a team's life fit many times over. */
const HISTORY_READ = 2_000;

export interface HistoryItem {
  id: number;
  /** ISO, for the time element. */
  at: string;
  /** Mountain Time, as people read it. */
  when: string;
  who: string;
  what: string;
}

/** One page (`history` in the query string) of a subject's history. */
export async function historyPage(desk: Desk, subject: HistorySubject, url: URL) {
  const rows = await historyOf(desk.db, subject, { limit: HISTORY_READ });
  const items: HistoryItem[] = rows.map((row) => ({
    id: row.id,
    at: row.createdAt,
    when: formatMountain(new Date(row.createdAt), "dateTime"),
    who: row.who,
    what: row.reason ? `${row.summary} (${row.reason})` : row.summary,
  }));
  return paged(items, url, "history");
}

/** /organize/teams/:id: the team, its members, its project's status, and its history. */
export async function teamDeskView(desk: Desk, teamId: string) {
  const [team] = await desk.db
    .select({ id: teams.id, name: teams.name, editionId: teams.editionId })
    .from(teams)
    .where(eq(teams.id, teamId))
    .limit(1);
  if (!team) throw data(null, { status: 404 });
  const [members, [project]] = await Promise.all([
    desk.db
      .select({ userId: teamMembers.userId, email: user.email, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
      .from(teamMembers)
      .leftJoin(user, eq(user.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(asc(teamMembers.joinedAt)),
    desk.db
      .select({ status: submissions.status, submittedAt: submissions.submittedAt })
      .from(submissions)
      .where(eq(submissions.teamId, teamId))
      .limit(1),
  ]);
  return {
    team: { ...team, title: team.name ?? historyText.soloTeam },
    members: members.map((m) => ({
      ...m,
      email: m.email ?? historyText.formerAccountAddress,
      joined: formatMountain(new Date(m.joinedAt), "dateTime"),
    })),
    project: project ?? null,
    history: await historyPage(desk, { teamId }, new URL(desk.request.url)),
  };
}

/** /organize/organizations/:id: the organization's package and its history. */
export async function organizationDeskView(desk: Desk, organizationId: string) {
  const [organization] = await desk.db
    .select({
      id: registrations.id,
      name: registrations.companyName,
      editionId: registrations.editionId,
      status: registrations.status,
    })
    .from(registrations)
    .where(and(eq(registrations.id, organizationId), eq(registrations.registrationType, "workforce")))
    .limit(1);
  if (!organization) throw data(null, { status: 404 });
  return {
    organization: { ...organization, title: organization.name ?? organization.id },
    history: await historyPage(desk, { organizationId }, new URL(desk.request.url)),
  };
}
