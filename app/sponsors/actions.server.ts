/**
 * The registrar's review of sponsors' presences (issue 54): approve what a
 * paid sponsor gave (it becomes the copy the site shows) or return it with a
 * reason; the sponsor is e-mailed either way, in the same batch as the
 * decision and its audit row. /organize/sponsorships, the organizer API and
 * `npm run admin -- approve-sponsor | return-sponsor` run these.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { formatMountain } from "~/clock/format";
import { sponsorTiersById } from "~/content/pricing";
import { sponsorReviewMessages as text } from "~/content/sponsor-presence";
import { sponsorPresences, sponsorships } from "~/db/schema";
import { refusal } from "~/lib/refusal";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, type ActionContext } from "~/organize/action.server";
import { ApprovePresenceSchema, ReturnPresenceSchema } from "./schema";
import { sponsorPresenceApproved, sponsorPresenceReturned } from "./notification.server";
import { forgetShownSponsors } from "./shown.server";
import { LOGO_KEY_PREFIX } from "./logo.server";

/** A presence as the desk and the API list it. */
export interface ReviewedPresence {
  sponsorshipId: string;
  companyName: string;
  tier: string;
  email: string;
  status: string;
  displayName: string;
  website: string | null;
  description: string | null;
  /** The logo under review, by its file name (the desk shows it through its own route, by sponsorship). */
  logo: { file: string; width: number; height: number } | null;
  submittedAt: string | null;
  returnReason: string | null;
  shown: { name: string; approvedAt: string } | null;
}

const fileOf = (key: string | null) => (key ? key.slice(LOGO_KEY_PREFIX.length) : null);

/** The edition's presences waiting for review (oldest first), then the rest. */
export async function reviewedPresences(ctx: Pick<ActionContext, "db" | "edition">): Promise<ReviewedPresence[]> {
  const rows = await ctx.db
    .select({
      presence: sponsorPresences,
      companyName: sponsorships.companyName,
      tier: sponsorships.tier,
      email: sponsorships.email,
    })
    .from(sponsorPresences)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorPresences.sponsorshipId))
    .where(and(eq(sponsorPresences.editionId, ctx.edition.id), eq(sponsorships.status, "paid")))
    .orderBy(sql`${sponsorPresences.status} <> 'submitted'`, asc(sponsorPresences.submittedAt));
  return rows.map(({ presence: p, companyName, tier, email }) => ({
    sponsorshipId: p.sponsorshipId,
    companyName,
    tier: sponsorTiersById[tier].name,
    email,
    status: p.status,
    displayName: p.displayName,
    website: p.website,
    description: p.description,
    logo:
      p.logoKey && p.logoWidth && p.logoHeight
        ? { file: fileOf(p.logoKey)!, width: p.logoWidth, height: p.logoHeight }
        : null,
    submittedAt: p.submittedAt ? formatMountain(new Date(p.submittedAt), "dateTime") : null,
    returnReason: p.returnReason,
    shown:
      p.approvedAt && p.shownName
        ? { name: p.shownName, approvedAt: formatMountain(new Date(p.approvedAt), "dateTime") }
        : null,
  }));
}

export const listPresences = defineOrganizerQuery({
  id: "sponsors.presences",
  permission: "read:sponsorship",
  input: z.object({}),
  read: async (_input, ctx) => ({ editionId: ctx.edition.id, presences: await reviewedPresences(ctx) }),
});

