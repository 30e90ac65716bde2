/**
 * The registrar's review of organizations' public listings (issue 54), the
 * shape of the sponsors' review (app/sponsors/actions.server.ts): approve
 * what an organization gave (it becomes the copy /employer-recognition
 * shows once the organization has earned a tier) or return it with a
 * reason; the organization's contact is e-mailed either way, in the same
 * batch as the decision and its audit row. /organize/organizations, the
 * organizer API and `npm run admin -- approve-organization |
 * return-organization` run these.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { formatMountain } from "~/clock/format";
import { organizationReviewMessages as text } from "~/content/organization-listing";
import { organizationListings, registrations } from "~/db/schema";
import { refusal } from "~/lib/refusal";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, type ActionContext } from "~/organize/action.server";
import { ORGANIZATION_LOGO_KEY_PREFIX } from "~/sponsors/logo.server";
import { ApproveListingSchema, ReturnListingSchema } from "./listing-schema";
import { organizationListingApproved, organizationListingReturned } from "./listing-notification.server";
import { paidWorkforce } from "./paid-workforce.server";
import { forgetRecognizedOrganizations } from "./recognized.server";

/** A listing as the desk and the API list it. */
export interface ReviewedListing {
  organizationId: string;
  companyName: string;
  email: string;
  status: string;
  displayName: string;
  website: string | null;
  /** The logo under review (the desk shows it through its own route, by organization). */
  logo: { file: string; width: number; height: number } | null;
  submittedAt: string;
  returnReason: string | null;
  shown: { name: string; approvedAt: string } | null;
}

/** The edition's listings: those waiting for review (oldest first), then the rest. */
export async function reviewedListings(ctx: Pick<ActionContext, "db" | "edition">): Promise<ReviewedListing[]> {
  const rows = await ctx.db
    .select({ listing: organizationListings, companyName: registrations.companyName, email: registrations.email })
    .from(organizationListings)
    .innerJoin(registrations, eq(registrations.id, organizationListings.organizationId))
    .where(and(eq(organizationListings.editionId, ctx.edition.id), paidWorkforce))
    .orderBy(sql`${organizationListings.status} <> 'submitted'`, asc(organizationListings.submittedAt));
  return rows.map(({ listing: l, companyName, email }) => ({
    organizationId: l.organizationId,
    companyName: companyName ?? l.displayName,
    email,
    status: l.status,
    displayName: l.displayName,
    website: l.website,
    logo:
      l.logoKey && l.logoWidth && l.logoHeight
        ? { file: l.logoKey.slice(ORGANIZATION_LOGO_KEY_PREFIX.length), width: l.logoWidth, height: l.logoHeight }
        : null,
    submittedAt: formatMountain(new Date(l.submittedAt), "dateTime"),
    returnReason: l.returnReason,
    shown:
      l.approvedAt && l.shownName
        ? { name: l.shownName, approvedAt: formatMountain(new Date(l.approvedAt), "dateTime") }
        : null,
  }));
}

export const listListings = defineOrganizerQuery({
  id: "organizations.listings",
  permission: "read:organization",
  input: z.object({}),
  read: async (_input, ctx) => ({ editionId: ctx.edition.id, listings: await reviewedListings(ctx) }),
});

