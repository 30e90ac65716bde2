/**
 * The 2026 edition's facts under the names tests use, so a test can say
 * "the submission deadline" without repeating how editions are stored.
 */
import {
  currentEdition,
  editionEndsAt,
  editionPhase,
  editionPhases,
  startOfMountainDay,
  type EditionPhase,
} from "../app/clock/schedule";
import { milestoneOf, milestonesById as milestonesOf } from "../app/content/editions";
import { edition2026 } from "./fixtures/edition-2026";

export { edition2026 };
export const milestones = edition2026.milestones;
export const milestonesById = milestonesOf(edition2026);
export const prices = edition2026.prices;
export const EARLY_ENROLLMENT_OPENS = edition2026.enrollmentOpens;
export const PRICING_REGULAR_FROM = edition2026.pricingRegularFrom;
export const STANDARD_REGISTRATION_OPENS = edition2026.standardRegistrationOpens;
export const SUBMISSION_DEADLINE = edition2026.submissionDeadline;
export const FINAL_ENROLLMENT_DEADLINE = edition2026.finalEnrollmentDeadline;
export const finalsVenue = edition2026.finalsVenue;
export const FINALS_DAY = milestonesById.finals.start;

const DAY = 86_400_000;
const midpoint = (from: Date, to: Date) => new Date((from.getTime() + to.getTime()) / 2);

/** One instant inside each phase of an edition, from its own dates (app/clock/schedule.ts decides the phase). */
function clocksOf(edition: typeof edition2026): { phase: EditionPhase; now: string }[] {
  const showcase = milestoneOf(edition, "showcase-voting");
  const boundaries = [
    edition.enrollmentOpens,
    edition.pricingRegularFrom,
    edition.finalEnrollmentDeadline.closesAt,
    showcase.start,
    showcase.end ?? showcase.start,
    milestoneOf(edition, "finalists-announced").start,
    startOfMountainDay(milestoneOf(edition, "finals").start),
    editionEndsAt(edition),
  ];
  const instants = [
    new Date(boundaries[0]!.getTime() - 14 * DAY),
    ...boundaries.slice(1).map((to, i) => midpoint(boundaries[i]!, to)),
    new Date(boundaries.at(-1)!.getTime() + 30 * DAY),
  ];
  return editionPhases.map((phase, i) => {
    const now = instants[i]!;
    const actual = editionPhase(now, currentEdition(now, [edition]));
    if (actual !== phase) throw new Error(`${now.toISOString()} is in ${actual}, not ${phase}: update clocksOf`);
    return { phase, now: now.toISOString() };
  });
}

/** One instant inside each phase of the 2026 edition: the layout check and the crawl visit the site at each. */
export const phaseClocks = clocksOf(edition2026);
