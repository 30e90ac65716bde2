/**
 * The form of a late-submission exception (issue 33, `deadlines.extend`):
 * the desk's (/organize/showcase) and the organizer API's. Client-safe.
 */
import * as z from "zod/mini";
import { moderationMessages, moderationRules } from "~/content/showcase-moderation";
import { moderationReason } from "~/showcase/moderation-schema";

/** A whole number of hours, 1 to the bound, kept as the text the form posted (a proposal's input is parsed again). */
const hours = () =>
  z.string({ error: moderationMessages.hoursRequired }).check(
    z.trim(),
    z.regex(/^\d{1,3}$/, { error: moderationMessages.hoursRequired }),
    z.refine((value) => Number(value) >= 1 && Number(value) <= moderationRules.extensionMaxHours, {
      error: moderationMessages.hoursRequired,
    }),
  );

export const ExtendDeadlineSchema = z.object({
  teamId: z
    .string({ error: moderationMessages.teamRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: moderationMessages.teamRequired }),
      z.maxLength(64, { error: moderationMessages.teamRequired }),
    ),
  hours: hours(),
  reason: moderationReason(),
});
