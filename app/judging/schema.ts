/**
 * Judging's forms (issue 24), one schema per intent (the appeal is the portal's). A schema only bounds
 * what a post may carry; the handlers check the values (whole scores on the
 * rubric's scale, lengths) and answer with the page's own words.
 */
import * as z from "zod/mini";
import { judgingRules, rubricCriteria } from "~/content/judging";
import { appealLimits, appealMessages } from "~/content/judging-results";
import type { JudgingCriterionId } from "~/content/program";
import { plainLines } from "~/lib/plain-text";

const token = z._default(z.string().check(z.maxLength(128)), "");
const scoreField = z.optional(z.string().check(z.maxLength(8)));
const longText = (max: number) => z.optional(z.string().check(z.maxLength(2 * max)));

export const JudgeInvitationSchema = z.object({ token });

/** One optional field per criterion, named by its id; anything else posted is ignored. */
const scoreFields = Object.fromEntries(rubricCriteria.map((c) => [c.id, scoreField])) as Record<
  JudgingCriterionId,
  typeof scoreField
>;

export const SaveReviewSchema = z.object({
  ...scoreFields,
  privateNote: longText(judgingRules.reviewMaxChars),
  teamComment: longText(judgingRules.reviewMaxChars),
});

export const DeclareConflictSchema = z.object({
  reason: longText(judgingRules.declarationReasonMaxChars),
});

/**
 * The appeal form on /portal: 50–5,000 characters once trimmed, checked again
 * on the server; its lines kept, control characters dropped (it is printed in
 * the organizers' terminal and e-mail).
 */
export const AppealSchema = z.object({
  body: z
    .string({ error: appealMessages.tooShort })
    .check(
      z.overwrite(plainLines),
      z.trim(),
      z.minLength(appealLimits.minCharacters, { error: appealMessages.tooShort }),
      z.maxLength(appealLimits.maxCharacters, { error: appealMessages.tooLong }),
    ),
});
