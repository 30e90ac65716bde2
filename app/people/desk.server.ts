/**
 * The registrar's pages of the organizers' desk (issue 33): the people
 * search, one person's page, the registrations, sponsorships and
 * organizations of an edition (filtered by GET forms, paged, each with its
 * CSV link) and the messages received. One `*DeskView` per page, reading the
 * same functions as the organizer API's queries; /organize/inbox's forms
 * (marking a contact message or an interest form handled, or reopening it,
 * each a registered organizer action, ./inbox.server.ts: one button per
 * row, a refusal shown beside its list); and the overview's blocks of
 * registrations and organizations.
 */
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { data } from "react-router";
import { formatMountain } from "~/clock/format";
import { deskEditionName, deskEditionOptions } from "~/organize/desk-editions.server";
import { deskRules, overviewRules, overviewText, peopleRules, peopleText } from "~/content/organize";
import { formatUsd, plans, sponsorTierIds } from "~/content/pricing";
import { registrationStatuses, sponsorshipStatuses } from "~/db/payments-schema";
import { companyCodes, registrations } from "~/db/schema";
import type { Intent } from "~/forms/intent-action.server";
import { paidWorkforce } from "~/organization/paid-workforce.server";
import { invoicesView } from "~/payments/receivables.server";
import { personRead, recordRead } from "~/organize/action.server";
import { actionIntent } from "~/organize/action-intent.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import { overviewBlock } from "~/organize/overview-block.server";
import { askedPage, lastPageUrl, notPastTheEnd, paged, pageOf, type Paged } from "~/organize/paging";
import { handleContact, handleInterest } from "./inbox.server";
import {
  contactsList,
  interestsList,
  organizationsList,
  registrationsPageQueries,
  sponsorshipsList,
  storedRegistrations,
  type StoredRow,
} from "./lists.server";
import { personFactsOf, personFactsQueries, searchPeople, type PersonFactsRows } from "./people.server";
import { EditionFilterSchema, RegistrationsFilterSchema, SponsorshipsFilterSchema, type HandleSchema } from "./schema";

/** The overview's organizations (a paid Workforce Package), with their live code and employees enrolled, most first. */
export function organizationsOverview({ db, edition }: Desk) {
  const employees = alias(registrations, "employees");
  const organization = and(eq(registrations.editionId, edition.id), paidWorkforce);
  const enrolled = count(employees.id);
  return overviewBlock(
    [
      db
        .select({
          id: registrations.id,
          name: registrations.companyName,
          code: companyCodes.code,
          enrolled,
          // One row per organization (a registration has at most one live code): the rows before the limit.
          total: sql<number>`count(*) over ()`,
        })
        .from(registrations)
        .leftJoin(companyCodes, and(eq(companyCodes.registrationId, registrations.id), isNull(companyCodes.revokedAt)))
        .leftJoin(
          employees,
          and(eq(employees.organizationRegistrationId, registrations.id), eq(employees.status, "enrolled")),
        )
        .where(organization)
        .groupBy(registrations.id, companyCodes.code)
        .orderBy(desc(enrolled), asc(registrations.companyName), asc(registrations.id))
        .limit(overviewRules.companiesShown),
    ] as const,
    ([rows]) => ({
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map((c) => ({
        id: c.id,
        name: c.name ?? c.id,
        code: c.code ?? overviewText.companyCodeRevoked,
        enrolled: c.enrolled,
      })),
    }),
  );
}

const when = (iso: unknown) => (typeof iso === "string" && iso ? formatMountain(new Date(iso), "dateTime") : null);
const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** A page's query parameters, without the empty ones a GET form sends for "Any". */
function filterParams(url: URL) {
  return Object.fromEntries([...url.searchParams].filter(([key, value]) => value !== "" && key !== "page"));
}

