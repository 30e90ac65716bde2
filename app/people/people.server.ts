/**
 * People on the organizers' desk (issue 33): finding an account by name or
 * address (`people.search`), and one person's facts (`people.person`) —
 * registrations and payments as the server recorded them, organizations,
 * teams and projects, showcase votes (how many and when, never for whom),
 * credentials, judging and the desk role. /organize/people, its person
 * pages and the organizer API all read these. Read-only: nothing here
 * writes, so no audit row.
 */
import { and, asc, count, desc, eq, exists, isNotNull, max, min, or, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { formatMountain } from "~/clock/format";
import { achievementOf } from "~/content/credentials";
import { deskRules, organizerRoleText, peopleRules, peopleText } from "~/content/organize";
import { formatUsd } from "~/content/pricing";
import type { Db } from "~/db/client.server";
import {
  credentials,
  invoices,
  judges,
  organizationAdmins,
  organizerRoles,
  registrations,
  showcaseVotes,
  sponsorships,
  submissions,
  teamMembers,
  teams,
  user,
} from "~/db/schema";
import { defineOrganizerQuery } from "~/organize/action.server";
import type { RowsOf } from "~/organize/overview-block.server";
import { jsonList } from "~/db/json-lists";
import { receivableColumns } from "~/payments/receivables.server";
import { PersonSchema, SearchPeopleSchema } from "./schema";

const when = (iso: string | null) => (iso ? formatMountain(new Date(iso), "dateTime") : null);
const day = (iso: string | null) => (iso ? formatMountain(new Date(iso)) : null);

/** A search's page: the accounts whose name, address or registered name contains `q`, any case. */
export async function searchPeople(db: Db, q: string, page: number) {
  const needle = q.trim().slice(0, peopleRules.searchMaxChars);
  if (needle.length < peopleRules.searchMinChars) return { q: needle, total: 0, page: 1, pages: 1, people: [] };
  // instr, not LIKE: the text is bound and matched as typed, so % and _ are themselves (nothing to escape), and
  // D1 refuses LIKE patterns over 50 bytes, which a whole address often is. lower() folds ASCII, as LIKE would.
  const lowered = needle.toLowerCase();
  const contains = (column: unknown) => sql`instr(lower(${column}), ${lowered}) > 0`;
  const matches = or(
    contains(user.name),
    contains(user.email),
    exists(
      db
        .select({ one: sql`1` })
        .from(registrations)
        .where(
          and(
            eq(registrations.userId, user.id),
            contains(sql`${registrations.firstName} || ' ' || ${registrations.lastName}`),
          ),
        ),
    ),
  );
  const [total] = await db.select({ n: count() }).from(user).where(matches);
  const n = total?.n ?? 0;
  const size = deskRules.pageSize;
  const pages = Math.max(1, Math.ceil(n / size));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      verified: user.emailVerified,
      twoFactor: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(matches)
    .orderBy(asc(user.email))
    .limit(size)
    .offset((current - 1) * size);
  return {
    q: needle,
    total: n,
    page: current,
    pages,
    people: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      verified: r.verified,
      twoFactor: r.twoFactor === true,
      created: formatMountain(r.createdAt),
    })),
  };
}

export type PeopleSearch = Awaited<ReturnType<typeof searchPeople>>;

/**
 * The statement that reads one account's facts, unrun, so a page can send it
 * in its own batch (issue 56: /organize/people/:id in one round trip): the
 * account's row with its few rows of ten tables as JSON lists beside it
 * (app/db/json-lists.ts), one statement instead of eleven; `personFactsOf`
 * shapes it.
 */
