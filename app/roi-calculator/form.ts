/**
 * The ROI calculator's form (/workforce-package#calculate-roi): one zod schema
 * for the server (a GET form that works without JavaScript) and the browser
 * (live updates), and the mapping from its dollar fields to `computeRoi`.
 * Defaults are the published worked example, so an empty form reproduces it.
 * Written with zod/mini, which the browser can afford (ADR 004).
 */

import * as z from "zod/mini";
import { computeRoi, roiExampleAssumptions, type RoiResult } from "~/content/claims";

export const roiFieldNames = [
  "employees",
  "averageSalary",
  "productivityGain",
  "hoursAutomated",
  "hourlyRate",
  "consultingSavings",
] as const;

export type RoiFieldName = (typeof roiFieldNames)[number];
export type RoiFormValues = Record<RoiFieldName, string>;

interface FieldSpec {
  readonly label: string;
  /** Lower-case name for messages: "Enter the number of employees …". */
  readonly noun: string;
  readonly hint: string;
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
  readonly unit: "count" | "usd" | "percent" | "hours";
}

export const roiFields: Readonly<Record<RoiFieldName, FieldSpec>> = {
  employees: {
    label: "Employees",
    noun: "the number of employees",
    hint: "How many employees will take part.",
    min: 1,
    max: 100_000,
    integer: true,
    unit: "count",
  },
  averageSalary: {
    label: "Average salary ($ per year)",
    noun: "an average salary",
    hint: "Average yearly salary of those employees, in dollars.",
    min: 0,
    max: 10_000_000,
    integer: false,
    unit: "usd",
  },
  productivityGain: {
    label: "Productivity gain (%)",
    noun: "a productivity gain",
    hint: "Expected productivity gain, as a percentage of salary.",
    min: 0,
    max: 100,
    integer: false,
    unit: "percent",
  },
  hoursAutomated: {
    label: "Hours automated per week (per employee)",
    noun: "the hours automated per week",
    hint: "Hours of work each employee automates in a week.",
    min: 0,
    max: 80,
    integer: false,
    unit: "hours",
  },
  hourlyRate: {
    label: "Hourly rate ($)",
    noun: "an hourly rate",
    hint: "What an hour of that work is worth, in dollars.",
    min: 0,
    max: 10_000,
    integer: false,
    unit: "usd",
  },
  consultingSavings: {
    label: "Consulting savings ($ per year)",
    noun: "consulting savings",
    hint: "Consulting spend you avoid by building solutions in house, in dollars.",
    min: 0,
    max: 100_000_000,
    integer: false,
    unit: "usd",
  },
};

const cents = (c: number) => c / 100;

/** The worked example as form values. */
export const roiDefaultValues: RoiFormValues = {
  employees: String(roiExampleAssumptions.employees),
  averageSalary: String(cents(roiExampleAssumptions.averageSalaryCents)),
  productivityGain: String(roiExampleAssumptions.productivityGainPct),
  hoursAutomated: String(roiExampleAssumptions.hoursSavedPerWeek),
  hourlyRate: String(cents(roiExampleAssumptions.hourlyValueCents)),
  consultingSavings: String(cents(roiExampleAssumptions.consultingSavingsCents)),
};

const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

function formatBound(spec: FieldSpec, n: number): string {
  if (spec.unit === "usd") return `$${plain.format(n)}`;
  if (spec.unit === "percent") return `${plain.format(n)}%`;
  return plain.format(n);
}

function numberField(spec: FieldSpec) {
  const range = `Enter ${spec.noun} from ${formatBound(spec, spec.min)} to ${formatBound(spec, spec.max)}.`;
  return z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const fail = (message: string) => {
        ctx.issues.push({ code: "custom", message, input: raw });
        return z.NEVER;
      };
      // Forgive what people type around a number: "$60,000", "25 %".
      const cleaned = raw.replace(/[\s,$%]/g, "");
      if (cleaned === "") return fail(`Enter ${spec.noun}.`);
      if (!/^\d*\.?\d+$/.test(cleaned)) {
        return fail(`${range} Use digits only, for example ${spec.integer ? "50" : "25.5"}.`);
      }
      const n = Number(cleaned);
      if (n < spec.min || n > spec.max) return fail(range);
      if (spec.integer && !Number.isInteger(n)) return fail(`Enter ${spec.noun} as a whole number.`);
      return n;
    }),
  );
}

export const roiSchema = z.object({
  employees: numberField(roiFields.employees),
  averageSalary: numberField(roiFields.averageSalary),
  productivityGain: numberField(roiFields.productivityGain),
  hoursAutomated: numberField(roiFields.hoursAutomated),
  hourlyRate: numberField(roiFields.hourlyRate),
  consultingSavings: numberField(roiFields.consultingSavings),
});

/**
 * The form's values from a query string: a missing field takes its default
 * (so /workforce-package alone shows the worked example); a present one is
 * kept as typed, even empty, so its message can say what is wrong.
 */
export function roiValuesFromQuery(params: URLSearchParams): RoiFormValues {
  const values = { ...roiDefaultValues };
  for (const name of roiFieldNames) {
    const v = params.get(name);
    if (v !== null) values[name] = v.slice(0, 40);
  }
  return values;
}

/** Prices the calculator compares: the Workforce Package and the individual price, both in cents. */
export interface RoiPrices {
  readonly packageCents: number;
  readonly individualPriceCents: number;
}

export type RoiOutcome =
  | { ok: true; result: RoiResult; errors: Partial<Record<RoiFieldName, string>> }
  | { ok: false; result: null; errors: Partial<Record<RoiFieldName, string>> };

export function evaluateRoi(values: RoiFormValues, prices: RoiPrices): RoiOutcome {
  const parsed = roiSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<RoiFieldName, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as RoiFieldName | undefined;
      if (name && !errors[name]) errors[name] = issue.message;
    }
    return { ok: false, result: null, errors };
  }
  const d = parsed.data;
  const toCents = (dollars: number) => Math.round(dollars * 100);
  const result = computeRoi({
    employees: d.employees,
    packageCents: prices.packageCents,
    individualPriceCents: prices.individualPriceCents,
    averageSalaryCents: toCents(d.averageSalary),
    productivityGainPct: d.productivityGain,
    hoursSavedPerWeek: d.hoursAutomated,
    hourlyValueCents: toCents(d.hourlyRate),
    workWeeksPerYear: roiExampleAssumptions.workWeeksPerYear,
    consultingSavingsCents: toCents(d.consultingSavings),
  });
  return { ok: true, result, errors: {} };
}
