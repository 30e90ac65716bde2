/**
 * The organizations' listings on the desk (issue 54), on
 * /organize/organizations above the edition's organizations: what each
 * organization gave, its logo at the size the public page shows it, and the
 * forms that approve it or return it with a reason
 * (`organizations.approve-listing`, `organizations.return-listing`, the
 * same actions the organizer API runs). Apart from the actions, so the
 * registry does not pull the desk's React Router modules in.
 */
import type { Intent } from "~/forms/intent-action.server";
import { organizationReviewMessages as text } from "~/content/organization-listing";
import { actionIntent } from "~/organize/action-intent.server";
import type { Desk } from "~/organize/guard.server";
import { approveListing, returnListing, reviewedListings } from "./actions.server";
import type { ApproveListingSchema, ReturnListingSchema } from "./listing-schema";

/** /organize/organizations' review section: what waits, what is approved, and whether this role may decide. */
export async function listingDeskView(desk: Desk) {
  const listings = desk.can("read:organization") ? await reviewedListings(desk) : [];
  return {
    canReview: desk.can("review:organization"),
    waiting: listings.filter((l) => l.status === "submitted"),
    shown: listings.filter((l) => l.shown !== null),
  };
}

export type ListingDeskView = Awaited<ReturnType<typeof listingDeskView>>;

const redirectTo = "/organize/organizations#listings";

/** Approve and return are repeated per organization: the answer goes back to the one posted. */
const approve: Intent<typeof ApproveListingSchema, Desk> = {
  ...actionIntent(approveListing, { title: text.approvedToast, redirectTo }),
  instanceField: "organizationId",
};
const giveBack: Intent<typeof ReturnListingSchema, Desk> = {
  ...actionIntent(returnListing, { title: text.returnedToast, redirectTo }),
  instanceField: "organizationId",
};

export const listingDeskIntents = { "approve-listing": approve, "return-listing": giveBack };
