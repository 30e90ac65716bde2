/**
 * The shape of one edition of the Challenge: everything that changes from one
 * year to the next (dates, prices, the early-bird cut-off, goals, the finals'
 * venue and day). Editions are data (ADR 024): stored in D1 as this shape
 * (app/editions/document.ts), loaded with each request; the clock picks the
 * current one (app/clock/schedule.ts).
 *
 * Instants are written with the America/Boise offset in force on that day
 * (MST -07:00, MDT -06:00), so each is exact on any server clock.
 * - A date without a time (all-day) starts at 00:00 Mountain and ends at 00:00
 *   Mountain the next day (end exclusive), as calendar files do.
 * - A deadline stated as "11:59 PM" stays open through that whole minute and
 *   closes at the next midnight Mountain: `due` is the minute to show,
 *   `closesAt` the first instant it has passed.
 */
import type { PlanId, PricingPhase } from "../pricing";

export type MilestoneAudience = "everyone" | "participants" | "organizations";

/**
 * Every edition has the same milestones (their dates differ), so pages,
 * calendar links and anchors can name them by a stable id.
 */
export const milestoneIds = [
  "early-enrollment",
  "creation-period",
  "standard-registration",
  "organization-enrollment-opens",
  "program-starts",
  "submission-deadline",
  "final-enrollment-deadline",
  "showcase-voting",
  "judging",
  "finalists-announced",
  "finals",
] as const;

export type MilestoneId = (typeof milestoneIds)[number];

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

export interface EditionMilestone extends Milestone {
  readonly id: MilestoneId;
}

/** A deadline as shown (`due`, the 11:59 PM minute) and as enforced (`closesAt`). */
export interface Deadline {
  readonly due: Date;
  readonly closesAt: Date;
}

export interface FinalsVenue {
  readonly city: string;
  readonly event: string;
  readonly showcase: string;
  readonly name: string;
}

/**
 * The award ids of app/content/program.ts (`awards` and `finalsAwards`). The
 * results themselves are published to the database, not written here
 * (app/judging/published.server.ts, ADR 015).
 */
export type AwardId =
  | "grand-champion"
  | "excellence-award"
  | "innovation-award"
  | "audience-choice"
  | "biggest-productivity-gain"
  | "most-creative-ai-use"
  | "best-customer-impact"
  | "ai-workforce-champion"
  | "certified-innovators"
  | "global-submission-nominees";

export interface Edition {
  /** "2026": the year of the finals. */
  readonly id: string;
  /** "2026 Challenge", as headings name it. */
  readonly name: string;
  /** Only the test fixture sets this; the clock never picks it in production. */
  readonly isFixture?: true;
  /** Enrollment (and early-bird pricing) opens. */
  readonly enrollmentOpens: Date;
  /** First instant of regular pricing (the early-bird cut-off, read as a Mountain calendar date). */
  readonly pricingRegularFrom: Date;
  readonly standardRegistrationOpens: Date;
  readonly submissionDeadline: Deadline;
  readonly finalEnrollmentDeadline: Deadline;
  /** Sponsorship checkouts are refused from this instant on. */
  readonly sponsorshipClosesAt: Date;
  /** Cents per plan and pricing phase. */
  readonly prices: Readonly<Record<PlanId, Readonly<Record<PricingPhase, number>>>>;
  /** Targets; each is a floor ("500+"). */
  readonly goals: {
    readonly participants: number;
    readonly organizations: number;
    readonly projectSubmissions: number;
  };
  readonly finalsVenue: FinalsVenue;
  /** Every milestone of `milestoneIds`, ordered by Mountain calendar day. */
  readonly milestones: readonly EditionMilestone[];
}
