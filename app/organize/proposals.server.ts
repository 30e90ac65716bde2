/**
 * The two-person rule (issue 32, ADR 018). An action with a `preview` is
 * one-way (publishing finalists, awards, the Audience Choice, a
 * late-submission exception): one organizer proposes it, which stores the
 * preview (exactly what will be published, sent and issued) with its hash;
 * a different director confirms it on the desk within 24 hours, giving the
 * second factor again. At confirmation the preview is computed again from
 * the same input: if it differs, what the proposer saw is no longer what
 * would happen, and the confirmation is refused. Both steps write their
 * audit row (`proposals.propose`, then the action's own id with the
 * proposal's id).
 */
import { and, asc, count, eq, gt, lte, ne } from "drizzle-orm";
import type * as z from "zod/mini";
import type { SecondFactorOutcome } from "~/auth/two-factor.server";
import { deskMessages, deskRules } from "~/content/organize";
import type { Db } from "~/db/client.server";
import { organizerProposals, organizerRoles } from "~/db/schema";
import { tokenHash } from "~/lib/link-token.server";
import { secondFactorRefusal } from "./second-factor-again.server";
import { refusal, type Refusal } from "~/lib/refusal";
import {
  type ActionContext,
  actionRefusal,
  actorMay,
  type AnyOrganizerAction,
  commitWithAudit,
  executeAction,
  type Executed,
  type OrganizerAction,
  parseInput,
  type Preview,
  rowWhere,
} from "./action.server";

/** JSON with every object's keys sorted: one text per value, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export const previewHash = (preview: Preview) => tokenHash(canonicalJson(preview));

/** Proposes a one-way action: its preview is stored with its hash, and the step audited. */
export async function proposeAction<Schema extends z.ZodMiniObject, Result>(
  action: OrganizerAction<Schema, Result>,
  rawInput: unknown,
  ctx: ActionContext,
): Promise<{ ok: true; proposalId: string; preview: Preview; message: string } | Refusal> {
  if (!action.preview) return refusal(deskMessages.notAllowed, 400);
  if (ctx.actor.kind === "job") return refusal(deskMessages.notAllowed, 403);
  const refusedAction = actionRefusal(action, ctx);
  if (refusedAction) return refusedAction;
  const input = parseInput(action.input, rawInput);
  if (!input.ok) return input;
  const preview = await action.preview(input.value, ctx);
  if ("ok" in preview) return preview;
  const id = crypto.randomUUID();
  const hash = await previewHash(preview);
  const expiresAt = new Date(ctx.now.getTime() + deskRules.proposalValidHours * 3_600_000).toISOString();
  const committed = await commitWithAudit(
    ctx,
    "proposals.propose",
    [
      ctx.db.insert(organizerProposals).values({
        id,
        action: action.id,
        input: JSON.stringify(input.value),
        preview: JSON.stringify(preview),
        previewHash: hash,
        summary: preview.summary,
        proposedBy: ctx.actor.userId,
        proposedLabel: ctx.actor.email,
        createdAt: ctx.now.toISOString(),
        expiresAt,
      }),
    ],
    {
      summary: `Proposed: ${preview.summary}`,
      targets: { proposalId: id, action: action.id },
      after: { previewHash: hash, expiresAt },
    },
  );
  if (!committed.ok) return committed;
  return {
    ok: true,
    proposalId: id,
    preview,
    message: `Proposed. A different director confirms it on the desk within ${deskRules.proposalValidHours} hours.`,
  };
}

export type ProposalRow = typeof organizerProposals.$inferSelect;

export async function proposalById(db: Db, id: string): Promise<ProposalRow | null> {
  const [row] = await db.select().from(organizerProposals).where(eq(organizerProposals.id, id)).limit(1);
  return row ?? null;
}

/** Proposals still open and not expired, soonest to expire first. */
/** A proposal still waiting for its second director at `now`. */
const openAt = (now: Date) =>
  and(eq(organizerProposals.status, "open"), gt(organizerProposals.expiresAt, now.toISOString()));

export async function openProposals(db: Db, now: Date): Promise<ProposalRow[]> {
  return db.select().from(organizerProposals).where(openAt(now)).orderBy(asc(organizerProposals.expiresAt));
}

