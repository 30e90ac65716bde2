/**
 * The desk's own pages (issue 32, ADR 018): the organizers, the API tokens,
 * the audit log and the proposals, each page's `*DeskView` (what its loader
 * shows, reading only what the role may see: the middleware has checked the
 * page's own permission) and `*DeskIntents` (its forms); and this concern's
 * blocks of the overview. Pages that name every action (the audit log's
 * filter, a proposal) are handed the registry (app/desk/registry.server.ts)
 * by their route: the registry stands above the concerns, and this below.
 */
import { and, desc, isNotNull, notInArray } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { accountRoleText } from "~/content/events";
import { dailyJobNames, dailyJobText, organizerRoleText, personalDataReadIds } from "~/content/organize";
import { events } from "~/db/schema";
import { intent } from "~/forms/intent-action.server";
import type { AnyOrganizerAction, Preview } from "./action.server";
import { actionIntent, refusalOutcome } from "./action-intent.server";
import { verifyChain } from "~/events/chain.server";
import { auditFilterOf, auditPage, auditQueryString } from "./audit.server";
import { dailyJobRunsOf, latestDailyJobRunsQuery } from "./daily-jobs.server";
import { deskHeader, type Desk } from "./guard.server";
import { grantDirector, grantOrganizer, organizersList, removeDirector, removeOrganizer } from "./organizers.server";
import { firstCount, overviewBlock } from "./overview-block.server";
import {
  confirmationRefusal,
  confirmProposal,
  openProposalCountQuery,
  openProposals,
  proposalById,
} from "./proposals.server";
import { addressesFor } from "./redact";
import { ConfirmProposalSchema, singleGrantRoles } from "./schema";
import { checkCodeAgain, codeAttemptAllowed } from "./second-factor-again.server";
import { createToken, revokeToken, tokensFor } from "./tokens.server";

const when = (iso: string | null) => (iso ? formatMountain(new Date(iso), "dateTime") : null);

/** The overview's latest changes in the audit log: reads of personal data would crowd them out (the audit log lists both). */
export function recentChangesOverview({ db, can }: Desk) {
  return overviewBlock(
    [
      db
        .select({
          id: events.id,
          createdAt: events.createdAt,
          actor: events.actorLabel,
          summary: events.summary,
        })
        .from(events)
        // The chained rows (organizers' and jobs' changes; reads chained before issue 56 left out), through
        // their own index (migrations/0034): reads and accounts' rows after them are never walked past.
        .where(and(isNotNull(events.hash), notInArray(events.action, personalDataReadIds)))
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(5),
    ] as const,
    ([rows]) =>
      rows.map((e) => ({ ...e, summary: addressesFor(can("read:person"))(e.summary), createdAt: when(e.createdAt)! })),
  );
}

/** The overview's count of proposals waiting for a second director. */
export function openProposalsOverview({ db, now }: Desk) {
  return overviewBlock([openProposalCountQuery(db, now)] as const, ([rows]) => firstCount(rows));
}

/** The overview's latest run of each daily job, in the jobs' order. */
export function dailyJobsOverview({ db }: Desk) {
  return overviewBlock([latestDailyJobRunsQuery(db)] as const, ([rows]) => {
    const jobs = dailyJobRunsOf(rows);
    return dailyJobNames.map((name) => {
      const run = jobs.find((j) => j.name === name);
      return {
        name,
        label: dailyJobText[name].label,
        does: dailyJobText[name].does,
        lastRun: run ? when(run.createdAt)! : null,
        failed: run?.failed ?? false,
        summary: run?.summary ?? null,
      };
    });
  });
}

