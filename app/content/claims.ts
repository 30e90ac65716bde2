/**
 * Marketing claims and the worked ROI example (SPEC.md §9 "Marketing claims").
 * Kept as numbers so the ROI section and calculator compute what they show;
 * money is integer cents, as in pricing.ts. These are the organizers' claims,
 * reproduced as published, not measurements of this site.
 */

import type { Edition } from "./editions";
import { formatUsd } from "./pricing";

/**
 * Marketing pages state "$250 per person" flatly, with no early-bird
 * qualifier: the edition's early-bird price.
 */
export function marketingPricePerPersonCents(edition: Edition): number {
  return edition.prices.individual.earlyBird;
}
import { formatRange, type NumberRange } from "./program";

export interface Stat {
  /** As printed, e.g. "20–40%". */
  readonly value: string;
  readonly label: string;
}

export const individualClaims = {
  taskTimeReductionPct: { min: 20, max: 40 },
  productivityGainPct: { min: 25, max: 50 },
  salaryIncreaseCents: { min: 1_500_000, max: 3_000_000 },
  monthsToNewRole: { min: 3, max: 6 },
} as const satisfies Record<string, NumberRange>;

export const organizationClaims = {
  averageReturnPct: 300,
  paybackMonths: { min: 3, max: 6 },
  timeSavingsPct: 40,
  satisfactionIncreasePct: 85,
  /** A floor: "100+". */
  solutionsPerOrganization: 100,
} as const;

const ic = individualClaims;
const oc = organizationClaims;

export const individualStats = [
  { value: `${formatRange(ic.taskTimeReductionPct)}%`, label: "Reduction in task time" },
  { value: `${formatRange(ic.productivityGainPct)}%`, label: "Productivity increase" },
  {
    value: `${formatUsd(ic.salaryIncreaseCents.min, { compact: true })}–${formatUsd(ic.salaryIncreaseCents.max, { compact: true })}`,
    label: "Potential salary increase",
  },
  { value: formatRange(ic.monthsToNewRole, "months"), label: "To a new role" },
] as const satisfies readonly Stat[];

export const organizationStats = [
  { value: `${oc.averageReturnPct}%`, label: "Average return reported by participating organizations" },
  { value: formatRange(oc.paybackMonths, "months"), label: "Payback period" },
  { value: `${oc.timeSavingsPct}%`, label: "Time savings" },
  { value: `${oc.satisfactionIncreasePct}%`, label: "Increase in satisfaction" },
  { value: `${oc.solutionsPerOrganization}+`, label: "AI solutions per organization" },
] as const satisfies readonly Stat[];

export interface RoiInputs {
  readonly employees: number;
  /** What the organization pays for the Workforce Package. */
  readonly packageCents: number;
  /** Per-person price the package is compared against. */
  readonly individualPriceCents: number;
  readonly averageSalaryCents: number;
  readonly productivityGainPct: number;
  readonly hoursSavedPerWeek: number;
  readonly hourlyValueCents: number;
  readonly workWeeksPerYear: number;
  /** Avoided consulting spend; the example states it as a floor ("$50,000+"). */
  readonly consultingSavingsCents: number;
}

export interface RoiResult {
  readonly costPerEmployeeCents: number;
  readonly individualTotalCents: number;
  /** Package versus paying the individual price for everyone. */
  readonly packageSavingsCents: number;
  readonly productivityValueCents: number;
  readonly automationValueCents: number;
  readonly consultingSavingsCents: number;
  readonly totalValueCents: number;
  /** Total value divided by the package price. */
  readonly returnMultiple: number;
}

/** Yearly value as the worked example computes it; pure, for the page and the calculator alike. */
export function computeRoi(i: RoiInputs): RoiResult {
  const employees = Math.max(0, Math.floor(i.employees));
  const costPerEmployeeCents = employees > 0 ? Math.round(i.packageCents / employees) : i.packageCents;
  const individualTotalCents = employees * i.individualPriceCents;
  const productivityValueCents = Math.round((employees * i.averageSalaryCents * i.productivityGainPct) / 100);
  const automationValueCents = employees * i.hoursSavedPerWeek * i.hourlyValueCents * i.workWeeksPerYear;
  const totalValueCents = productivityValueCents + automationValueCents + i.consultingSavingsCents;
  return {
    costPerEmployeeCents,
    individualTotalCents,
    packageSavingsCents: individualTotalCents - i.packageCents,
    productivityValueCents,
    automationValueCents,
    consultingSavingsCents: i.consultingSavingsCents,
    totalValueCents,
    returnMultiple: i.packageCents > 0 ? totalValueCents / i.packageCents : 0,
  };
}

/** The published example's assumptions, whatever the edition's prices: 50 employees and what each brings. */
export const roiExampleAssumptions = {
  employees: 50,
  averageSalaryCents: 6_000_000,
  productivityGainPct: 25,
  hoursSavedPerWeek: 10,
  hourlyValueCents: 3_000,
  workWeeksPerYear: 50,
  consultingSavingsCents: 5_000_000,
} as const satisfies Omit<RoiInputs, "packageCents" | "individualPriceCents">;

/** The published example (50 employees on the $5,000 package in 2026), priced at the edition's early-bird prices. */
export function roiExampleInputs(edition: Edition): RoiInputs {
  return {
    ...roiExampleAssumptions,
    packageCents: edition.prices.workforce.earlyBird,
    individualPriceCents: marketingPricePerPersonCents(edition),
  };
}

export function roiExample(edition: Edition): RoiResult {
  return computeRoi(roiExampleInputs(edition));
}

/**
 * The example's headline labels as published. They round down the computed
 * figures ($1.55M, 310×) on purpose; tests/unit/content.test.ts checks that
 * the computation still supports them.
 */
export const roiExampleHeadline = {
  totalValueLabel: "$1.5M+",
  totalValueFloorCents: 150_000_000,
  multipleLabel: "300X",
  multipleFloor: 300,
} as const;

/**
 * /organizations and /workforce-package show three return figures in one
 * visit: the organizers' claim (300%), the worked example (300X, a hundred
 * times more) and the visitor's own calculation (258.3× with the example's
 * figures at the regular price). Unlabelled they read as three answers to one
 * question (issue 11); each is printed with the label that says what it is.
 */
export const returnFigureLabels = {
  /** Heads the stat grid that holds the 300% average. */
  claim: "What participating organizations report (the organizers' published figures)",
  workedExample: `Worked example for ${roiExampleAssumptions.employees} employees`,
  calculation: "Your calculation",
} as const;

export function returnFiguresNote(edition: Edition): string {
  return (
    `Three different figures, not three answers to one question: ${oc.averageReturnPct}% is the average return participating organizations report; ` +
    `${roiExampleHeadline.multipleLabel} is the worked example's yearly value for ${roiExampleAssumptions.employees} employees against a ${formatUsd(roiExampleInputs(edition).packageCents)} package; ` +
    "and the calculator shows what your own figures give."
  );
}
