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
import { plainLines, plainText } from "~/lib/plain-text";
import { hiddenId } from "~/organize/schema";

const oneLine = (value: string) => plainText(value).replace(/\s+/g, " ");

export const SponsorDetailsSchema = z.object({
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
  description: z.optional(
    z
      .string()
      .check(z.overwrite(plainLines), z.trim(), z.maxLength(rules.descriptionMax, { error: m.descriptionTooLong })),
  ),
});

/** An https address with a host: the logo links to it, so nothing else (no javascript:, no http). */
export function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The desk's approval: which sponsorship's presence. */
export const ApprovePresenceSchema = z.object({ sponsorshipId: hiddenId() });

/** The desk's return: which, and why (the sponsor reads it). */
export const ReturnPresenceSchema = z.object({
  sponsorshipId: hiddenId(),
  reason: z
    .string({ error: sponsorReviewMessages.reasonRequired })
    .check(
      z.overwrite(plainLines),
      z.trim(),
      z.minLength(1, { error: sponsorReviewMessages.reasonRequired }),
      z.maxLength(rules.returnReasonMax, { error: sponsorReviewMessages.reasonTooLong }),
    ),
});
