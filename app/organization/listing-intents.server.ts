/**
 * The dashboard's public-listing section (issue 54): what it shows (the
 * listing's review, the logo given, the tier it will appear at) and its two
 * forms, `listing` (ask to be listed, or change the listing) and `unlist`,
 * intents beside the dashboard's others (./intents.server.ts).
 */
import { organizationListingMessages as m, organizationListingPaths as paths } from "~/content/organization-listing";
import { sponsorLogoFailureMessages, sponsorLogoFailureOf } from "~/content/sponsor-presence";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { registrations } from "~/db/schema";
import { intent } from "~/forms/intent-action.server";
import { isHttpsAddress } from "~/forms/fields";
import type { Organization } from "./access.server";
import type { OrganizationCtx } from "./intents.server";
import { listingOf, requestListing, unlist } from "./listing.server";
import { ListingSchema, UnlistSchema } from "./listing-schema";

/** The section's data; `logoError` is the refusal code a logo upload came back with (`?logo-error=`). */
export async function listingView(db: Db, organization: Organization, logoError: string | null) {
  const [listing, [registration]] = await Promise.all([
    listingOf(db, organization.id),
    db
      .select({ website: registrations.employerWebsite })
      .from(registrations)
      .where(eq(registrations.id, organization.id))
      .limit(1),
  ]);
  const failure = sponsorLogoFailureOf(logoError);
  return {
    listed: listing !== null,
    status: listing?.status ?? null,
    returnReason: listing?.returnReason ?? null,
    approved: Boolean(listing?.approvedAt),
    details: {
      displayName: listing?.displayName ?? organization.name,
      // The website given at registration, when it is one the listing may link to.
      website: listing
        ? (listing.website ?? "")
        : isHttpsAddress(registration?.website ?? "")
          ? registration!.website!
          : "",
    },
    logo:
      listing?.logoKey && listing.logoWidth && listing.logoHeight
        ? { src: paths.logo(organization.id), width: listing.logoWidth, height: listing.logoHeight }
        : null,
    logoError: failure ? sponsorLogoFailureMessages[failure] : logoError === "not-listed" ? m.logoNeedsListing : null,
  };
}

export type ListingView = Awaited<ReturnType<typeof listingView>>;

export const listingIntents = {
  listing: intent({
    schema: ListingSchema,
    async handle(details, ctx: OrganizationCtx) {
      await requestListing(ctx.db, ctx.organization, ctx.user.id, details, ctx.now);
      return {
        ok: true,
        toast: { type: "success", title: m.listedToast, description: m.listed },
        redirectTo: paths.section(ctx.organization.id),
      };
    },
  }),
  unlist: intent({
    schema: UnlistSchema,
    async handle(_, ctx: OrganizationCtx) {
      const done = await unlist(ctx.db, ctx.organization, ctx.user.id, ctx.now);
      if (!done) return { ok: false, status: 409, message: m.notListedNow };
      return {
        ok: true,
        toast: { type: "success", title: m.unlistedToast, description: m.unlisted },
        redirectTo: paths.section(ctx.organization.id),
      };
    },
  }),
};
