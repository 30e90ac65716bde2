/**
 * The 2026 edition's facts under the names tests use, so a test can say
 * "the submission deadline" without repeating how editions are stored.
 */
import { edition2026, milestonesById as milestonesOf } from "../app/content/editions";

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
