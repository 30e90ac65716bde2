/**
 * Prices and sponsorship terms (SPEC.md §9 "Prices"). Money is integer cents
 * everywhere so the server can hand amounts to the payment provider as is;
 * which phase applies at a given instant is decided in app/clock/schedule.ts,
 * and the amounts themselves belong to each edition (app/content/editions/).
 */
import type { Edition } from "./editions/types";

export type PlanId = "individual" | "workforce";
export type PricingPhase = "earlyBird" | "regular";

export const pricingPhases = ["earlyBird", "regular"] as const satisfies readonly PricingPhase[];

export const pricingPhaseLabels = {
  earlyBird: "Early Bird",
  regular: "Regular",
} as const satisfies Record<PricingPhase, string>;

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  readonly description: string;
  readonly includes: readonly string[];
}

export const plans = {
  individual: {
    id: "individual",
    name: "Individual",
    description:
      "For employees and entrepreneurs joining on their own: the full training path and an entry in the Challenge.",
    includes: [
      "Three certification stages: AI Communicator, AI Creator and AI Builder",
      "Capstone project and entry in the Challenge",
      "Verifiable certificates and shareable digital badges",
      "Email and phone support",
    ],
  },
  workforce: {
    id: "workforce",
    name: "Workforce Package",
    description:
      "For organizations: one payment covers unlimited employee enrollments, linked through a private company code.",
    includes: [
      "Unlimited employee enrollments",
      "A company code issued instantly on payment",
      "Organization dashboard: registered employees, progress, submissions, completion rates and impact reports",
      "One year of training access from enrollment",
      "Employer recognition by participant count",
    ],
  },
} as const satisfies Record<PlanId, Plan>;

/**
 * The FAQ's conflicting reading of workforce pricing: $499 per employee, with
 * volume discounts from 25 employees. It disagrees with the flat Workforce
 * Package price above; kept only so the FAQ can be reproduced as published
 * and never used to charge.
 */
export const faqWorkforcePricing = {
  perEmployeeCents: 49_900,
  volumeDiscountFromEmployees: 25,
} as const;

export const workforcePackage = {
  unlimitedEmployees: true,
  oneTimePayment: true,
  suggestedFor: ["Chambers of commerce", "Organizations with 20+ employees"],
  suggestedMinEmployees: 20,
  trainingAccessMonths: 12,
  /** The pages compare the package with this many individual enrollments. */
  comparisonPeople: 20,
} as const;

/**
 * The pages' comparison ("20 people at $250 each equals $5,000") at the price
 * that applies on the day: the published flat $250 would set 20 × $250 =
 * $5,000 against the $6,000 regular package and argue against buying it
 * (issue 11). In each phase the individual and package prices line up.
 */
export function workforceComparison(edition: Edition, phase: PricingPhase) {
  const { prices } = edition;
  const people = workforcePackage.comparisonPeople;
  const perPersonCents = prices.individual[phase];
  return {
    people,
    perPersonCents,
    totalCents: people * perPersonCents,
    packageCents: prices.workforce[phase],
  };
}

export type SponsorTierId = "platinum" | "gold" | "silver" | "bronze";

export interface SponsorTier {
  readonly id: SponsorTierId;
  readonly name: string;
  readonly cents: number;
  /** Shown with a trailing "+" (the amount is a floor, not a fixed price). */
  readonly isMinimum: boolean;
  readonly badge?: string;
  readonly benefits: readonly string[];
}

/** Highest first, as the tier picker and tier cards list them. */
export const sponsorTiers: readonly SponsorTier[] = [
  {
    id: "platinum",
    name: "Platinum",
    cents: 5_000_000,
    isMinimum: true,
    badge: "PREMIER",
    benefits: ["Naming rights", "Keynote opportunity", "Premier branding"],
  },
  {
    id: "gold",
    name: "Gold",
    cents: 2_500_000,
    isMinimum: false,
    benefits: ["Full branding", "Judging access", "Scholarships"],
  },
  {
    id: "silver",
    name: "Silver",
    cents: 1_000_000,
    isMinimum: false,
    benefits: ["Logo placement", "Talent access", "A scholarship"],
  },
  {
    id: "bronze",
    name: "Bronze",
    cents: 500_000,
    isMinimum: false,
    benefits: ["Event recognition", "Exhibitor booth"],
  },
];

export const sponsorTierIds = ["platinum", "gold", "silver", "bronze"] as const satisfies readonly SponsorTierId[];

export const sponsorTiersById = Object.fromEntries(sponsorTiers.map((t) => [t.id, t])) as Readonly<
  Record<SponsorTierId, SponsorTier>
>;

export const defaultSponsorTier: SponsorTierId = "gold";

/** The query parameter that pre-selects a tier on /sponsor-register. */
export const SPONSOR_TIER_PARAM = "tier";

/** Where a tier card's button leads: the sponsorship form with that tier picked. */
export function sponsorRegisterPath(tier: SponsorTierId): string {
  return `/sponsor-register?${SPONSOR_TIER_PARAM}=${tier}`;
}

/** A `?tier=` value as a tier; anything unknown (or absent) is the default, Gold. */
export function sponsorTierFromParam(value: string | null | undefined): SponsorTierId {
  return sponsorTierIds.find((id) => id === value) ?? defaultSponsorTier;
}

/** Packages outside the four tiers are arranged by contacting the organizers. */
export const customSponsorPackages = "Custom packages are available on request.";

export const sponsorPaymentTerms = {
  dueDaysFromInvoice: 30,
  agreementEndsDaysAfterChallenge: 30,
} as const;

export interface SponsorCategory {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

export const sponsorCategories = [
  {
    id: "corporate-sponsors",
    name: "Corporate Sponsors",
    description: "Companies investing in an AI-ready Idaho workforce and in the talent it produces.",
  },
  {
    id: "innovation-partners",
    name: "Innovation Partners",
    description: "Technology and AI organizations that want their tools and expertise in participants' hands.",
  },
  {
    id: "community-champions",
    name: "Community Champions",
    description: "Local organizations supporting AI skills for their community's workers and businesses.",
  },
] as const satisfies readonly SponsorCategory[];

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const usdWithCents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdCompact = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/**
 * "$5,000", "$250", "$499.99"; with `compact`, "$5K", "$1.5M".
 * Whole-dollar amounts print without cents; any other amount prints both decimals.
 */
export function formatUsd(cents: number, options: { compact?: boolean } = {}): string {
  if (!Number.isInteger(cents)) throw new RangeError(`formatUsd expects integer cents, got ${cents}`);
  const dollars = cents / 100;
  if (options.compact) return usdCompact.format(dollars);
  return cents % 100 === 0 ? usd.format(dollars) : usdWithCents.format(dollars);
}

/** "$50,000+" for a minimum, "$25,000" otherwise. */
export function formatSponsorTierPrice(tier: Pick<SponsorTier, "cents" | "isMinimum">): string {
  return formatUsd(tier.cents) + (tier.isMinimum ? "+" : "");
}