/** How many proposals are open at `now`: a query, so the overview can batch it. */
export function openProposalCountQuery(db: Db, now: Date) {
  return db.select({ n: count() }).from(organizerProposals).where(openAt(now));
}

/** When the account was granted the role it holds now, or null. */
async function roleGrantedAt(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ at: organizerRoles.grantedAt })
    .from(organizerRoles)
    .where(eq(organizerRoles.userId, userId))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Why `actor` may not confirm this proposal now, or null (the page uses it
 * to show or hide the form). A director who was granted the role after the
 * proposal was made may not confirm it (ADR 021): otherwise the proposer
 * could make a second account a director and confirm with it.
 */
export async function confirmationRefusal(proposal: ProposalRow, ctx: ActionContext): Promise<Refusal | null> {
  if (ctx.actor.kind !== "person") return refusal(deskMessages.proposalDeskOnly, 403);
  if (!actorMay(ctx.actor, "confirm:proposal")) return refusal(deskMessages.notAllowed, 403);
  if (proposal.status !== "open") return refusal(deskMessages.proposalDecided, 409);
  if (proposal.expiresAt <= ctx.now.toISOString()) return refusal(deskMessages.proposalExpired, 410);
  if (proposal.proposedBy === ctx.actor.userId) return refusal(deskMessages.proposalOwn, 403);
  const grantedAt = await roleGrantedAt(ctx.db, ctx.actor.userId);
  if (!grantedAt || grantedAt > proposal.createdAt) return refusal(deskMessages.proposalNewDirector, 403);
  return null;
}

/**
 * Confirms a proposal: a different director, on the desk, the second factor
 * given again (`secondFactor` checks the code the form carried), the preview
 * unchanged. Then the action runs, and the proposal is marked confirmed in
 * the same batch as the action's writes and its audit row.
 */
export async function confirmProposal(
  registry: Readonly<Record<string, AnyOrganizerAction>>,
  proposalId: string,
  ctx: ActionContext,
  secondFactor: () => Promise<SecondFactorOutcome>,
): Promise<Executed<unknown> | Refusal> {
  const proposal = await proposalById(ctx.db, proposalId);
  if (!proposal) return refusal(deskMessages.proposalUnknown, 404);
  const refusedConfirmation = await confirmationRefusal(proposal, ctx);
  if (refusedConfirmation) return refusedConfirmation;
  const action = registry[proposal.action];
  if (!action?.preview) return refusal(deskMessages.proposalUnknown, 404);
  const wrongCode = secondFactorRefusal(await secondFactor());
  if (wrongCode) return wrongCode;
  const input = parseInput(action.input, JSON.parse(proposal.input));
  if (!input.ok) return refusal(deskMessages.proposalStale, 409);
  const preview = await action.preview(input.value, ctx);
  if ("ok" in preview || (await previewHash(preview)) !== proposal.previewHash) {
    return refusal(deskMessages.proposalStale, 409);
  }
  if (ctx.actor.kind !== "person") return refusal(deskMessages.proposalDeskOnly, 403);
  const at = ctx.now.toISOString();
  const confirmer = ctx.actor.userId;
  const confirmationId = crypto.randomUUID();
  // The code was just given again in this request: what a role change requires too.
  return executeAction(
    action,
    input.value,
    { ...ctx, secondFactorAgain: true },
    {
      id: proposal.id,
      statements: [
        ctx.db
          .update(organizerProposals)
          .set({ status: "confirmed", confirmedBy: confirmer, confirmedAt: at, confirmationId })
          .where(
            and(
              eq(organizerProposals.id, proposal.id),
              eq(organizerProposals.status, "open"),
              gt(organizerProposals.expiresAt, at),
              ne(organizerProposals.proposedBy, confirmer),
            ),
          ),
      ],
      // This request confirmed it (the proposal was still open, unexpired and someone else's), and the
      // confirmer was still a director who held the role when it was proposed.
      holds: and(
        rowWhere(
          ctx.db,
          organizerProposals,
          eq(organizerProposals.id, proposal.id),
          eq(organizerProposals.confirmationId, confirmationId),
        ),
        rowWhere(
          ctx.db,
          organizerRoles,
          eq(organizerRoles.userId, confirmer),
          eq(organizerRoles.role, "director"),
          lte(organizerRoles.grantedAt, proposal.createdAt),
        ),
      )!,
    },
  );
}
