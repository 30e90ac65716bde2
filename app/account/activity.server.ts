/**
 * Everything an account did on the site (issue 13): its registrations (with
 * the company code of its own paid Workforce Package), enrollments through an
 * organization's code, sponsorships and judge/advisor interests. Every query
 * is bound to the account's user id: nobody sees another person's records.
 * Contact messages are not tied to accounts and are not listed.
 */
import { and, desc, eq, gt } from "drizzle-orm";
import { plans, pricingPhaseLabels, sponsorTiersById } from "~/content/pricing";
import { session, registrations, sponsorships, judgeAdvisorInterests } from "~/db/schema";
import { getDb, type Db } from "~/db/client.server";
import type { Registration } from "~/db/schema";
import { liveCodeFor } from "~/payments/company-codes.server";
import { editionStartsAt } from "~/clock/schedule";
import { editionsFor } from "~/clock/clock.server";
import { editionIn, type Edition } from "~/content/editions";
import {
  projectSummariesFrom,
  projectSummariesQuery,
  type PastProject,
  type ProjectSummaryRow,
} from "~/portal/past-projects.server";
import { describeUserAgent } from "./user-agent";

export interface AccountRegistration {
  id: string;
  /** The edition it is for (issue 23): /account groups registrations and projects by it. */
  editionId: string;
  kind: "individual" | "workforce" | "enrollment";
  item: string;
  amountCents: number;
  currency: string;
  status: string;
  createdAt: string;
  paidAt: string | null;
  refundedCents: number;
  /** The organization: the one registered (Workforce) or joined with its code (enrollment). */
  organizationName: string | null;
  /** The live company code of this account's own paid Workforce Package; never anyone else's. */
  companyCode: string | null;
  /** The receipt page the success page shows its owner, when there is one. */
  receiptPath: string | null;
}

export interface AccountSponsorship {
  id: string;
  item: string;
  amountCents: number;
  currency: string;
  status: string;
  companyName: string;
  createdAt: string;
  paidAt: string | null;
  refundedCents: number;
}

export interface AccountInterest {
  id: number;
  role: "judge" | "advisor";
  organization: string;
  title: string;
  createdAt: string;
}

/** One edition's registrations and project, as /account groups them (issue 23). */
export interface AccountEdition {
  editionId: string;
  editionName: string;
  registrations: AccountRegistration[];
  projects: PastProject[];
}

export interface AccountActivity {
  registrations: AccountRegistration[];
  /** The same registrations with the account's projects, by edition, newest edition first. */
  editions: AccountEdition[];
  sponsorships: AccountSponsorship[];
  interests: AccountInterest[];
}

type RegistrationRow = typeof registrations.$inferSelect;

function receiptPathOf(row: RegistrationRow): string | null {
  if (row.status === "enrolled") return `/registration-success?${new URLSearchParams({ registration_id: row.id })}`;
  if (row.checkoutSessionId && row.status === "paid") {
    return `/registration-success?${new URLSearchParams({ session_id: row.checkoutSessionId })}`;
  }
  return null;
}

/** The account's registration rows, newest first, with the organization a code enrolled it in. */
export async function registrationRowsOf(env: Pick<Env, "DB">, userId: string) {
  const db = getDb(env);
  return registrationRowsFrom(db, await registrationsQuery(db, userId));
}

function registrationsQuery(db: Db, userId: string) {
  return db.select().from(registrations).where(eq(registrations.userId, userId)).orderBy(desc(registrations.createdAt));
}

/** The rows with their organization's name and live code: reads only for an enrollment or a paid Workforce row. */
function registrationRowsFrom(db: Db, rows: Registration[]) {
  return Promise.all(
    rows.map(async (row) => {
      let organizationName = row.registrationType === "workforce" ? row.companyName : null;
      if (row.status === "enrolled" && row.organizationRegistrationId) {
        const [organization] = await db
          .select({ companyName: registrations.companyName })
          .from(registrations)
          .where(eq(registrations.id, row.organizationRegistrationId));
        organizationName = organization?.companyName ?? row.companyName;
      }
      // The owner rule of the success page: only this account's own paid Workforce row.
      const companyCode =
        row.registrationType === "workforce" && row.status === "paid" ? await liveCodeFor(db, row.id) : null;
      return { row, organizationName, companyCode };
    }),
  );
}