export function personFactsQueries(db: Db, userId: string) {
  const organization = alias(registrations, "organization");
  return [
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        verified: user.emailVerified,
        twoFactor: user.twoFactorEnabled,
        createdAt: user.createdAt,
        registrations: jsonList(
          {
            id: registrations.id,
            editionId: registrations.editionId,
            plan: registrations.plan,
            status: registrations.status,
            amountCents: registrations.amountCents,
            refundedCents: registrations.refundedCents,
            paidAt: registrations.paidAt,
            companyName: registrations.companyName,
            disputeStatus: registrations.disputeStatus,
          },
          (row) =>
            db
              .select({ row })
              .from(registrations)
              .where(eq(registrations.userId, userId))
              .orderBy(desc(registrations.createdAt), asc(registrations.id)),
        ),
        sponsorships: jsonList(
          {
            id: sponsorships.id,
            editionId: sponsorships.editionId,
            tier: sponsorships.tier,
            status: sponsorships.status,
            amountCents: sponsorships.amountCents,
            refundedCents: sponsorships.refundedCents,
            paidAt: sponsorships.paidAt,
            companyName: sponsorships.companyName,
          },
          (row) =>
            db
              .select({ row })
              .from(sponsorships)
              .where(eq(sponsorships.userId, userId))
              .orderBy(desc(sponsorships.createdAt), asc(sponsorships.id)),
        ),
        // An employee: a registration made with an organization's company code.
        employer: jsonList(
          { editionId: registrations.editionId, company: organization.companyName, status: registrations.status },
          (row) =>
            db
              .select({ row })
              .from(registrations)
              .innerJoin(organization, eq(organization.id, registrations.organizationRegistrationId))
              .where(and(eq(registrations.userId, userId), isNotNull(registrations.organizationRegistrationId))),
        ),
        admin: jsonList({ editionId: registrations.editionId, company: registrations.companyName }, (row) =>
          db
            .select({ row })
            .from(organizationAdmins)
            .innerJoin(registrations, eq(registrations.id, organizationAdmins.registrationId))
            .where(eq(organizationAdmins.userId, userId)),
        ),
        memberships: jsonList(
          {
            editionId: teams.editionId,
            teamId: teams.id,
            team: teams.name,
            role: teamMembers.role,
            title: submissions.title,
            status: submissions.status,
            submittedAt: submissions.submittedAt,
          },
          (row) =>
            db
              .select({ row })
              .from(teamMembers)
              .innerJoin(teams, eq(teams.id, teamMembers.teamId))
              .leftJoin(submissions, eq(submissions.teamId, teams.id))
              .where(eq(teamMembers.userId, userId))
              .orderBy(desc(teams.editionId)),
        ),
        // How many and when, never which project: team_id is not read.
        votes: jsonList(
          {
            editionId: showcaseVotes.editionId,
            votes: count(),
            excluded: sum(sql<number>`${showcaseVotes.excludedAt} IS NOT NULL`),
            first: min(showcaseVotes.castAt),
            last: max(showcaseVotes.castAt),
          },
          (row) =>
            db
              .select({ row })
              .from(showcaseVotes)
              .where(eq(showcaseVotes.userId, userId))
              .groupBy(showcaseVotes.editionId)
              .orderBy(desc(showcaseVotes.editionId)),
        ),
        credentials: jsonList(
          {
            id: credentials.id,
            editionId: credentials.editionId,
            achievement: credentials.achievement,
            issuedAt: credentials.issuedAt,
            revokedAt: credentials.revokedAt,
          },
          (row) =>
            db
              .select({ row })
              .from(credentials)
              .where(eq(credentials.userId, userId))
              .orderBy(desc(credentials.issuedAt)),
        ),
        judged: jsonList({ editionId: judges.editionId, joinedAt: judges.joinedAt, leftAt: judges.leftAt }, (row) =>
          db.select({ row }).from(judges).where(eq(judges.userId, userId)).orderBy(desc(judges.editionId)),
        ),
        role: jsonList(
          { role: organizerRoles.role, grantedBy: organizerRoles.grantedBy, grantedAt: organizerRoles.grantedAt },
          (row) => db.select({ row }).from(organizerRoles).where(eq(organizerRoles.userId, userId)).limit(1),
        ),
        // The invoices they requested (issue 53), as the desk lists them (`receivableRow`), newest first.
        invoices: jsonList(receivableColumns, (row) =>
          db
            .select({ row })
            .from(invoices)
            .where(eq(invoices.userId, userId))
            .orderBy(desc(invoices.createdAt))
            .limit(peopleRules.invoicesShown),
        ),
      })
      .from(user)
      .where(eq(user.id, userId))
      .limit(1),
  ] as const;
}

