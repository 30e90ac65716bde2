/**
 * The form of showcase moderation (issue 33): the desk's
 * (/organize/showcase, Conform with JavaScript on or off) and the organizer
 * API's. Client-safe: the page imports it.
 */
import * as z from "zod/mini";
import { moderationMessages, moderationRules } from "~/content/showcase-moderation";
import { plainLines } from "~/lib/plain-text";
import { hiddenId } from "~/organize/schema";

/** Why a project is hidden or shown, or an exception granted: a sentence the team may read. */
export const moderationReason = () =>
  z
    .string({ error: moderationMessages.reasonRequired })
    .check(
      z.overwrite(plainLines),
      z.trim(),
      z.minLength(1, { error: moderationMessages.reasonRequired }),
      z.maxLength(moderationRules.reasonMaxChars, { error: moderationMessages.reasonTooLong }),
    );

/** Hiding and showing a project: the team's id (a submission is its team's) and why. */
export const ModerateProjectSchema = z.object({ teamId: hiddenId(), reason: moderationReason() });
