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
import { and, asc, eq, gt, ne } from "drizzle-orm";
import type * as z from "zod/mini";
import type { SecondFactorOutcome } from "~/auth/two-factor.server";
import { deskMessages, deskRules } from "~/content/organize";
import type { Db } from "~/db/client.server";
import { organizerProposals } from "~/db/schema";
import { tokenHash } from "~/lib/link-token.server";
import type { Refusal } from "~/lib/refusal";
import {
  type ActionContext,
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

const refused = (message: string, status: number, field?: string): Refusal => ({ ok: false, message, status, field });

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
  if (!action.preview) return refused(deskMessages.notAllowed, 400);
  if (ctx.actor.kind === "job") return refused(deskMessages.notAllowed, 403);
  if (!actorMay(ctx.actor, action.permission)) return refused(deskMessages.notAllowed, 403);
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
export async function openProposals(db: Db, now: Date): Promise<ProposalRow[]> {
  return db
    .select()
    .from(organizerProposals)
    .where(and(eq(organizerProposals.status, "open"), gt(organizerProposals.expiresAt, now.toISOString())))
    .orderBy(asc(organizerProposals.expiresAt));
}

/** Why `actor` may not confirm this proposal now, or null (the page uses it to show or hide the form). */
export function confirmationRefusal(proposal: ProposalRow, ctx: ActionContext): Refusal | null {
  if (ctx.actor.kind !== "person") return refused(deskMessages.proposalDeskOnly, 403);
  if (!actorMay(ctx.actor, "confirm:proposal")) return refused(deskMessages.notAllowed, 403);
  if (proposal.status !== "open") return refused(deskMessages.proposalDecided, 409);
  if (proposal.expiresAt <= ctx.now.toISOString()) return refused(deskMessages.proposalExpired, 410);
  if (proposal.proposedBy === ctx.actor.userId) return refused(deskMessages.proposalOwn, 403);
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
  if (!proposal) return refused(deskMessages.proposalUnknown, 404);
  const refusal = confirmationRefusal(proposal, ctx);
  if (refusal) return refusal;
  const action = registry[proposal.action];
  if (!action?.preview) return refused(deskMessages.proposalUnknown, 404);
  const outcome = await secondFactor();
  if (outcome === "locked") return refused(deskMessages.codeLocked, 429, "code");
  if (outcome !== "ok") return refused(deskMessages.codeWrong, 400, "code");
  const input = parseInput(action.input, JSON.parse(proposal.input));
  if (!input.ok) return refused(deskMessages.proposalStale, 409);
  const preview = await action.preview(input.value, ctx);
  if ("ok" in preview || (await previewHash(preview)) !== proposal.previewHash) {
    return refused(deskMessages.proposalStale, 409);
  }
  if (ctx.actor.kind !== "person") return refused(deskMessages.proposalDeskOnly, 403);
  const at = ctx.now.toISOString();
  const confirmer = ctx.actor.userId;
  return executeAction(action, input.value, ctx, {
    id: proposal.id,
    statements: [
      ctx.db
        .update(organizerProposals)
        .set({ status: "confirmed", confirmedBy: confirmer, confirmedAt: at })
        .where(
          and(
            eq(organizerProposals.id, proposal.id),
            eq(organizerProposals.status, "open"),
            gt(organizerProposals.expiresAt, at),
            ne(organizerProposals.proposedBy, confirmer),
          ),
        ),
    ],
    // The proposal was still open, unexpired and someone else's when this batch ran.
    holds: rowWhere(
      ctx.db,
      organizerProposals,
      eq(organizerProposals.id, proposal.id),
      eq(organizerProposals.confirmedBy, confirmer),
      eq(organizerProposals.confirmedAt, at),
    ),
  });
}
