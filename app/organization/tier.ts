/**
 * An organization's recognition tier (SPEC.md §9), computed from the day's
 * participant count and app/content's tiers, never stored or typed by hand.
 * Pure: the dashboard and the unit tests call it.
 */
import { recognitionTiers, type RecognitionTier } from "~/content/program";

export interface TierProgress {
  participants: number;
  /** The tier earned today, or null below the first. */
  current: RecognitionTier | null;
  /** The next tier up, or null at the top. */
  next: RecognitionTier | null;
  /** Participants still needed for `next` (0 at the top). */
  toNext: number;
}

export function tierProgress(participants: number, tiers: readonly RecognitionTier[] = recognitionTiers): TierProgress {
  const count = Math.max(0, Math.floor(participants));
  const current =
    tiers.find((t) => count >= t.minParticipants && (t.maxParticipants === null || count <= t.maxParticipants)) ?? null;
  const next = tiers.find((tier) => tier.minParticipants > count) ?? null;
  return { participants: count, current, next, toNext: next ? next.minParticipants - count : 0 };
}
