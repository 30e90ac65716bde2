/**
 * The 2025–2026 edition's calendar (SPEC.md §9 "Dates (Mountain Time)").
 *
 * Every instant is written with the America/Boise offset in force on that day:
 * MST (-07:00) until 2026-03-08 02:00, MDT (-06:00) from then on. Writing the
 * offset keeps each date an exact instant on any server clock, and
 * tests/unit/content.test.ts checks that each one reads back as the spec's
 * wall-clock time in Boise.
 *
 * Conventions:
 * - A date without a time (all-day) starts at 00:00 Mountain and ends at 00:00
 *   Mountain the next day (end exclusive), as calendar files do.
 * - Deadline rule: a deadline stated as "11:59 PM" stays open through that
 *   whole minute and closes at the next midnight Mountain. `start` is the
 *   minute to show (23:59), `end` is the first instant it has passed
 *   (00:00 next day). A deadline given as a bare date closes at the same
 *   midnight, so both readings of a date-only deadline agree.
 */

export type MilestoneAudience = "everyone" | "participants" | "organizations";

export interface Milestone {
  /** Stable kebab-case slug: calendar UIDs and page anchors are built from it. */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly start: Date;
  /** Exclusive end for ranges and all-day dates; for deadlines, the instant the deadline has passed. */
  readonly end?: Date;
  /** True when the spec gives a date but no time. */
  readonly allDay: boolean;
  /** Time as it should read on pages, e.g. "11:59 PM MT". */
  readonly timeNote?: string;
  readonly location?: string;
  readonly isDeadline: boolean;
  readonly audience: MilestoneAudience;
}

/** A deadline as shown (`due`, the 11:59 PM minute) and as enforced (`closesAt`). */
export interface Deadline {
  readonly due: Date;
  readonly closesAt: Date;
}

/** Early enrollment and training access open (9:00 AM MST). */
export const EARLY_ENROLLMENT_OPENS = new Date("2025-11-10T09:00:00-07:00");

/**
 * First instant of regular pricing: early bird applies "before 2026-01-08",
 * read as a Mountain-Time calendar date, so Jan 7 in Boise (even late in the
 * evening, when it is already Jan 8 in UTC) is still early bird.
 */
export const PRICING_REGULAR_FROM = new Date("2026-01-08T00:00:00-07:00");

/** Standard registration and Challenge Portal launch (9:00 AM MST). */
export const STANDARD_REGISTRATION_OPENS = new Date("2026-01-08T09:00:00-07:00");

/** Mar 18, 2026, 11:59 PM MDT, no exceptions. */
export const SUBMISSION_DEADLINE: Deadline = {
  due: new Date("2026-03-18T23:59:00-06:00"),
  closesAt: new Date("2026-03-19T00:00:00-06:00"),
};

/**
 * The spec states Mar 18, 2026 with no time; under the deadline rule above
 * that closes at the same instant as an 11:59 PM deadline, so it is shown as
 * 11:59 PM MT like the submission deadline.
 */
export const FINAL_ENROLLMENT_DEADLINE: Deadline = {
  due: new Date("2026-03-18T23:59:00-06:00"),
  closesAt: new Date("2026-03-19T00:00:00-06:00"),
};

/** How far ahead of the deadline the guidelines recommend submitting. */
export const RECOMMENDED_EARLY_SUBMISSION_HOURS = 48;

/**
 * The For Employees page shows its enrollment dates as "TBD" while the rest of
 * the site gives the dates above (a known inconsistency in the source
 * material). Kept so that page can reproduce it faithfully; prefer the dated
 * milestones everywhere else.
 */
export const employeePageEnrollmentDates = "TBD";

/** Optional weekly check-ins; recurring, so not a milestone. */
export const weeklyCheckIn = {
  optional: true,
  weekday: "Friday",
  time: "3:00 PM",
  zone: "MT",
  label: "Fridays, 3:00 PM MT",
} as const;

/** Idaho AI Week's Capital Showcase, where the State Capital Finals take place. */
export const finalsVenue = {
  city: "Boise, Idaho",
  event: "Idaho AI Week",
  showcase: "Capital Showcase",
  name: "State Capital Finals",
} as const;

/** The public showcase opens on this day. */
export const AI_LITERACY_DAY = new Date("2026-03-20T00:00:00-06:00");

/**
 * Ordered by Mountain calendar day; entries on the same day follow the
 * participant journey (enroll before create; the submission deadline before
 * the enrollment deadline that shares its instant).
 */
const milestoneList = [
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
    description: `All five project components are due, with no exceptions and no late submissions; submitting ${RECOMMENDED_EARLY_SUBMISSION_HOURS} hours early is recommended.`,
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
] as const satisfies readonly Milestone[];

export type MilestoneId = (typeof milestoneList)[number]["id"];

/** Widened to `Milestone` so optional fields read uniformly across the list. */
export const milestones: readonly (Milestone & { readonly id: MilestoneId })[] = milestoneList;

export const milestonesById = Object.fromEntries(milestones.map((m) => [m.id, m])) as Readonly<
  Record<MilestoneId, Milestone & { readonly id: MilestoneId }>
>;

/** The edition's finals day, for headlines ("April 25, 2026"). */
export const FINALS_DAY = milestonesById.finals.start;
