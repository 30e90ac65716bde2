/**
 * The shape of an edition and what is read off one. The editions themselves
 * are data (ADR 024): published on the organizers' desk, stored in D1
 * (app/editions/), loaded with each request (`editionsFor` in
 * app/clock/clock.server.ts); which one the site is about on a given day is
 * decided by the clock (`currentEdition` in app/clock/schedule.ts). The test
 * fixture alone stays in code, for tests and previews outside production.
 */
import { fixtureEdition } from "./fixture";
import type { Edition, EditionMilestone, MilestoneId } from "./types";

export * from "./types";
export { fixtureEdition };

/** The edition of that id among `editions` (a request's: `editionsFor`); throws for an id none has. */
export function editionIn(editions: readonly Edition[], id: string): Edition {
  const edition = editions.find((candidate) => candidate.id === id);
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
