/**
 * The registrar's lists (issue 33): registrations, sponsorships and
 * organizations of an edition (with filters), the contact messages, the
 * judge/advisor interest forms and the confirmed next-edition list. Each is
 * a registered query answering `{ columns, rows }` with the stored column
 * names, so the desk's tables, its CSV links (the one CSV writer,
 * app/lib/csv.ts) and `npm run admin -- export …` all read the same rows.
 * The exports keep the columns the SQL export had: every column of the table.
 */
import { paidWorkforce } from "~/organization/paid-workforce.server";
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { toCsv } from "~/lib/csv";
import {
  companyCodes,
  contactSubmissions,
  judgeAdvisorInterests,
  nextEditionSubscribers,
  registrations,
  sponsorships,
} from "~/db/schema";
import { defineOrganizerQuery, recordRead, type ActionContext } from "~/organize/action.server";
import { EditionFilterSchema, NoInputSchema, RegistrationsFilterSchema, SponsorshipsFilterSchema } from "./schema";

export type StoredRow = Record<string, unknown>;

export interface Listing {
  /** The edition listed, or "all"; null for lists not kept by edition. */
  editionId: string | null;
  columns: string[];
  rows: StoredRow[];
}

/** Drizzle's rows under their stored column names (snake_case), every column of the table in order. */
function asStored(table: SQLiteTable, rows: readonly Record<string, unknown>[]): Pick<Listing, "columns" | "rows"> {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
  return {
    columns: columns.map(([, name]) => name),
    rows: rows.map((row) => Object.fromEntries(columns.map(([key, name]) => [name, row[key] ?? null]))),
  };
}

/** The edition a list is for: the one asked, "all", or the clock's. */
export const editionAsked = (edition: string | undefined, ctx: Pick<ActionContext, "edition">) =>
  edition ?? ctx.edition.id;

const inEdition = (column: Parameters<typeof eq>[0], editionId: string): SQL | undefined =>
  editionId === "all" ? undefined : eq(column, editionId);

type RegistrationsFilter = {
  editionId: string;
  plan?: "individual" | "workforce";
  status?: (typeof registrations.$inferSelect)["status"];
};

function registrationsWhere(filter: RegistrationsFilter) {
  return and(
    inEdition(registrations.editionId, filter.editionId),
    filter.plan ? eq(registrations.plan, filter.plan) : undefined,
    filter.status ? eq(registrations.status, filter.status) : undefined,
  );
}

export async function registrationsList(db: Db, filter: RegistrationsFilter): Promise<Listing> {
  const rows = await db
    .select()
    .from(registrations)
    .where(registrationsWhere(filter))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
  return { editionId: filter.editionId, ...asStored(registrations, rows) };
}

/**
 * One page of `registrationsList` (the same rows in the same order) and the
 * count of them, unrun, for the desk's page (issue 56: a page, not the
 * edition); the CSV keeps every row.
 */
