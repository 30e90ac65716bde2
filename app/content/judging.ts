/**
 * How judging runs (issue 24): the one weight list judges score with, and the
 * knobs of assignment and normalization. The criteria and both published
 * weight lists live in ./program.ts; docs/content-conflicts.md #2 records
 * which list the organizers chose.
 */
import { judgingCriteria, judgingWeights, type JudgingCriterionId } from "./program";

/** The weights judges score with (percent, summing to 100). */
export const rubricWeights: Readonly<Record<JudgingCriterionId, number>> = judgingWeights.judgesPage;

export const rubricCriteria = judgingCriteria;

export const judgingRules = {
  /** Judges per submitted project. */
  judgesPerProject: 3,
  /** Each criterion is scored on this whole-number scale. */
  scoreMin: 1,
  scoreMax: 10,
  /** A judge with fewer complete scores than this is not rescaled (too few to know their habits). */
  minScoresToNormalize: 5,
  /** How long an invitation link stays valid. */
  invitationValidDays: 14,
} as const;
