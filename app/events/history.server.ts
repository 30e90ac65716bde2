/**
 * Histories by subject (issue 51): everything the one event log holds about
 * a team, a person or an organization, newest first, a page at a time. An
 * account's row names no one (it is labelled by role): the reader joins the
 * account for its current address, or says "a former member" once the
 * account is gone, so deleting an account never rewrites the log.
 */
import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { formerAccount, jobActor } from "~/content/events";
import type { Db } from "~/db/client.server";
import { events, user } from "~/db/schema";
import { accountRoles, type AccountRole } from "./kinds";

/** What a history is of. */
export type HistorySubject = { teamId: string } | { userId: string } | { organizationId: string };

export interface HistoryPage {
  limit: number;
  offset?: number;
  /** Only the accounts' own actions (what a team or an organization sees of itself). */
  accountsOnly?: boolean;
}

function subjectCondition(subject: HistorySubject): SQL {
  if ("teamId" in subject) return eq(events.teamId, subject.teamId);
  if ("organizationId" in subject) return eq(events.organizationId, subject.organizationId);
  // A person's history: what they did, and what was done about them.
  return or(eq(events.actorUserId, subject.userId), eq(events.subjectUserId, subject.userId))!;
}

function where(subject: HistorySubject, accountsOnly = false) {
  return and(subjectCondition(subject), accountsOnly ? eq(events.actorKind, "account") : undefined);
}

export interface HistoryRow {
  id: number;
  createdAt: string;
  actorKind: string;
  actorUserId: string | null;
  /** Who acted, as people read it: the account's current address, an organizer's, a job's name. */
  who: string;
  /** The account's current address (null for organizers, jobs and deleted accounts). */
  actorEmail: string | null;
  action: string;
  summary: string;
  reason: string | null;
  /** JSON: an account kind's payload. */
  payload: string | null;
}

const isAccountRole = (role: string | null): role is AccountRole => accountRoles.some((r) => r === role);

/** How a history names who acted. */
export function whoActed(row: {
  actorKind: string;
  actorLabel: string;
  actorRole: string | null;
  actorEmail: string | null;
}) {
  if (row.actorKind === "job") return jobActor(row.actorLabel);
  if (row.actorKind !== "account") return row.actorLabel;
  return row.actorEmail ?? (isAccountRole(row.actorRole) ? formerAccount[row.actorRole] : formerAccount.participant);
}

/** One page of a subject's history, newest first, unrun (for a page's batch); `historyRows` shapes its rows. */
export function historyQuery(db: Db, subject: HistorySubject, page: HistoryPage) {
  const fields = {
    id: events.id,
    createdAt: events.createdAt,
    actorKind: events.actorKind,
    actorUserId: events.actorUserId,
    actorLabel: events.actorLabel,
    actorRole: events.actorRole,
    accountEmail: user.email,
    action: events.action,
    summary: events.summary,
    reason: events.reason,
    payload: events.payload,
  };
  const rowsWhere = (condition: SQL) =>
    db
      .select(fields)
      .from(events)
      // Only an account's own row is read by its account: an organizer's row keeps the address it acted with.
      .leftJoin(user, and(eq(user.id, events.actorUserId), eq(events.actorKind, "account")))
      .where(and(condition, page.accountsOnly ? eq(events.actorKind, "account") : undefined));
  if ("userId" in subject) {
    // A person's history is two lists, each in its index's order (what they did, what was done about them):
    // merged, SQLite reads only as far as the page; `actor OR subject` read and sorted every row of both on each
    // view, and a busy organizer's grows with every read they make (issue 56). UNION keeps a row in both once.
    // A compound SELECT orders by its result's columns: by position, as drizzle names them without their table
    // and SQLite matches only an alias or the expression itself.
    const column = (field: keyof typeof fields) => sql.raw(String(Object.keys(fields).indexOf(field) + 1));
    return rowsWhere(eq(events.actorUserId, subject.userId))
      .union(rowsWhere(eq(events.subjectUserId, subject.userId)))
      .orderBy(sql`${column("createdAt")} DESC`, sql`${column("id")} DESC`)
      .limit(page.limit)
      .offset(page.offset ?? 0);
  }
  return rowsWhere(subjectCondition(subject))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** `historyQuery`'s rows as a history lists them. */
export function historyRows(rows: Awaited<ReturnType<typeof historyQuery>>): HistoryRow[] {
  return rows.map(({ accountEmail, actorLabel, actorRole, ...row }) => {
    const actorEmail = row.actorKind === "account" ? accountEmail : null;
    return { ...row, actorEmail, who: whoActed({ actorKind: row.actorKind, actorLabel, actorRole, actorEmail }) };
  });
}

/** One page of a subject's history, newest first. */
export async function historyOf(db: Db, subject: HistorySubject, page: HistoryPage): Promise<HistoryRow[]> {
  return historyRows(await historyQuery(db, subject, page));
}

/** How many rows a subject's history holds, unrun. */
export function historyLengthQuery(db: Db, subject: HistorySubject, accountsOnly = false) {
  return db.select({ n: count() }).from(events).where(where(subject, accountsOnly));
}

/** An organization's history (its admins' own actions, unless asked for all). */
export function organizationHistory(db: Db, organizationId: string, page: HistoryPage) {
  return historyOf(db, { organizationId }, page);
}

/** A team's history. */
export function teamHistory(db: Db, teamId: string, page: HistoryPage) {
  return historyOf(db, { teamId }, page);
}
