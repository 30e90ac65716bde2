/**
 * The 2025–2026 edition (SPEC.md §9 "Dates (Mountain Time)", "Prices", goals
 * for 2026). Conventions for instants and deadlines: ./types.ts.
 * tests/unit/content.test.ts checks that each instant reads back as the
 * spec's wall-clock time in Boise.
 */
import type { Deadline, Edition, EditionMilestone } from "./types";

/** Early enrollment and training access open (9:00 AM MST). */
const EARLY_ENROLLMENT_OPENS = new Date("2025-11-10T09:00:00-07:00");

/**
 * First instant of regular pricing: early bird applies "before 2026-01-08",
 * read as a Mountain-Time calendar date, so Jan 7 in Boise (even late in the
 * evening, when it is already Jan 8 in UTC) is still early bird.
 */
const PRICING_REGULAR_FROM = new Date("2026-01-08T00:00:00-07:00");

/** Standard registration and Challenge Portal launch (9:00 AM MST). */
const STANDARD_REGISTRATION_OPENS = new Date("2026-01-08T09:00:00-07:00");

/** Mar 18, 2026, 11:59 PM MDT, no exceptions. */
const SUBMISSION_DEADLINE: Deadline = {
  due: new Date("2026-03-18T23:59:00-06:00"),
  closesAt: new Date("2026-03-19T00:00:00-06:00"),
};

/**
 * The spec states Mar 18, 2026 with no time; under the deadline rule above
 * that closes at the same instant as an 11:59 PM deadline, so it is shown as
 * 11:59 PM MT like the submission deadline.
 */
const FINAL_ENROLLMENT_DEADLINE: Deadline = {
  due: new Date("2026-03-18T23:59:00-06:00"),
  closesAt: new Date("2026-03-19T00:00:00-06:00"),
};

/** Idaho AI Week's Capital Showcase, where the State Capital Finals take place. */
const finalsVenue = {
  city: "Boise, Idaho",
  event: "Idaho AI Week",
  showcase: "Capital Showcase",
  name: "State Capital Finals",
};

/** The public showcase opens on this day. */
const AI_LITERACY_DAY = new Date("2026-03-20T00:00:00-06:00");

const milestones = [
  {
    id: "early-enrollment",
    title: "Early enrollment and training access open",
    description: "Participants can enroll at the early-bird price and start the training stages right away.",
    start: EARLY_ENROLLMENT_OPENS,
    allDay: false,
    timeNote: "9:00 AM MT",
    isDeadline: false,
    audience: "participants",
  },
  {
    id: "creation-period",
    title: "Creation period",
    description:
      "Participants complete their training and build a project that applies AI to a real workplace problem.",
    start: new Date("2025-11-10T00:00:00-07:00"),
    // Last day Mar 17; exclusive end is the next midnight (already MDT).
    end: new Date("2026-03-18T00:00:00-06:00"),
    allDay: true,
    isDeadline: false,
    audience: "participants",
  },
  {
    id: "standard-registration",
    title: "Standard registration and Challenge Portal launch",
    description:
      "Standard registration opens, the Challenge Portal goes live and participants receive their portal credentials the same day.",
    start: STANDARD_REGISTRATION_OPENS,
    allDay: false,
    timeNote: "9:00 AM MT",
    isDeadline: false,
    audience: "participants",
  },
  {
    id: "organization-enrollment-opens",
    title: "Organization enrollment opens",
    description: "Organizations can enroll for the Workforce Package; enrollment is rolling from this date.",
    start: new Date("2026-01-15T00:00:00-07:00"),
    end: new Date("2026-01-16T00:00:00-07:00"),
    allDay: true,
    isDeadline: false,
    audience: "organizations",
  },
  {
    id: "program-starts",
    title: "Program starts",
    description: "The first cohort begins; new cohorts start monthly.",
    start: new Date("2026-02-01T00:00:00-07:00"),
    end: new Date("2026-02-02T00:00:00-07:00"),
    allDay: true,
    isDeadline: false,
    audience: "organizations",
  },
  {
    id: "submission-deadline",
    title: "Project submission deadline",
    description: `All five project components are due, with no exceptions and no late submissions; submitting 48 hours early is recommended.`,
    start: SUBMISSION_DEADLINE.due,
    end: SUBMISSION_DEADLINE.closesAt,
    allDay: false,
    timeNote: "11:59 PM MT",
    isDeadline: true,
    audience: "participants",
  },
  {
    id: "final-enrollment-deadline",
    title: "Final enrollment deadline",
    description: "Enrollment in this edition of the Challenge closes at the end of the day.",
    start: FINAL_ENROLLMENT_DEADLINE.due,
    end: FINAL_ENROLLMENT_DEADLINE.closesAt,
    allDay: false,
    timeNote: "11:59 PM MT",
    isDeadline: true,
    audience: "organizations",
  },
  {
    id: "showcase-voting",
    title: "Public showcase and audience voting",
    description:
      "Projects are shown online from AI Literacy Day, and the public votes with one verified vote per person.",
    start: AI_LITERACY_DAY,
    // Last day Mar 30.
    end: new Date("2026-03-31T00:00:00-06:00"),
    allDay: true,
    location: "Online",
    isDeadline: false,
    audience: "everyone",
  },
  {
    id: "judging",
    title: "Judging",
    description: "Judges score every complete submission against the published criteria.",
    start: new Date("2026-03-21T00:00:00-06:00"),
    // Last day Apr 2; scores are final at 11:59 PM, which closes at this same midnight.
    end: new Date("2026-04-03T00:00:00-06:00"),
    allDay: true,
    timeNote: "Scores final Apr 2, 11:59 PM MT",
    isDeadline: false,
    audience: "everyone",
  },
  {
    id: "finalists-announced",
    title: "Finalists announced",
    description: "The finalists chosen by the judges are announced; they may present at the State Capital Finals.",
    start: new Date("2026-04-03T09:00:00-06:00"),
    allDay: false,
    timeNote: "9:00 AM MT",
    isDeadline: false,
    audience: "everyone",
  },
  {
    id: "finals",
    title: "State Capital Finals",
    description:
      "Finalists present their projects at the Capital Showcase during Idaho AI Week, and the awards are presented.",
    start: new Date("2026-04-25T09:00:00-06:00"),
    end: new Date("2026-04-25T16:00:00-06:00"),
    allDay: false,
    timeNote: "9:00 AM – 4:00 PM MT",
    location: finalsVenue.city,
    isDeadline: false,
    audience: "everyone",
  },
] as const satisfies readonly EditionMilestone[];

export const edition2026: Edition = {
  id: "2026",
  name: "2026 Challenge",
  enrollmentOpens: EARLY_ENROLLMENT_OPENS,
  pricingRegularFrom: PRICING_REGULAR_FROM,
  standardRegistrationOpens: STANDARD_REGISTRATION_OPENS,
  submissionDeadline: SUBMISSION_DEADLINE,
  finalEnrollmentDeadline: FINAL_ENROLLMENT_DEADLINE,
  // Sponsorships buy branding, a keynote and booths at the finals: once the
  // finals have begun there is nothing left to deliver (docs/content-conflicts.md).
  sponsorshipClosesAt: new Date("2026-04-25T09:00:00-06:00"),
  prices: {
    individual: { earlyBird: 25_000, regular: 30_000 },
    workforce: { earlyBird: 500_000, regular: 600_000 },
  },
  goals: { participants: 500, organizations: 100, projectSubmissions: 50 },
  finalsVenue,
  milestones,
  // Results are published to the database (`npm run admin -- publish-finalists`, ADR 015).
};
