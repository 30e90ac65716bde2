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
import { plainLines, plainText } from "~/lib/plain-text";
import { hiddenId } from "~/organize/schema";
import { isHttpsAddress } from "~/sponsors/schema";

const oneLine = (value: string) => plainText(value).replace(/\s+/g, " ");

export const ListingSchema = z.object({
  displayName: z
    .string({ error: m.displayNameRequired })
    .check(
      z.overwrite(oneLine),
      z.trim(),
      z.minLength(1, { error: m.displayNameRequired }),
      z.maxLength(rules.displayNameMax, { error: m.displayNameTooLong }),
    ),
  website: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(rules.websiteMax, { error: m.websiteTooLong }),
        z.refine(isHttpsAddress, { error: m.websiteInvalid }),
      ),
  ),
});

export const UnlistSchema = z.object({});

/** The desk's approval: which organization's listing. */
export const ApproveListingSchema = z.object({ organizationId: hiddenId() });

/** The desk's return: which, and why (the organization reads it). */
export const ReturnListingSchema = z.object({
  organizationId: hiddenId(),
  reason: z
    .string({ error: organizationReviewMessages.reasonRequired })
    .check(
      z.overwrite(plainLines),
      z.trim(),
      z.minLength(1, { error: organizationReviewMessages.reasonRequired }),
      z.maxLength(rules.returnReasonMax, { error: organizationReviewMessages.reasonTooLong }),
    ),
});
