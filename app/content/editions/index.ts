/**
 * Every edition of the Challenge. Publishing next year's edition is adding its
 * module to `publishedEditions`; which one the site is about on a given day is
 * decided by the clock (`currentEdition` in app/clock/schedule.ts).
 */
import { edition2026 } from "./2026";
import { fixtureEdition } from "./fixture";
import type { Edition, EditionMilestone, MilestoneId } from "./types";

export * from "./types";
export { edition2026, fixtureEdition };

/** The real editions, oldest first. */
export const publishedEditions: readonly Edition[] = [edition2026];

const allEditions: readonly Edition[] = [...publishedEditions, fixtureEdition];

/** Looks an edition up by the id a loader handed to its page. */
export function editionById(id: string): Edition {
  const edition = allEditions.find((e) => e.id === id);
  if (!edition) throw new Error(`unknown edition "${id}"`);
  return edition;
}

export function milestoneOf(edition: Edition, id: MilestoneId): EditionMilestone {
  const milestone = edition.milestones.find((m) => m.id === id);
  if (!milestone) throw new Error(`edition ${edition.id} has no milestone "${id}"`);
  return milestone;
}

/** The edition's milestones by id. */
export function milestonesById(edition: Edition): Readonly<Record<MilestoneId, EditionMilestone>> {
  return Object.fromEntries(edition.milestones.map((m) => [m.id, m])) as Record<MilestoneId, EditionMilestone>;
}
