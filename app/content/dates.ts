/**
 * Dates and times that hold for every edition. What belongs to one edition
 * (its calendar, prices, goals, finals) lives in app/content/editions/.
 */
export type { Deadline, Milestone, MilestoneAudience, MilestoneId, EditionMilestone } from "./editions/types";

/** How far ahead of the deadline the guidelines recommend submitting. */
export const RECOMMENDED_EARLY_SUBMISSION_HOURS = 48;

/** Optional weekly check-ins; recurring, so not a milestone. */
export const weeklyCheckIn = {
  optional: true,
  weekday: "Friday",
  time: "3:00 PM",
  zone: "MT",
  label: "Fridays, 3:00 PM MT",
} as const;
