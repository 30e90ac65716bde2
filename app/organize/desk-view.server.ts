/**
 * What the desk's own pages show (issue 32, ADR 018): the overview, the
 * organizers, the API tokens, the audit log and the proposals. One `*View`
 * per page; each reads only what the role may see (the middleware has
 * checked the page's own permission).
 */
import { isSubmittedProject } from "~/portal/submitted.server";
import { and, asc, count, desc, eq, gt, isNull, ne, notInArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { formatMountain } from "~/clock/format";
import { editionPhase, nextMilestone } from "~/clock/schedule";
import {
  dailyJobNames,
  dailyJobText,
  deskRules,
  organizerRoleText,
  overviewRules,
  overviewText,
  personalDataReadIds,
} from "~/content/organize";
import { phaseSummaries } from "~/content/phases";
import { plans, pricingPhaseLabels, pricingPhases, type PlanId } from "~/content/pricing";
import type { Db } from "~/db/client.server";
import {
  companyCodes,
  judgeAdvisorInterests,
  judgeInvitations,
  judges,
  notifications,
  events,
  registrations,
  showcaseVotes,
  submissions,
  teams,
} from "~/db/schema";
import { scoreCoverageQuery } from "~/judging/report.server";
import { paidWorkforce } from "~/organization/paid-workforce.server";
import type { Preview } from "./action.server";
import { verifyChain } from "~/events/chain.server";
import { auditFilterOf, auditPage, auditQueryString } from "./audit.server";
import { dailyJobRunsOf, latestDailyJobRunsQuery } from "./daily-jobs.server";
import type { Desk } from "./guard.server";
import { organizersList } from "./organizers.server";
import { confirmationRefusal, openProposalCountQuery, openProposals, proposalById } from "./proposals.server";
import { auditedActionIds, organizerActions } from "./registry.server";
import { addressesFor } from "./redact";
import type { Permission } from "./roles";
import { singleGrantRoles } from "./schema";
import { tokensFor } from "./tokens.server";

const when = (iso: string | null) => (iso ? formatMountain(new Date(iso), "dateTime") : null);

export function deskHeader(desk: Desk) {
  return { email: desk.user.email, role: organizerRoleText[desk.role].label, menu: desk.menu };
}

/**
 * One block of the overview: the statements it reads (drizzle queries, not
 * yet run) and how its figures come from their rows. Every block the role
 * may read goes into one `db.batch`: the overview is one round trip with a
 * fixed number of aggregate statements, whatever the edition's size.
 */
interface Block<T> {
  queries: readonly BatchItem<"sqlite">[];
  figures: (rows: readonly unknown[]) => T;
}

type RowsOf<Q extends readonly BatchItem<"sqlite">[]> = { [K in keyof Q]: Q[K]["_"]["result"] };

function block<const Q extends readonly BatchItem<"sqlite">[], T>(
  queries: Q,
  figures: (rows: RowsOf<Q>) => T,
): Block<T> {
  return { queries, figures: (rows) => figures(rows as RowsOf<Q>) };
}

/** Each block's figures, or null for a block the role may not read. */
type BlockFigures<B> = { [K in keyof B]: NonNullable<B[K]> extends Block<infer T> ? T | null : null };

/** Runs the blocks a role may read (null: may not) in one batch; each answers its figures, or null. */
async function readBlocks<B extends Record<string, Block<unknown> | null>>(
  db: Db,
  blocks: B,
): Promise<BlockFigures<B>> {
  const entries = Object.entries(blocks);
  const queries = entries.flatMap(([, b]) => b?.queries ?? []);
  const rows: readonly unknown[] =
    queries.length === 0 ? [] : await db.batch(queries as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  let at = 0;
  const figures = entries.map(([name, b]) => {
    if (!b) return [name, null];
    const mine = rows.slice(at, at + b.queries.length);
    at += b.queries.length;
    return [name, b.figures(mine)];
  });
  return Object.fromEntries(figures) as BlockFigures<B>;
}

const firstCount = (rows: readonly { n: number }[]) => rows[0]?.n ?? 0;

/**
 * The edition's numbers: paid registrations by plan and pricing phase,
 * employees enrolled with a company code, teams, submitted projects and
 * showcase votes cast (a count only: the tally waits for the close).
 */
function editionCounts(db: Db, editionId: string) {
  return block(
    [
      db
        .select({ plan: registrations.plan, phase: registrations.pricingPhase, n: count() })
        .from(registrations)
        .where(and(eq(registrations.editionId, editionId), eq(registrations.status, "paid")))
        .groupBy(registrations.plan, registrations.pricingPhase),
      db
        .select({ n: count() })
        .from(registrations)
        .where(and(eq(registrations.editionId, editionId), eq(registrations.status, "enrolled"))),
      db.select({ n: count() }).from(teams).where(eq(teams.editionId, editionId)),
      db
        .select({ n: count() })
        .from(submissions)
        .where(and(eq(submissions.editionId, editionId), isSubmittedProject)),
      db.select({ n: count() }).from(showcaseVotes).where(eq(showcaseVotes.editionId, editionId)),
    ] as const,
    ([byPlan, enrolled, teamCount, submitted, votes]) => {
      const of = (plan: PlanId, phase: string) => byPlan.find((r) => r.plan === plan && r.phase === phase)?.n ?? 0;
      return {
        phases: pricingPhases.map((phase) => pricingPhaseLabels[phase]),
        registrations: (Object.keys(plans) as PlanId[]).map((plan) => {
          const perPhase = pricingPhases.map((phase) => of(plan, phase));
          return { plan, label: plans[plan].name, perPhase, total: perPhase.reduce((a, b) => a + b, 0) };
        }),
        enrolled: firstCount(enrolled),
        teams: firstCount(teamCount),
        submitted: firstCount(submitted),
        votes: firstCount(votes),
      };
    },
  );
}

/** The edition's organizations (a paid Workforce Package), with their live code and employees enrolled, most first. */
function editionCompanies(db: Db, editionId: string) {
  const employees = alias(registrations, "employees");
  const organization = and(eq(registrations.editionId, editionId), paidWorkforce);
  const enrolled = count(employees.id);
  return block(
    [
      db
        .select({ id: registrations.id, name: registrations.companyName, code: companyCodes.code, enrolled })
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
      db.select({ n: count() }).from(registrations).where(organization),
    ] as const,
    ([rows, total]) => ({ rows, total: firstCount(total) }),
  );
}

/** Judges active, invitations pending, and people who said they would judge. */
function judgeCounts(db: Db, editionId: string, now: Date) {
  return block(
    [
      db
        .select({ n: count() })
        .from(judges)
        .where(and(eq(judges.editionId, editionId), isNull(judges.leftAt))),
      db
        .select({ n: count() })
        .from(judgeInvitations)
        .where(
          and(
            eq(judgeInvitations.editionId, editionId),
            isNull(judgeInvitations.acceptedAt),
            isNull(judgeInvitations.revokedAt),
            gt(judgeInvitations.expiresAt, now.toISOString()),
          ),
        ),
      db.select({ n: count() }).from(judgeAdvisorInterests).where(eq(judgeAdvisorInterests.role, "judge")),
    ] as const,
    ([active, pending, interests]) => ({
      active: firstCount(active),
      pending: firstCount(pending),
      interests: firstCount(interests),
    }),
  );
}

/** The outbox by status. */
function outboxCounts(db: Db) {
  return block(
    [
      db.select({ status: notifications.status, n: count() }).from(notifications).groupBy(notifications.status),
    ] as const,
    ([rows]) => {
      const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
      return { queued: of("pending"), failed: of("failed"), dead: of("dead") };
    },
  );
}

/** The latest changes in the audit log: reads of personal data would crowd them out (the audit log lists both). */
function recentChanges(db: Db) {
  return block(
    [
      db
        .select({
          id: events.id,
          createdAt: events.createdAt,
          actor: events.actorLabel,
          summary: events.summary,
        })
        .from(events)
        .where(and(notInArray(events.action, personalDataReadIds), ne(events.actorKind, "account")))
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(5),
    ] as const,
    ([rows]) => rows,
  );
}

/** Score coverage, as the judging report counts it, aggregated in D1 (`scoreCoverageQuery`). */
function scoreCoverage(db: Db, editionId: string) {
  return block([scoreCoverageQuery(db, editionId)] as const, ([[row]]) => ({
    projects: row?.projects ?? 0,
    projectsComplete: row?.projectsComplete ?? 0,
    setsNeeded: row?.setsNeeded ?? 0,
    setsComplete: row?.setsComplete ?? 0,
  }));
}

/** /organize: where the edition stands, and what needs this role's attention, in one round trip. */
export async function overviewView(desk: Desk) {
  const { db, now, edition } = desk;
  const next = nextMilestone(now, edition.milestones);
  const allowed = <T>(make: () => Block<T>, permission: Permission) => (desk.can(permission) ? make() : null);
  const read = await readBlocks(db, {
    judges: allowed(() => judgeCounts(db, edition.id, now), "read:judge"),
    outbox: allowed(() => outboxCounts(db), "read:desk"),
    proposals: allowed(
      () => block([openProposalCountQuery(db, now)] as const, ([rows]) => firstCount(rows)),
      "read:proposal",
    ),
    recent: allowed(() => recentChanges(db), "read:audit"),
    numbers: allowed(() => editionCounts(db, edition.id), "read:desk"),
    // Company codes are private (SPEC.md): only a role that reads organizations sees them.
    companies: allowed(() => editionCompanies(db, edition.id), "read:organization"),
    coverage: allowed(() => scoreCoverage(db, edition.id), "read:report"),
    jobs: allowed(() => block([latestDailyJobRunsQuery(db)] as const, ([rows]) => dailyJobRunsOf(rows)), "read:desk"),
  });
  const { judges: judgesBlock, outbox, proposals, recent, numbers, companies, coverage, jobs } = read;
  return {
    header: deskHeader(desk),
    edition: {
      name: edition.name,
      phase: phaseSummaries[editionPhase(now, edition)].replace("{edition}", edition.name),
      next: next ? { title: next.title, when: formatMountain(next.start, "dateTime") } : null,
    },
    judges: judgesBlock,
    outbox,
    canRequeue: desk.can("send:message"),
    openProposals: proposals,
    recent:
      recent?.map((e) => ({
        ...e,
        summary: addressesFor(desk.can("read:person"))(e.summary),
        createdAt: when(e.createdAt)!,
      })) ?? null,
    counts: numbers,
    companies: companies && {
      total: companies.total,
      rows: companies.rows.map((c) => ({
        id: c.id,
        name: c.name ?? c.id,
        code: c.code ?? overviewText.companyCodeRevoked,
        enrolled: c.enrolled,
      })),
    },
    coverage,
    jobs:
      jobs &&
      dailyJobNames.map((name) => {
        const run = jobs.find((j) => j.name === name);
        return {
          name,
          label: dailyJobText[name].label,
          does: dailyJobText[name].does,
          lastRun: run ? when(run.createdAt)! : null,
          failed: run?.failed ?? false,
          summary: run?.summary ?? null,
        };
      }),
  };
}

/** /organize/organizers: every organizer and what each role may do. */
export async function organizersView(desk: Desk) {
  const list = await organizersList(desk.db);
  return {
    header: deskHeader(desk),
    me: desk.user.id,
    organizers: list.map((o) => ({
      ...o,
      roleLabel: organizerRoleText[o.role].label,
      grantedAt: when(o.grantedAt)!,
    })),
    roles: singleGrantRoles.map((id) => ({ id, ...organizerRoleText[id] })),
    director: organizerRoleText.director,
  };
}

/** /organize/tokens: the person's tokens (a director sees everyone's). */
export async function tokensView(desk: Desk) {
  const all = desk.can("remove:organizer");
  const tokens = await tokensFor(desk.db, { userId: desk.user.id, all });
  return {
    header: deskHeader(desk),
    all,
    tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      owner: t.userId === desk.user.id ? null : t.ownerEmail,
      createdAt: when(t.createdAt)!,
      lastUsedAt: when(t.lastUsedAt),
      revokedAt: when(t.revokedAt),
    })),
  };
}