/** /organize/organizers: every organizer and what each role may do. */
export async function organizersDeskView(desk: Desk) {
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
export async function tokensDeskView(desk: Desk) {
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

/**
 * /organize/audit: the filter, one page of rows, and links to the other pages and the CSV. An entry's facts
 * (its targets, before and after, pretty-printed JSON) are shown in the one row whose "Facts…" link was
 * followed (`?entry=`, a GET), not hidden in every row (issue 56: they were most of the page's weight).
 * `actionIds`: every action id the log may hold (the registry's `auditedActionIds`).
 */
export async function auditDeskView(desk: Desk, url: URL, actionIds: readonly string[]) {
  const filter = auditFilterOf(url.searchParams, actionIds);
  const { rows, total, size } = await auditPage(desk.db, filter);
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = addressesFor(desk.can("read:person"));
  const here = `/organize/audit${auditQueryString(filter, filter.page)}`;
  const opened = Number(url.searchParams.get("entry"));
  const withEntry = (id: number) => `${here}${here.includes("?") ? "&" : "?"}entry=${id}#entry-${id}`;
  return {
    header: deskHeader(desk),
    filter,
    actionIds,
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
      role: !r.actorRole
        ? null
        : r.actorKind === "account"
          ? (accountRoleText[r.actorRole as keyof typeof accountRoleText] ?? r.actorRole)
          : (organizerRoleText[r.actorRole as keyof typeof organizerRoleText]?.label ?? r.actorRole),
      action: r.action,
      summary: shown(r.summary),
      reason: shown(r.reason),
      factsHref: withEntry(r.id),
      facts:
        r.id === opened
          ? {
              targets: shown(r.targets),
              before: shown(r.factsBefore),
              after: shown(r.factsAfter),
              proposal: r.proposalId,
              close: `${here}#entry-${r.id}`,
            }
          : null,
    })),
  };
}

/** /organize/audit/chain: the chain verified now (directors). */
export async function auditChainDeskView(desk: Desk) {
  return { header: deskHeader(desk), verdict: await verifyChain(desk.db) };
}

/** /organize/proposals: what waits for a second director. */
export async function proposalsDeskView(desk: Desk) {
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
export async function proposalDeskView(desk: Desk, id: string, actions: Readonly<Record<string, AnyOrganizerAction>>) {
  const proposal = await proposalById(desk.db, id);
  if (!proposal) return null;
  const refusal = await confirmationRefusal(proposal, desk.action);
  const shown = addressesFor(desk.can("read:person"));
  return {
    header: deskHeader(desk),
    id: proposal.id,
    summary: shown(proposal.summary),
    action: proposal.action,
    known: Object.hasOwn(actions, proposal.action),
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

export const organizersDeskIntents = {
  grant: actionIntent(grantOrganizer, { title: "Role granted", redirectTo: "/organize/organizers" }),
  remove: actionIntent(removeOrganizer, { title: "Role removed", redirectTo: "/organize/organizers" }),
  // The two-person rule: these propose, and the browser goes to the proposal's page.
  "grant-director": actionIntent(grantDirector, { title: "Director proposed" }),
  "remove-director": actionIntent(removeDirector, { title: "Removal proposed" }),
};

export const tokensDeskIntents = {
  // The token is shown once, on the answer to this post: never in a redirect, a cookie or the log.
  create: actionIntent(createToken, {
    title: "Token created",
    done: ({ result, message }) => ({
      ok: "next",
      intent: "create",
      step: { created: { name: result.name, token: result.token, message } },
    }),
  }),
  revoke: actionIntent(revokeToken, { title: "Token revoked", redirectTo: "/organize/tokens" }),
};

/** `actions`: the registry, where the proposed action is looked up to run. */
export function proposalDeskIntents(proposalId: string, actions: Readonly<Record<string, AnyOrganizerAction>>) {
  return {
    confirm: intent({
      schema: ConfirmProposalSchema,
      allowed: codeAttemptAllowed,
      async handle({ code }, desk: Desk) {
        const confirmed = await confirmProposal(actions, proposalId, desk.action, () => checkCodeAgain(desk, code));
        if (!confirmed.ok) return refusalOutcome(confirmed);
        return {
          ok: true,
          toast: { type: "success", title: "Confirmed", description: confirmed.message },
          redirectTo: `/organize/proposals/${proposalId}`,
        };
      },
    }),
  };
}