export async function accountActivity(env: Pick<Env, "DB">, userId: string): Promise<AccountActivity> {
  const db = getDb(env);
  return accountActivityFrom(env, db, await db.batch(accountActivityQueries(db, userId)));
}

/** The statements of `accountActivity`, for a caller that sends them in its own batch (/account, issue 56). */
export function accountActivityQueries(db: Db, userId: string) {
  return [
    registrationsQuery(db, userId),
    db.select().from(sponsorships).where(eq(sponsorships.userId, userId)).orderBy(desc(sponsorships.createdAt)),
    db
      .select()
      .from(judgeAdvisorInterests)
      .where(eq(judgeAdvisorInterests.userId, userId))
      .orderBy(desc(judgeAdvisorInterests.createdAt)),
    projectSummariesQuery(db, userId),
  ] as const;
}

type ActivityRows = readonly [
  Registration[],
  Awaited<ReturnType<typeof accountActivityQueries>[1]>,
  Awaited<ReturnType<typeof accountActivityQueries>[2]>,
  ProjectSummaryRow[],
];

/** The activity from the rows of `accountActivityQueries`. */
export async function accountActivityFrom(
  env: Pick<Env, "DB">,
  db: Db,
  [registrationRowsRead, sponsorshipRows, interestRows, projectRows]: ActivityRows,
): Promise<AccountActivity> {
  const registrationRows = await registrationRowsFrom(db, registrationRowsRead);
  const projects = projectSummariesFrom(editionsFor(env), projectRows);
  const registrationList: AccountRegistration[] = registrationRows.map(({ row, organizationName, companyCode }) => ({
    id: row.id,
    editionId: row.editionId,
    kind: row.status === "enrolled" ? "enrollment" : row.registrationType,
    item:
      row.status === "enrolled"
        ? "Individual enrollment (Workforce Package)"
        : `${plans[row.plan].name} (${pricingPhaseLabels[row.pricingPhase]})`,
    amountCents: row.status === "enrolled" ? 0 : row.amountCents,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    refundedCents: row.refundedCents,
    organizationName,
    companyCode,
    receiptPath: receiptPathOf(row),
  }));
  return {
    registrations: registrationList,
    editions: byEdition(editionsFor(env), registrationList, projects),
    sponsorships: sponsorshipRows.map((row) => ({
      id: row.id,
      item: `${sponsorTiersById[row.tier].name} sponsorship`,
      amountCents: row.amountCents,
      currency: row.currency,
      status: row.status,
      companyName: row.companyName,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      refundedCents: row.refundedCents,
    })),
    interests: interestRows.map((row) => ({
      id: row.id,
      role: row.role,
      organization: row.organization,
      title: row.title,
      createdAt: row.createdAt,
    })),
  };
}

/** Registrations and projects grouped by edition, the newest edition first. */
function byEdition(
  editions: readonly Edition[],
  registrationList: AccountRegistration[],
  projects: PastProject[],
): AccountEdition[] {
  const ids = new Set([...registrationList.map((r) => r.editionId), ...projects.map((p) => p.editionId)]);
  return [...ids]
    .map((id) => editionIn(editions, id))
    .sort((a, b) => editionStartsAt(b).getTime() - editionStartsAt(a).getTime())
    .map((edition) => ({
      editionId: edition.id,
      editionName: edition.name,
      registrations: registrationList.filter((r) => r.editionId === edition.id),
      projects: projects.filter((p) => p.editionId === edition.id),
    }));
}

export interface AccountSessionRow {
  id: string;
  device: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** The account's live sessions, most recently used first; `currentId` is this request's. */
export async function accountSessions(
  env: Pick<Env, "DB">,
  userId: string,
  currentId: string,
  now = new Date(),
): Promise<AccountSessionRow[]> {
  return accountSessionsFrom(await accountSessionsQuery(getDb(env), userId, now), currentId);
}

export function accountSessionsQuery(db: Db, userId: string, now = new Date()) {
  return db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt));
}

export function accountSessionsFrom(
  rows: Awaited<ReturnType<typeof accountSessionsQuery>>,
  currentId: string,
): AccountSessionRow[] {
  return rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.updatedAt.toISOString(),
    current: row.id === currentId,
  }));
}