/** The listing waiting for review, with its organization's contact, or null. */
async function waitingListing(ctx: ActionContext, organizationId: string) {
  const [row] = await ctx.db
    .select({ listing: organizationListings, email: registrations.email, companyName: registrations.companyName })
    .from(organizationListings)
    .innerJoin(registrations, eq(registrations.id, organizationListings.organizationId))
    .where(
      and(
        eq(organizationListings.organizationId, organizationId),
        eq(organizationListings.editionId, ctx.edition.id),
        eq(organizationListings.status, "submitted"),
        paidWorkforce,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Decided on what the registrar saw: the organization changed nothing since (its `updated_at`). */
const unchangedSince = (organizationId: string, updatedAt: string) =>
  and(
    eq(organizationListings.organizationId, organizationId),
    eq(organizationListings.status, "submitted"),
    eq(organizationListings.updatedAt, updatedAt),
  );

export const approveListing = defineOrganizerAction({
  id: "organizations.approve-listing",
  permission: "review:organization",
  input: ApproveListingSchema,
  async run({ organizationId }, ctx) {
    const row = await waitingListing(ctx, organizationId);
    if (!row) return refusal(text.unknown, 404, "organizationId");
    const { listing: l } = row;
    const at = ctx.now.toISOString();
    const by = actorLabel(ctx.actor);
    const notification = outboxInsert(ctx.db, organizationListingApproved, {
      id: `organization-listing-approved:${l.organizationId}:${at}`,
      recipient: row.email,
      payload: { name: l.displayName, editionName: ctx.edition.name, origin: ctx.origin, organizationId },
      now: ctx.now,
    });
    return {
      ok: true,
      statements: [
        ctx.db
          .update(organizationListings)
          .set({
            status: "approved",
            returnReason: null,
            reviewedAt: at,
            reviewedBy: by,
            shownName: l.displayName,
            shownWebsite: l.website,
            shownLogoKey: l.logoKey,
            shownLogoType: l.logoType,
            shownLogoWidth: l.logoWidth,
            shownLogoHeight: l.logoHeight,
            approvedAt: at,
          })
          .where(unchangedSince(l.organizationId, l.updatedAt)),
        notification.statement,
      ],
      holds: sql`EXISTS (SELECT 1 FROM ${organizationListings} WHERE ${organizationListings.organizationId} = ${l.organizationId} AND ${organizationListings.approvedAt} = ${at} AND ${organizationListings.reviewedBy} = ${by})`,
      audit: {
        summary: text.approveSummary(l.displayName),
        targets: { organizationId: l.organizationId, companyName: row.companyName, editionId: l.editionId },
        before: { status: l.status, shownName: l.shownName, shownLogoKey: l.shownLogoKey },
        after: { status: "approved", shownName: l.displayName, shownLogoKey: l.logoKey, website: l.website },
      },
      message: text.approved(l.displayName),
      result: { organizationId: l.organizationId, status: "approved" },
      afterwards: async () => {
        forgetRecognizedOrganizations();
        await enqueueNotifications(ctx.env, [notification.id], {
          requestId: ctx.requestId,
          kind: organizationListingApproved.kind,
        });
      },
    };
  },
});

export const returnListing = defineOrganizerAction({
  id: "organizations.return-listing",
  permission: "review:organization",
  input: ReturnListingSchema,
  async run({ organizationId, reason }, ctx) {
    const row = await waitingListing(ctx, organizationId);
    if (!row) return refusal(text.unknown, 404, "organizationId");
    const { listing: l } = row;
    const at = ctx.now.toISOString();
    const by = actorLabel(ctx.actor);
    const notification = outboxInsert(ctx.db, organizationListingReturned, {
      id: `organization-listing-returned:${l.organizationId}:${at}`,
      recipient: row.email,
      payload: { name: l.displayName, editionName: ctx.edition.name, origin: ctx.origin, organizationId, reason },
      now: ctx.now,
    });
    return {
      ok: true,
      statements: [
        ctx.db
          .update(organizationListings)
          .set({ status: "returned", returnReason: reason, reviewedAt: at, reviewedBy: by })
          .where(unchangedSince(l.organizationId, l.updatedAt)),
        notification.statement,
      ],
      holds: sql`EXISTS (SELECT 1 FROM ${organizationListings} WHERE ${organizationListings.organizationId} = ${l.organizationId} AND ${organizationListings.status} = 'returned' AND ${organizationListings.reviewedAt} = ${at} AND ${organizationListings.reviewedBy} = ${by})`,
      audit: {
        summary: text.returnSummary(l.displayName),
        targets: { organizationId: l.organizationId, companyName: row.companyName, editionId: l.editionId },
        before: { status: l.status },
        after: { status: "returned", logoKey: l.logoKey },
        reason,
      },
      message: text.returned(l.displayName),
      result: { organizationId: l.organizationId, status: "returned" },
      afterwards: async () => {
        await enqueueNotifications(ctx.env, [notification.id], {
          requestId: ctx.requestId,
          kind: organizationListingReturned.kind,
        });
      },
    };
  },
});

export const organizationListingActions = [approveListing, returnListing];
export const organizationListingQueries = [listListings];
