/**
 * The forms of a sponsor's presence (issue 54): the sponsor's details on
 * /account/sponsor and the desk's review (the organizer API's too).
 * Client-safe: the pages import them.
 */
import * as z from "zod/mini";
import {
  sponsorPresenceMessages as m,
  sponsorPresenceRules as rules,
  sponsorReviewMessages,
} from "~/content/sponsor-presence";
import { httpsWebsiteField, returnReasonField, shownNameField } from "~/forms/fields";
import { plainLines } from "~/lib/plain-text";
import { hiddenId } from "~/organize/schema";

export const SponsorDetailsSchema = z.object({
  displayName: shownNameField(m.displayNameRequired, rules.displayNameMax, m.displayNameTooLong),
  website: httpsWebsiteField(rules.websiteMax, m.websiteTooLong, m.websiteInvalid),
  description: z.optional(
    z
      .string()
      .check(z.overwrite(plainLines), z.trim(), z.maxLength(rules.descriptionMax, { error: m.descriptionTooLong })),
  ),
});

/** The desk's approval: which sponsorship's presence. */
export const ApprovePresenceSchema = z.object({ sponsorshipId: hiddenId() });

/** The desk's return: which, and why (the sponsor reads it). */
export const ReturnPresenceSchema = z.object({
  sponsorshipId: hiddenId(),
  reason: returnReasonField(
    sponsorReviewMessages.reasonRequired,
    rules.returnReasonMax,
    sponsorReviewMessages.reasonTooLong,
  ),
});