export function registrationsPageQueries(db: Db, filter: RegistrationsFilter, page: { limit: number; offset: number }) {
  return [
    db
      .select()
      .from(registrations)
      .where(registrationsWhere(filter))
      .orderBy(asc(registrations.createdAt), asc(registrations.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)` })
      .from(registrations)
      .where(registrationsWhere(filter)),
  ] as const;
}

/** `registrationsPageQueries`' rows under their stored column names, as `registrationsList` answers them. */
export function storedRegistrations(rows: readonly (typeof registrations.$inferSelect)[]): StoredRow[] {
  return asStored(registrations, rows).rows;
}

type SponsorshipRow = typeof sponsorships.$inferSelect;

export async function sponsorshipsList(
  db: Db,
  filter: { editionId: string; tier?: SponsorshipRow["tier"]; status?: SponsorshipRow["status"] },
): Promise<Listing> {
  const rows = await db
    .select()
    .from(sponsorships)
    .where(
      and(
        inEdition(sponsorships.editionId, filter.editionId),
        filter.tier ? eq(sponsorships.tier, filter.tier) : undefined,
        filter.status ? eq(sponsorships.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(sponsorships.createdAt), asc(sponsorships.id));
  return { editionId: filter.editionId, ...asStored(sponsorships, rows) };
}

/** Unhandled first, newest first. */
export async function contactsList(db: Db): Promise<Listing> {
  const rows = await db
    .select()
    .from(contactSubmissions)
    .orderBy(
      sql`${contactSubmissions.handledAt} IS NOT NULL`,
      desc(contactSubmissions.created_at),
      desc(contactSubmissions.id),
    );
  return { editionId: null, ...asStored(contactSubmissions, rows) };
}

/** Unhandled first, newest first. */
export async function interestsList(db: Db): Promise<Listing> {
  const rows = await db
    .select()
    .from(judgeAdvisorInterests)
    .orderBy(
      sql`${judgeAdvisorInterests.handledAt} IS NOT NULL`,
      desc(judgeAdvisorInterests.createdAt),
      desc(judgeAdvisorInterests.id),
    );
  return { editionId: null, ...asStored(judgeAdvisorInterests, rows) };
}

/** The confirmed next-edition list (double opt-in): interests joined as "judge;sponsor". */
export async function subscribersList(db: Db): Promise<Listing> {
  const rows = await db
    .select({
      email: nextEditionSubscribers.email,
      name: nextEditionSubscribers.name,
      interests: nextEditionSubscribers.interests,
      confirmedAt: nextEditionSubscribers.confirmedAt,
      createdAt: nextEditionSubscribers.createdAt,
    })
    .from(nextEditionSubscribers)
    .where(eq(nextEditionSubscribers.status, "confirmed"))
    .orderBy(asc(nextEditionSubscribers.confirmedAt), asc(nextEditionSubscribers.email));
  const joined = (json: string) => {
    try {
      const list: unknown = JSON.parse(json);
      return Array.isArray(list) ? list.map(String).join(";") : "";
    } catch {
      return "";
    }
  };
  return {
    editionId: null,
    columns: ["email", "name", "interests", "confirmed_at", "created_at"],
    rows: rows.map((r) => ({
      email: r.email,
      name: r.name,
      interests: joined(r.interests),
      confirmed_at: r.confirmedAt,
      created_at: r.createdAt,
    })),
  };
}

export const organizationColumns = [
  "registration_id",
  "edition_id",
  "company_name",
  "first_name",
  "last_name",
  "email",
  "phone",
  "title",
  "employer_website",
  "amount_cents",
  "paid_at",
  "company_code",
  "employees_enrolled",
  "employee_emails",
] as const;

/**
 * The edition's organizations (a paid Workforce Package): who bought it,
 * its live company code and the employees enrolled with a company code,
 * the most employees first.
 */
export async function organizationsList(db: Db, editionId: string) {
  const owners = await db
    .select({ registration: registrations, code: companyCodes.code })
    .from(registrations)
    .leftJoin(companyCodes, and(eq(companyCodes.registrationId, registrations.id), isNull(companyCodes.revokedAt)))
    .where(and(inEdition(registrations.editionId, editionId), paidWorkforce))
    .orderBy(asc(registrations.companyName), asc(registrations.id));
  const ids = owners.map((o) => o.registration.id);
  const employees =
    ids.length === 0
      ? []
      : await db
          .select({
            organizationId: registrations.organizationRegistrationId,
            userId: registrations.userId,
            firstName: registrations.firstName,
            lastName: registrations.lastName,
            email: registrations.email,
          })
          .from(registrations)
          .where(and(inArray(registrations.organizationRegistrationId, ids), eq(registrations.status, "enrolled")))
          .orderBy(asc(registrations.lastName), asc(registrations.firstName));
  const organizations = owners
    .map(({ registration: r, code }) => ({
      registrationId: r.id,
      editionId: r.editionId,
      company: r.companyName ?? "",
      buyer: { userId: r.userId, name: `${r.firstName} ${r.lastName}`, email: r.email },
      code,
      row: r,
      employees: employees
        .filter((e) => e.organizationId === r.id)
        .map((e) => ({ userId: e.userId, name: `${e.firstName} ${e.lastName}`, email: e.email })),
    }))
    .sort((a, b) => b.employees.length - a.employees.length);
  const rows = organizations.map((o) => ({
    registration_id: o.registrationId,
    edition_id: o.editionId,
    company_name: o.row.companyName,
    first_name: o.row.firstName,
    last_name: o.row.lastName,
    email: o.row.email,
    phone: o.row.phone,
    title: o.row.title,
    employer_website: o.row.employerWebsite,
    amount_cents: o.row.amountCents,
    paid_at: o.row.paidAt,
    company_code: o.code,
    employees_enrolled: o.employees.length,
    employee_emails: o.employees.map((e) => e.email).join(";"),
  }));
  return {
    editionId,
    columns: [...organizationColumns] as string[],
    rows,
    organizations: organizations.map(({ row: _row, ...o }) => o),
  };
}

export const registrationsListQuery = defineOrganizerQuery({
  id: "registrations.list",
  permission: "read:registration",
  input: RegistrationsFilterSchema,
  read: ({ edition, plan, status }, ctx) =>
    registrationsList(ctx.db, { editionId: editionAsked(edition, ctx), plan, status }),
  personalData: { read: "registrations.export", rows: (listing) => listing.rows.length },
});

export const sponsorshipsListQuery = defineOrganizerQuery({
  id: "sponsorships.list",
  permission: "read:sponsorship",
  input: SponsorshipsFilterSchema,
  read: ({ edition, tier, status }, ctx) =>
    sponsorshipsList(ctx.db, { editionId: editionAsked(edition, ctx), tier, status }),
  personalData: { read: "sponsorships.export", rows: (listing) => listing.rows.length },
});

export const organizationsListQuery = defineOrganizerQuery({
  id: "organizations.list",
  permission: "read:organization",
  input: EditionFilterSchema,
  read: async ({ edition }, ctx) => {
    const { organizations: _shown, ...listing } = await organizationsList(ctx.db, editionAsked(edition, ctx));
    return listing;
  },
  personalData: { read: "organizations.export", rows: (listing) => listing.rows.length },
});

export const contactsListQuery = defineOrganizerQuery({
  id: "contacts.list",
  permission: "read:message",
  input: NoInputSchema,
  read: (_input, ctx) => contactsList(ctx.db),
  personalData: { read: "contacts.export", rows: (listing) => listing.rows.length },
});

export const interestsListQuery = defineOrganizerQuery({
  id: "interests.list",
  permission: "read:message",
  input: NoInputSchema,
  read: (_input, ctx) => interestsList(ctx.db),
  personalData: { read: "interests.export", rows: (listing) => listing.rows.length },
});

export const subscribersListQuery = defineOrganizerQuery({
  id: "subscribers.list",
  permission: "read:person",
  input: NoInputSchema,
  read: (_input, ctx) => subscribersList(ctx.db),
  personalData: { read: "subscribers.export", rows: (listing) => listing.rows.length },
});

/** A listing as the desk's CSV download: the one CSV writer, never cached, its read in the audit log (issue 50). */
export async function csvDownload(
  ctx: ActionContext,
  listing: Pick<Listing, "editionId" | "columns" | "rows">,
  name: "registrations" | "sponsorships" | "organizations" | "invoices",
  filter: Record<string, unknown>,
): Promise<Response> {
  await recordRead(ctx, `${name}.export`, listing.rows.length, { edition: listing.editionId, ...filter });
  return new Response(toCsv(listing.rows, listing.columns), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${ctx.now.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A CSV link's filter: its query parameters through the query's own schema (an invalid one lists nothing). */
export function csvFilter<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  url: URL,
): T | null {
  const params = Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(params);
  return parsed.success ? parsed.data : null;
}
