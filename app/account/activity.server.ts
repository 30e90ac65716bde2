/**
 * Everything an account did on the site (issue 13): its registrations (with
 * the company code of its own paid Workforce Package), enrollments through an
 * organization's code, sponsorships and judge/advisor interests. Every query
 * is bound to the account's user id: nobody sees another person's records.
 * Contact messages are not tied to accounts and are not listed.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { plans, pricingPhaseLabels, sponsorTiersById } from "~/content/pricing";
import { session, registrations, sponsorships, judgeAdvisorInterests, user } from "~/db/schema";
import { getDb, type Db } from "~/db/client.server";
import { jsonList } from "~/db/json-lists";
import { editionStartsAt } from "~/clock/schedule";
import { editionsFor } from "~/clock/clock.server";
import { editionIn, type Edition } from "~/content/editions";
import { projectSummariesFrom, type PastProject, type ProjectSummaryRow } from "~/portal/past-projects.server";
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

function receiptPathOf(row: Pick<RegistrationRow, "id" | "status" | "checkoutSessionId">): string | null {
  if (row.status === "enrolled") return `/registration-success?${new URLSearchParams({ registration_id: row.id })}`;
  if (row.checkoutSessionId && row.status === "paid") {
    return `/registration-success?${new URLSearchParams({ session_id: row.checkoutSessionId })}`;
  }
  return null;
}

/**
 * Beside a registration, in its own statement: the name of the organization
 * whose code enrolled it, and its live company code. Raw SQL on purpose: the
 * outer `registrations` must stay the row's own, whichever way drizzle
 * qualifies the columns around it.
 */
const enrolledWith = sql<string | null>`(SELECT organization.company_name FROM registrations AS organization
  WHERE organization.id = registrations.organization_registration_id)`;
const liveCode = sql<string | null>`(SELECT company_codes.code FROM company_codes
  WHERE company_codes.registration_id = registrations.id AND company_codes.revoked_at IS NULL)`;

type RegistrationFacts = Pick<
  RegistrationRow,
  "status" | "registrationType" | "companyName" | "organizationRegistrationId"
>;

/** The organization /account and the data download name beside a registration. */
function organizationNameOf(row: RegistrationFacts, enrolledIn: string | null) {
  if (row.status === "enrolled" && row.organizationRegistrationId) return enrolledIn ?? row.companyName;
  return row.registrationType === "workforce" ? row.companyName : null;
}

/** The owner rule of the success page: a live code only on this account's own paid Workforce row. */
function companyCodeOf(row: RegistrationFacts, code: string | null) {
  return row.registrationType === "workforce" && row.status === "paid" ? code : null;
}

/** The account's registration rows, newest first, with the organization a code enrolled it in: one statement. */
export async function registrationRowsOf(env: Pick<Env, "DB">, userId: string) {
  const rows = await getDb(env)
    .select({ row: registrations, enrolledWith, liveCode })
    .from(registrations)
    .where(eq(registrations.userId, userId))
    .orderBy(desc(registrations.createdAt));
  return rows.map(({ row, enrolledWith: enrolledIn, liveCode: code }) => ({
    row,
    organizationName: organizationNameOf(row, enrolledIn),
    companyCode: companyCodeOf(row, code),
  }));
}

/**
 * The account's own records /account shows, in one statement (issue 56): its
 * name (the one its credentials show), its registrations (each with the
 * organization a code enrolled it in and the live code of its own paid
 * Workforce Package), sponsorships, interests and live sessions, each a JSON
 * list beside the account's row (app/db/json-lists.ts). Five statements
 * before, and one more read per enrollment and per paid Workforce row.
 */
export function accountRecordsQuery(db: Db, userId: string, now = new Date()) {
  return db
    .select({
      name: user.name,
      registrations: jsonList(
        {
          id: registrations.id,
          editionId: registrations.editionId,
          registrationType: registrations.registrationType,
          plan: registrations.plan,
          pricingPhase: registrations.pricingPhase,
          amountCents: registrations.amountCents,
          currency: registrations.currency,
          status: registrations.status,
          createdAt: registrations.createdAt,
          paidAt: registrations.paidAt,
          refundedCents: registrations.refundedCents,
          companyName: registrations.companyName,
          organizationRegistrationId: registrations.organizationRegistrationId,
          checkoutSessionId: registrations.checkoutSessionId,
          enrolledWith,
          liveCode,
        },
        (row) =>
          db
            .select({ row })
            .from(registrations)
            .where(eq(registrations.userId, userId))
            .orderBy(desc(registrations.createdAt)),
      ),
      sponsorships: jsonList(
        {
          id: sponsorships.id,
          tier: sponsorships.tier,
          amountCents: sponsorships.amountCents,
          currency: sponsorships.currency,
          status: sponsorships.status,
          companyName: sponsorships.companyName,
          createdAt: sponsorships.createdAt,
          paidAt: sponsorships.paidAt,
          refundedCents: sponsorships.refundedCents,
        },
        (row) =>
          db
            .select({ row })
            .from(sponsorships)
            .where(eq(sponsorships.userId, userId))
            .orderBy(desc(sponsorships.createdAt)),
      ),
      interests: jsonList(
        {
          id: judgeAdvisorInterests.id,
          role: judgeAdvisorInterests.role,
          organization: judgeAdvisorInterests.organization,
          title: judgeAdvisorInterests.title,
          createdAt: judgeAdvisorInterests.createdAt,
        },
        (row) =>
          db
            .select({ row })
            .from(judgeAdvisorInterests)
            .where(eq(judgeAdvisorInterests.userId, userId))
            .orderBy(desc(judgeAdvisorInterests.createdAt)),
      ),
      // The session's times are milliseconds in SQL (drizzle maps them to dates on a row of its own).
      sessions: jsonList(
        {
          id: session.id,
          userAgent: session.userAgent,
          createdAt: sql<number>`${session.createdAt}`,
          updatedAt: sql<number>`${session.updatedAt}`,
        },
        (row) =>
          db
            .select({ row })
            .from(session)
            .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
            .orderBy(desc(session.updatedAt)),
      ),
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
}

export type AccountRecords = Awaited<ReturnType<typeof accountRecordsQuery>>[number];

/** The activity from the account's records and its projects' rows (`projectSummariesQuery`). */
export function accountActivityFrom(
  env: Pick<Env, "DB">,
  records: AccountRecords | undefined,
  projectRows: ProjectSummaryRow[],
): AccountActivity {
  const projects = projectSummariesFrom(editionsFor(env), projectRows);
  const registrationList: AccountRegistration[] = (records?.registrations ?? []).map((row) => ({
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
    organizationName: organizationNameOf(row, row.enrolledWith),
    companyCode: companyCodeOf(row, row.liveCode),
    receiptPath: receiptPathOf(row),
  }));
  return {
    registrations: registrationList,
    editions: byEdition(editionsFor(env), registrationList, projects),
    sponsorships: (records?.sponsorships ?? []).map((row) => ({
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
    interests: (records?.interests ?? []).map((row) => ({
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

/** The account's live sessions from its records, most recently used first; `currentId` is this request's. */
export function accountSessionsFrom(records: AccountRecords | undefined, currentId: string): AccountSessionRow[] {
  return (records?.sessions ?? []).map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: new Date(row.updatedAt).toISOString(),
    current: row.id === currentId,
  }));
}