/** /organize/audit: the filter, one page of rows, and links to the other pages and the CSV. */
export async function auditView(desk: Desk, url: URL) {
  const filter = auditFilterOf(url.searchParams, auditedActionIds);
  const { rows, total } = await auditPage(desk.db, filter);
  const pages = Math.max(1, Math.ceil(total / deskRules.pageSize));
  const shown = addressesFor(desk.can("read:person"));
  return {
    header: deskHeader(desk),
    filter,
    actionIds: auditedActionIds,
    total,
    page: filter.page,
    pages,
    previous: filter.page > 1 ? `/organize/audit${auditQueryString(filter, filter.page - 1)}` : null,
    next: filter.page < pages ? `/organize/audit${auditQueryString(filter, filter.page + 1)}` : null,
    csv: `/organize/audit.csv${auditQueryString(filter)}`,
    canVerify: desk.can("verify:audit"),
    rows: rows.map((r) => ({
      id: r.id,
      when: when(r.createdAt)!,
      // The organizer who acted stays visible to every desk role (./redact.ts).
      actor: r.actorLabel,
      actorKind: r.actorKind,
      role: r.actorRole
        ? (organizerRoleText[r.actorRole as keyof typeof organizerRoleText]?.label ?? r.actorRole)
        : null,
      action: r.action,
      summary: shown(r.summary),
      reason: shown(r.reason),
      facts: {
        targets: shown(r.targets),
        before: shown(r.factsBefore),
        after: shown(r.factsAfter),
        proposal: r.proposalId,
      },
    })),
  };
}

