/**
 * Judging's forms (issue 24), one schema per intent (the appeal is the portal's). A schema only bounds
 * what a post may carry; the handlers check the values (whole scores on the
 * rubric's scale, lengths) and answer with the page's own words.
 */
import * as z from "zod/mini";
import { conflictMessages, judgingRules, rubricCriteria } from "~/content/judging";
import { deskRules } from "~/content/organize";
import { emailField, optionalText, requiredText } from "~/forms/fields";
import { appealDecisionLimits, appealDecisionMessages, appealLimits, appealMessages } from "~/content/judging-results";
import type { JudgingCriterionId } from "~/content/program";
import { plainLines } from "~/lib/plain-text";
import { profileFields } from "~/profiles/schema";

const token = z._default(z.string().check(z.maxLength(128)), "");
const scoreField = z.optional(z.string().check(z.maxLength(8)));
const longText = (max: number) => z.optional(z.string().check(z.maxLength(2 * max)));

/** Accepting, with the optional public profile (issue 54). */
export const JudgeInvitationSchema = z.object({ token, ...profileFields });

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

// The organizers' desk (/organize/judges, issue 32): the forms of judging's organizer actions.

export const InviteJudgeSchema = z.object({
  email: z.optional(emailField()),
  name: optionalText(deskRules.nameMaxChars),
  /** The id of a judge/advisor interest form: its address and name are used. */
  interestId: z.optional(z.string().check(z.trim(), z.maxLength(12))),
  /** What accepting makes the account (issue 54): a judge (the default) or an advisor, who never scores. */
  standing: z._default(z.enum(["judge", "advisor"]), "judge"),
  /** An advisor's group: an id of /judges-advisors' advisory groups. */
  advisoryGroup: z.optional(z.string().check(z.trim(), z.maxLength(40))),
});

export const RevokeJudgeInvitationSchema = z.object({
  invitationId: z._default(z.string().check(z.maxLength(64)), ""),
});

export const RemoveJudgeSchema = z.object({ email: emailField() });

/**
 * The committee's decision on an appeal (/organize/appeals, the API, the
 * CLI): required, bounded, its lines kept and control characters dropped
 * (the team reads it in the portal and an e-mail; it is printed in terminals).
 */
export const DecideAppealSchema = z.object({
  appealId: z._default(z.string().check(z.trim(), z.maxLength(128)), ""),
  decision: z
    .string({ error: appealDecisionMessages.required })
    .check(
      z.overwrite(plainLines),
      z.trim(),
      z.minLength(1, { error: appealDecisionMessages.required }),
      z.maxLength(appealDecisionLimits.maxCharacters, { error: appealDecisionMessages.tooLong }),
    ),
});

// /organize/assignments (issue 32): running the assignment and the conflicts of interest.

const conflictReason = () => requiredText(conflictMessages.reasonRequired, judgingRules.declarationReasonMaxChars);

/** Running the assignment takes nothing but the confirmation its step posts, so an empty post changes nothing. */
export const RunAssignmentsSchema = z.object({
  confirm: z.literal("run", { error: conflictMessages.confirmRequired }),
});

export const DismissConflictSchema = z.object({
  conflictId: z._default(z.string().check(z.trim(), z.maxLength(12)), ""),
  reason: conflictReason(),
});

export const AddConflictSchema = z.object({
  email: emailField(),
  teamId: requiredText(conflictMessages.teamRequired, 64),
  reason: conflictReason(),
});
