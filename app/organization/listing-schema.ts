/**
 * The forms of an organization's public listing (issue 54): the dashboard's
 * opt-in and unlisting, the desk's review (the organizer API's too).
 * Client-safe: the pages import them.
 */
import * as z from "zod/mini";
import {
  organizationListingMessages as m,
  organizationListingRules as rules,
  organizationReviewMessages,
} from "~/content/organization-listing";
import { hiddenId } from "~/organize/schema";
import { httpsWebsiteField, returnReasonField, shownNameField } from "~/forms/fields";

export const ListingSchema = z.object({
  displayName: shownNameField(m.displayNameRequired, rules.displayNameMax, m.displayNameTooLong),
  website: httpsWebsiteField(rules.websiteMax, m.websiteTooLong, m.websiteInvalid),
});

export const UnlistSchema = z.object({});

/** The desk's approval: which organization's listing. */
export const ApproveListingSchema = z.object({ organizationId: hiddenId() });

/** The desk's return: which, and why (the organization reads it). */
export const ReturnListingSchema = z.object({
  organizationId: hiddenId(),
  reason: returnReasonField(
    organizationReviewMessages.reasonRequired,
    rules.returnReasonMax,
    organizationReviewMessages.reasonTooLong,
  ),
});