/** The link to the same selection as CSV. */
function csvHref(url: URL, path: string) {
  const params = new URLSearchParams(filterParams(url));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}`;
}

/** A page of an SQL-paged list, with the same links as `paged` makes. */
function sqlPaged<T>(items: T[], page: number, pages: number, total: number, url: URL): Paged<T> {
  const link = (to: number) => {
    const params = new URLSearchParams(url.searchParams);
    if (to > 1) params.set("page", String(to));
    else params.delete("page");
    return `${url.pathname}?${params.toString()}`;
  };
  return {
    items,
    page,
    pages,
    total,
    previous: page > 1 ? link(page - 1) : null,
    next: page < pages ? link(page + 1) : null,
  };
}

export async function peopleDeskView(desk: Desk, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim();
  const asked = Number(url.searchParams.get("page"));
  const found = await searchPeople(desk.db, q, Number.isInteger(asked) && asked > 0 ? asked : 1);
  // A search that ran (not the empty form, not a too-short text) is a read of personal data (issue 50).
  if (q.length >= peopleRules.searchMinChars) {
    await recordRead(desk.action, "people.search", found.people.length, { q: found.q, page: found.page });
  }
  return {
    header: deskHeader(desk),
    q: found.q,
    searched: q !== "",
    tooShort: q !== "" && q.length < peopleRules.searchMinChars,
    people: sqlPaged(found.people, found.page, found.pages, found.total, url),
  };
}

export type PeopleDeskView = Awaited<ReturnType<typeof peopleDeskView>>;

/**
 * What /organize/people/:id reads, unrun, for the page's one batch (issue 56):
 * the person's facts, then the read's row of the log, written only when the
 * person exists (a read of personal data, issue 50). The page adds its
 * history's statements after these, so the history lists this read too.
 */
export function personDeskQueries(desk: Desk, userId: string) {
  return [...personFactsQueries(desk.db, userId), personRead(desk.action, userId)] as const;
}

/** The person's page from `personDeskQueries`' rows; 404 when there is no such account. */
export function personDeskView(desk: Desk, rows: PersonFactsRows) {
  const facts = personFactsOf(rows);
  if (!facts) throw data(null, { status: 404 });
  const { invoices, ...person } = facts;
  const named = <T extends { editionId: string }>(rows: T[]) =>
    rows.map((r) => ({ ...r, edition: deskEditionName(desk, r.editionId) }));
  return {
    header: deskHeader(desk),
    person: {
      ...person,
      registrations: named(person.registrations).map((r) => ({ ...r, planLabel: plans[r.plan].name })),
      sponsorships: named(person.sponsorships),
      organizations: named(person.organizations),
      teams: named(person.teams),
      votes: named(person.votes),
      credentials: named(person.credentials),
      judging: named(person.judging),
    },
    // The invoices they requested (issue 53), as the desk's receivables list them.
    invoices: invoicesView(invoices, desk.action.now),
  };
}

export type PersonDeskView = Awaited<ReturnType<typeof personDeskView>>;

export function registrationsDeskView(desk: Desk, url: URL) {
  return notPastTheEnd((at) => registrationsViewAt(desk, at), url);
}

async function registrationsViewAt(desk: Desk, url: URL) {
  const parsed = RegistrationsFilterSchema.safeParse(filterParams(url));
  const filter = parsed.success ? parsed.data : {};
  const editionId = filter.edition ?? desk.edition.id;
  // One page of twenty and its count (issue 56); the CSV has every row.
  const size = deskRules.listPageSize;
  const asked = askedPage(url, "page", size);
  const [rows, [total]] = await desk.db.batch(
    registrationsPageQueries(desk.db, { editionId, plan: filter.plan, status: filter.status }, asked),
  );
  const registrations = pageOf(
    storedRegistrations(rows).map((r: StoredRow) => ({
      id: text(r.id),
      userId: text(r.user_id),
      name: `${text(r.first_name)} ${text(r.last_name)}`,
      email: text(r.email),
      company: text(r.company_name),
      // The organization's desk page: a Workforce Package's own registration, or the one an employee enrolled through.
      organizationId: r.registration_type === "workforce" ? text(r.id) : text(r.organization_registration_id) || null,
      plan: text(r.plan),
      status: text(r.status),
      amount: formatUsd(Number(r.amount_cents)),
      registered: when(r.created_at),
      paid: when(r.paid_at),
    })),
    asked.page,
    Number(total?.n ?? 0),
    url,
    "page",
    size,
  );
  if (!registrations) return lastPageUrl(url, Number(total?.n ?? 0), "page", size);
  return {
    header: deskHeader(desk),
    editionName: deskEditionName(desk, editionId),
    filter: { edition: editionId, plan: filter.plan ?? "", status: filter.status ?? "" },
    options: {
      editions: deskEditionOptions(desk),
      plans: Object.values(plans).map((p) => ({ value: p.id, label: p.name })),
      statuses: registrationStatuses.map((s) => ({ value: s, label: s })),
    },
    csv: csvHref(url, "/organize/registrations.csv"),
    registrations,
  };
}

export type RegistrationsDeskView = Awaited<ReturnType<typeof registrationsDeskView>>;

export async function sponsorshipsDeskView(desk: Desk, url: URL) {
  const parsed = SponsorshipsFilterSchema.safeParse(filterParams(url));
  const filter = parsed.success ? parsed.data : {};
  const editionId = filter.edition ?? desk.edition.id;
  const listing = await sponsorshipsList(desk.db, { editionId, tier: filter.tier, status: filter.status });
  return {
    header: deskHeader(desk),
    editionName: deskEditionName(desk, editionId),
    filter: { edition: editionId, tier: filter.tier ?? "", status: filter.status ?? "" },
    options: {
      editions: deskEditionOptions(desk),
      tiers: sponsorTierIds.map((t) => ({ value: t, label: t })),
      statuses: sponsorshipStatuses.map((s) => ({ value: s, label: s })),
    },
    csv: csvHref(url, "/organize/sponsorships.csv"),
    sponsorships: paged(
      listing.rows.map((s: StoredRow) => ({
        id: text(s.id),
        userId: text(s.user_id),
        company: text(s.company_name),
        contact: `${text(s.first_name)} ${text(s.last_name)}`,
        email: text(s.email),
        tier: text(s.tier),
        status: text(s.status),
        amount: formatUsd(Number(s.amount_cents)),
        paid: when(s.paid_at),
      })),
      url,
    ),
  };
}

export type SponsorshipsDeskView = Awaited<ReturnType<typeof sponsorshipsDeskView>>;

export async function organizationsDeskView(desk: Desk, url: URL) {
  const parsed = EditionFilterSchema.safeParse(filterParams(url));
  const editionId = (parsed.success ? parsed.data.edition : undefined) ?? desk.edition.id;
  const { organizations } = await organizationsList(desk.db, editionId);
  return {
    header: deskHeader(desk),
    editionName: deskEditionName(desk, editionId),
    filter: { edition: editionId },
    options: { editions: deskEditionOptions(desk) },
    csv: csvHref(url, "/organize/organizations.csv"),
    organizations: paged(organizations, url),
  };
}

export type OrganizationsDeskView = Awaited<ReturnType<typeof organizationsDeskView>>;

export async function inboxDeskView(desk: Desk, url: URL) {
  const [contacts, interests] = await Promise.all([contactsList(desk.db), interestsList(desk.db)]);
  const handled = (r: StoredRow) =>
    r.handled_at ? peopleText.handledBy(when(r.handled_at) ?? "", text(r.handled_by).replace(/^organizer:/, "")) : null;
  return {
    header: deskHeader(desk),
    canHandle: desk.can("handle:message"),
    canInviteJudges: desk.can("invite:judge"),
    counts: {
      contacts: { open: contacts.rows.filter((r) => !r.handled_at).length, all: contacts.rows.length },
      interests: { open: interests.rows.filter((r) => !r.handled_at).length, all: interests.rows.length },
    },
    contacts: paged(
      contacts.rows.map((r) => ({
        id: text(r.id),
        name: text(r.name),
        email: text(r.email),
        subject: r.subject ? text(r.subject) : peopleText.noSubject,
        message: text(r.message),
        received: when(r.created_at) ?? "",
        handled: handled(r),
      })),
      url,
      "contacts",
    ),
    interests: paged(
      interests.rows.map((r) => ({
        id: text(r.id),
        role: text(r.role),
        name: `${text(r.first_name)} ${text(r.last_name)}`,
        email: text(r.email),
        phone: text(r.phone),
        organization: text(r.organization),
        title: text(r.title),
        linkedIn: r.linkedin ? text(r.linkedin) : null,
        expertise: text(r.expertise),
        experience: text(r.experience),
        motivation: text(r.motivation),
        received: when(r.created_at) ?? "",
        handled: handled(r),
      })),
      url,
      "interests",
    ),
  };
}

export type InboxDeskView = Awaited<ReturnType<typeof inboxDeskView>>;

const handleContactIntent: Intent<typeof HandleSchema, Desk> = {
  ...actionIntent(handleContact, { title: peopleText.contactToast, redirectTo: "/organize/inbox#contacts" }),
  instanceField: "id",
};

const handleInterestIntent: Intent<typeof HandleSchema, Desk> = {
  ...actionIntent(handleInterest, { title: peopleText.interestToast, redirectTo: "/organize/inbox#interests" }),
  instanceField: "id",
};

export const inboxDeskIntents = { "handle-contact": handleContactIntent, "handle-interest": handleInterestIntent };