/** /organize/audit/chain: the chain verified now (directors). */
export async function auditChainView(desk: Desk) {
  return { header: deskHeader(desk), verdict: await verifyChain(desk.db) };
}

/** /organize/proposals: what waits for a second director. */
export async function proposalsView(desk: Desk) {
  const open = await openProposals(desk.db, desk.now);
  return {
    header: deskHeader(desk),
    proposals: open.map((p) => ({
      id: p.id,
      summary: addressesFor(desk.can("read:person"))(p.summary),
      proposedBy: p.proposedLabel,
      proposedAt: when(p.createdAt)!,
      expiresAt: when(p.expiresAt)!,
      mine: p.proposedBy === desk.user.id,
    })),
  };
}

/** A preview with every text it shows passed through `shown` (people's addresses redacted for some roles). */
function previewShown(preview: Preview, shown: (text: string) => string): Preview {
  const cell = (value: string | number | null) => (typeof value === "string" ? shown(value) : value);
  return {
    summary: shown(preview.summary),
    tables: preview.tables.map((t) => ({
      caption: shown(t.caption),
      columns: t.columns,
      rows: t.rows.map((row) => row.map(cell)),
    })),
    ...(preview.notes ? { notes: preview.notes.map(shown) } : {}),
  };
}

/** /organize/proposals/:id: the preview as proposed, and whether this person may confirm it now. */
export async function proposalView(desk: Desk, id: string) {
  const proposal = await proposalById(desk.db, id);
  if (!proposal) return null;
  const refusal = await confirmationRefusal(proposal, desk.action);
  const shown = addressesFor(desk.can("read:person"));
  return {
    header: deskHeader(desk),
    id: proposal.id,
    summary: shown(proposal.summary),
    action: proposal.action,
    known: Object.hasOwn(organizerActions, proposal.action),
    preview: previewShown(JSON.parse(proposal.preview) as Preview, shown),
    proposedBy: proposal.proposedLabel,
    proposedAt: when(proposal.createdAt)!,
    expiresAt: when(proposal.expiresAt)!,
    status: proposal.status,
    confirmedAt: when(proposal.confirmedAt),
    /** Why this person may not confirm it now, or null (the form shows). */
    cannotConfirm: refusal?.message ?? null,
  };
}