export type PersonFactsRows = RowsOf<ReturnType<typeof personFactsQueries>>;

/** One account's facts from `personFactsQueries`' rows, or null when there is no such account. */
export function personFactsOf(rows: Readonly<PersonFactsRows>) {
  const [[account]] = rows;
  if (!account) return null;
  const { registrations: regs, sponsorships: spons, employer, admin, memberships, votes, credentials: creds } = account;
  const { judged, role, invoices: requested } = account;
  const owned = regs.filter((r) => r.plan === "workforce" && r.status === "paid");
  const money = (cents: number) => formatUsd(cents);
  return {
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      verified: account.verified,
      twoFactor: account.twoFactor === true,
      created: formatMountain(account.createdAt, "dateTime"),
    },
    registrations: regs.map((r) => ({
      id: r.id,
      editionId: r.editionId,
      plan: r.plan,
      status: r.status,
      amountCents: r.amountCents,
      amount: money(r.amountCents),
      refundedCents: r.refundedCents,
      refunded: r.refundedCents > 0 ? money(r.refundedCents) : null,
      paid: when(r.paidAt),
      company: r.companyName,
      dispute: r.disputeStatus,
    })),
    sponsorships: spons.map((s) => ({
      id: s.id,
      editionId: s.editionId,
      tier: s.tier,
      status: s.status,
      amountCents: s.amountCents,
      amount: money(s.amountCents),
      refunded: s.refundedCents > 0 ? money(s.refundedCents) : null,
      paid: when(s.paidAt),
      company: s.companyName,
    })),
    organizations: [
      ...owned.map((r) => ({ editionId: r.editionId, company: r.companyName ?? "", as: "owner" as const })),
      ...admin.map((a) => ({ editionId: a.editionId, company: a.company ?? "", as: "admin" as const })),
      ...employer
        .filter((e) => e.status === "enrolled")
        .map((e) => ({ editionId: e.editionId, company: e.company ?? "", as: "employee" as const })),
    ],
    teams: memberships.map((m) => ({
      editionId: m.editionId,
      teamId: m.teamId,
      team: m.team ?? peopleText.workingAlone,
      role: m.role,
      project: m.title ?? (m.status ? peopleText.untitledProject : peopleText.noProject),
      submitted: m.status === "submitted" ? when(m.submittedAt) : m.status ? peopleText.draft : null,
    })),
    votes: votes.map((v) => ({
      editionId: v.editionId,
      votes: v.votes,
      excluded: Number(v.excluded ?? 0),
      first: when(v.first),
      last: when(v.last),
    })),
    credentials: creds.map((c) => ({
      id: c.id,
      editionId: c.editionId,
      name: achievementOf(c.editionId, c.achievement)?.name ?? c.achievement,
      issued: day(c.issuedAt),
      revoked: day(c.revokedAt),
    })),
    judging: judged.map((j) => ({ editionId: j.editionId, joined: day(j.joinedAt), left: day(j.leftAt) })),
    invoices: requested,
    organizerRole: role[0]
      ? {
          role: organizerRoleText[role[0].role].label,
          since: day(role[0].grantedAt),
          grantedBy: role[0].grantedBy,
        }
      : null,
  };
}

/** Everything the desk shows about one account, or null when there is none. */
export async function personFacts(db: Db, userId: string) {
  return personFactsOf(await db.batch(personFactsQueries(db, userId)));
}

export type PersonFacts = NonNullable<ReturnType<typeof personFactsOf>>;

export const searchPeopleQuery = defineOrganizerQuery({
  id: "people.search",
  permission: "read:person",
  input: SearchPeopleSchema,
  read: ({ q, page }, ctx) => searchPeople(ctx.db, q, Number(page ?? 1)),
  personalData: { read: "people.search", rows: (found) => found.people.length },
});

export const personQuery = defineOrganizerQuery({
  id: "people.person",
  permission: "read:person",
  input: PersonSchema,
  read: async ({ id }, ctx) => ({ person: await personFacts(ctx.db, id) }),
  personalData: { read: "people.read", rows: ({ person }) => (person ? 1 : 0) },
});
