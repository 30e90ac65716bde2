/**
 * What the desk's own pages show (issue 32, ADR 018): the overview, the
 * organizers, the API tokens, the audit log and the proposals. One `*View`
 * per page; each reads only what the role may see (the middleware has
 * checked the page's own permission).
 */
import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { editionPhase, nextMilestone } from "~/clock/schedule";
import { deskRules, organizerRoleText } from "~/content/organize";
import { phaseSummaries } from "~/content/phases";
import {
  judgeAdvisorInterests,
  judgeInvitations,
  judges,
  notifications,
  organizerEvents,
  organizerRoleNames,
} from "~/db/schema";
import type { Preview } from "./action.server";
import { auditFilterOf, auditPage, auditQueryString } from "./audit.server";
import type { Desk } from "./guard.server";
import { organizersList } from "./organizers.server";
import { confirmationRefusal, openProposals, proposalById } from "./proposals.server";
import { auditedActionIds, organizerActions } from "./registry.server";
import { tokensFor } from "./tokens.server";

const when = (iso: string | null) => (iso ? formatMountain(new Date(iso), "dateTime") : null);

export function deskHeader(desk: Desk) {
  return { email: desk.user.email, role: organizerRoleText[desk.role].label, menu: desk.menu };
}

/** /organize: where the edition stands, and what needs this role's attention. */
export async function overviewView(desk: Desk) {
  const { db, now, edition } = desk;
  const next = nextMilestone(now, edition.milestones);
  const counts = async <T>(run: () => Promise<T>, allowed: boolean) => (allowed ? run() : null);
  const [judgesBlock, outbox, proposals, recent] = await Promise.all([
    counts(async () => {
      const at = now.toISOString();
      const [[active], [pending], [interests]] = await Promise.all([
        db
          .select({ n: count() })
          .from(judges)
          .where(and(eq(judges.editionId, edition.id), isNull(judges.leftAt))),
        db
          .select({ n: count() })
          .from(judgeInvitations)
          .where(
            and(
              eq(judgeInvitations.editionId, edition.id),
              isNull(judgeInvitations.acceptedAt),
              isNull(judgeInvitations.revokedAt),
              gt(judgeInvitations.expiresAt, at),
            ),
          ),
        db.select({ n: count() }).from(judgeAdvisorInterests).where(eq(judgeAdvisorInterests.role, "judge")),
      ]);
      return { active: active?.n ?? 0, pending: pending?.n ?? 0, interests: interests?.n ?? 0 };
    }, desk.can("read:judge")),
    counts(async () => {
      const rows = await db
        .select({ status: notifications.status, n: count() })
        .from(notifications)
        .groupBy(notifications.status);
      const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
      return { queued: of("pending"), failed: of("failed"), dead: of("dead") };
    }, desk.can("read:desk")),
    counts(async () => (await openProposals(db, now)).length, desk.can("read:proposal")),
    counts(
      () =>
        db
          .select({
            id: organizerEvents.id,
            createdAt: organizerEvents.createdAt,
            actor: organizerEvents.actorLabel,
            summary: organizerEvents.summary,
          })
          .from(organizerEvents)
          .orderBy(desc(organizerEvents.createdAt), desc(organizerEvents.id))
          .limit(5),
      desk.can("read:audit"),
    ),
  ]);
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
    recent: recent?.map((e) => ({ ...e, createdAt: when(e.createdAt)! })) ?? null,
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
    roles: organizerRoleNames.map((id) => ({ id, ...organizerRoleText[id] })),
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
    rows: rows.map((r) => ({
      id: r.id,
      when: when(r.createdAt)!,
      actor: r.actorLabel,
      actorKind: r.actorKind,
      role: r.actorRole
        ? (organizerRoleText[r.actorRole as keyof typeof organizerRoleText]?.label ?? r.actorRole)
        : null,
      action: r.action,
      summary: r.summary,
      reason: r.reason,
      facts: { targets: r.targets, before: r.factsBefore, after: r.factsAfter, proposal: r.proposalId },
    })),
  };
}

/** /organize/proposals: what waits for a second director. */
export async function proposalsView(desk: Desk) {
  const open = await openProposals(desk.db, desk.now);
  return {
    header: deskHeader(desk),
    proposals: open.map((p) => ({
      id: p.id,
      summary: p.summary,
      proposedBy: p.proposedLabel,
      proposedAt: when(p.createdAt)!,
      expiresAt: when(p.expiresAt)!,
      mine: p.proposedBy === desk.user.id,
    })),
  };
}

/** /organize/proposals/:id: the preview as proposed, and whether this person may confirm it now. */
export async function proposalView(desk: Desk, id: string) {
  const proposal = await proposalById(desk.db, id);
  if (!proposal) return null;
  const refusal = confirmationRefusal(proposal, desk.action);
  return {
    header: deskHeader(desk),
    id: proposal.id,
    summary: proposal.summary,
    action: proposal.action,
    known: Object.hasOwn(organizerActions, proposal.action),
    preview: JSON.parse(proposal.preview) as Preview,
    proposedBy: proposal.proposedLabel,
    proposedAt: when(proposal.createdAt)!,
    expiresAt: when(proposal.expiresAt)!,
    status: proposal.status,
    confirmedAt: when(proposal.confirmedAt),
    /** Why this person may not confirm it now, or null (the form shows). */
    cannotConfirm: refusal?.message ?? null,
  };
}
