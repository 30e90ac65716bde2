/**
 * The forms of the editions' desk (issue 52): the three draft forms, the
 * proposal of a publication and the change of a published edition; the
 * desk's and the organizer API's (the CLI sends the same strings).
 * Client-safe. The shape only: what the fields mean together is checked on
 * the server (./fields.ts, ./check.ts), whose messages come back on the fields.
 */
import * as z from "zod/mini";
import { editionFieldMessages } from "~/content/edition-desk";
import { milestoneIds } from "~/content/editions";
import { dateFieldNames, detailFieldNames, priceFieldNames } from "./fields";

const editionId = () =>
  z
    .string({ error: editionFieldMessages.editionId })
    .check(z.trim(), z.regex(/^\d{4}$/, { error: editionFieldMessages.editionId }));

const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

const fieldsOf = (names: readonly string[], max: number) =>
  Object.fromEntries(names.map((name) => [name, text(max)])) as Record<string, ReturnType<typeof text>>;

export const DraftDatesSchema = z.object({ editionId: editionId(), ...fieldsOf(dateFieldNames, 16) });

export const DraftPricesSchema = z.object({ editionId: editionId(), ...fieldsOf(priceFieldNames, 16) });

export const DraftDetailsSchema = z.object({
  editionId: editionId(),
  ...fieldsOf(detailFieldNames, 120),
  "rules-version": text(60),
});

const rulesVersion = () =>
  z
    .string({ error: editionFieldMessages.rulesVersion })
    .check(
      z.trim(),
      z.minLength(1, { error: editionFieldMessages.rulesVersion }),
      z.maxLength(60, { error: editionFieldMessages.rulesVersion }),
    );

export const PublishEditionSchema = z.object({
  editionId: editionId(),
  version: z.string().check(z.trim(), z.regex(/^\d{1,6}$/)),
  rulesVersion: rulesVersion(),
});

export const changeNoteRequired = "Say in one line what changed and why: the people affected read it.";

export const ChangeEditionSchema = z.object({
  editionId: editionId(),
  milestone: z.enum(milestoneIds),
  startDate: text(16),
  startTime: text(16),
  endDate: text(16),
  endTime: text(16),
  note: z
    .string({ error: changeNoteRequired })
    .check(z.trim(), z.minLength(3, { error: changeNoteRequired }), z.maxLength(500, { error: changeNoteRequired })),
});
