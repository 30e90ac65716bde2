/**
 * The desk's preview form (issue 52, /organize/preview): client-safe, for the
 * page (Conform, with JavaScript on or off) and the action alike.
 */
import * as z from "zod/mini";
import { previewText } from "~/content/preview";

export const StartPreviewSchema = z.object({
  version: z.string({ error: previewText.unknownVersion }).check(z.maxLength(16)),
  day: z
    .string({ error: previewText.invalidDay })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: previewText.invalidDay })),
  time: z.optional(z.string().check(z.regex(/^\d{2}:\d{2}$/, { error: previewText.invalidTime }))),
});

export const LeavePreviewSchema = z.object({});