/** The presence waiting for review, with its sponsorship's contact, or null. */
async function waitingPresence(ctx: ActionContext, sponsorshipId: string) {
  const [row] = await ctx.db
    .select({ presence: sponsorPresences, email: sponsorships.email, companyName: sponsorships.companyName })
    .from(sponsorPresences)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorPresences.sponsorshipId))
    .where(
      and(
        eq(sponsorPresences.sponsorshipId, sponsorshipId),
        eq(sponsorPresences.editionId, ctx.edition.id),
        eq(sponsorPresences.status, "submitted"),
        inArray(sponsorships.status, ["paid"]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Decided on what the registrar saw: the sponsor changed nothing since (its `updated_at`). */
const unchangedSince = (sponsorshipId: string, updatedAt: string) =>
  and(
    eq(sponsorPresences.sponsorshipId, sponsorshipId),
    eq(sponsorPresences.status, "submitted"),
    eq(sponsorPresences.updatedAt, updatedAt),
  );

export const approvePresence = defineOrganizerAction({
  id: "sponsors.approve-presence",
  permission: "review:sponsorship",
  input: ApprovePresenceSchema,
  async run({ sponsorshipId }, ctx) {
    const row = await waitingPresence(ctx, sponsorshipId);
    if (!row) return refusal(text.unknown, 404, "sponsorshipId");
    const { presence: p } = row;
    const at = ctx.now.toISOString();
    const by = actorLabel(ctx.actor);
    const notification = outboxInsert(ctx.db, sponsorPresenceApproved, {
      id: `sponsor-presence-approved:${p.sponsorshipId}:${at}`,
      recipient: row.email,
      payload: { name: p.displayName, editionName: ctx.edition.name, origin: ctx.origin },
      now: ctx.now,
    });
    return {
      ok: true,
      statements: [
        ctx.db
          .update(sponsorPresences)
          .set({
            status: "approved",
            returnReason: null,
            reviewedAt: at,
            reviewedBy: by,
            shownName: p.displayName,
            shownWebsite: p.website,
            shownDescription: p.description,
            shownLogoKey: p.logoKey,
            shownLogoType: p.logoType,
            shownLogoWidth: p.logoWidth,
            shownLogoHeight: p.logoHeight,
            approvedAt: at,
          })
          .where(unchangedSince(p.sponsorshipId, p.updatedAt)),
        notification.statement,
      ],
      holds: sql`EXISTS (SELECT 1 FROM ${sponsorPresences} WHERE ${sponsorPresences.sponsorshipId} = ${p.sponsorshipId} AND ${sponsorPresences.approvedAt} = ${at} AND ${sponsorPresences.reviewedBy} = ${by})`,
      audit: {
        summary: text.approveSummary(p.displayName),
        targets: { sponsorshipId: p.sponsorshipId, companyName: row.companyName, editionId: p.editionId },
        before: { status: p.status, shownName: p.shownName, shownLogoKey: p.shownLogoKey },
        after: { status: "approved", shownName: p.displayName, shownLogoKey: p.logoKey, website: p.website },
      },
      message: text.approved(p.displayName),
      result: { sponsorshipId: p.sponsorshipId, status: "approved" },
      afterwards: async () => {
        forgetShownSponsors();
        await enqueueNotifications(ctx.env, [notification.id], {
          requestId: ctx.requestId,
          kind: sponsorPresenceApproved.kind,
        });
      },
    };
  },
});

export const returnPresence = defineOrganizerAction({
  id: "sponsors.return-presence",
  permission: "review:sponsorship",
  input: ReturnPresenceSchema,
  async run({ sponsorshipId, reason }, ctx) {
    const row = await waitingPresence(ctx, sponsorshipId);
    if (!row) return refusal(text.unknown, 404, "sponsorshipId");
    const { presence: p } = row;
    const at = ctx.now.toISOString();
    const by = actorLabel(ctx.actor);
    const notification = outboxInsert(ctx.db, sponsorPresenceReturned, {
      id: `sponsor-presence-returned:${p.sponsorshipId}:${at}`,
      recipient: row.email,
      payload: { name: p.displayName, editionName: ctx.edition.name, origin: ctx.origin, reason },
      now: ctx.now,
    });
    return {
      ok: true,
      statements: [
        ctx.db
          .update(sponsorPresences)
          .set({ status: "returned", returnReason: reason, reviewedAt: at, reviewedBy: by })
          .where(unchangedSince(p.sponsorshipId, p.updatedAt)),
        notification.statement,
      ],
      holds: sql`EXISTS (SELECT 1 FROM ${sponsorPresences} WHERE ${sponsorPresences.sponsorshipId} = ${p.sponsorshipId} AND ${sponsorPresences.status} = 'returned' AND ${sponsorPresences.reviewedAt} = ${at} AND ${sponsorPresences.reviewedBy} = ${by})`,
      audit: {
        summary: text.returnSummary(p.displayName),
        targets: { sponsorshipId: p.sponsorshipId, companyName: row.companyName, editionId: p.editionId },
        before: { status: p.status },
        after: { status: "returned", logoKey: p.logoKey },
        reason,
      },
      message: text.returned(p.displayName),
      result: { sponsorshipId: p.sponsorshipId, status: "returned" },
      afterwards: async () => {
        await enqueueNotifications(ctx.env, [notification.id], {
          requestId: ctx.requestId,
          kind: sponsorPresenceReturned.kind,
        });
      },
    };
  },
});

export const sponsorPresenceActions = [approvePresence, returnPresence];
export const sponsorPresenceQueries = [listPresences];
