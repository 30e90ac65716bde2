import { describe, expect, it } from "vitest";
import {
  roiExample as roiExampleOf,
  roiExampleHeadline,
  roiExampleInputs as roiExampleInputsOf,
} from "../../app/content/claims";
import { evaluateRoi, roiDefaultValues, roiValuesFromQuery } from "../../app/roi-calculator/form";
import { edition2026 } from "../fixtures/edition-2026";

// The worked example as 2026 prices it.
const roiExampleInputs = roiExampleInputsOf(edition2026);
const roiExample = roiExampleOf(edition2026);

const examplePrices = {
  packageCents: roiExampleInputs.packageCents,
  individualPriceCents: roiExampleInputs.individualPriceCents,
};

describe("the ROI form", () => {
  it("reproduces the worked example from its defaults", () => {
    const outcome = evaluateRoi(roiDefaultValues, examplePrices);
    expect(outcome.ok).toBe(true);
    expect(outcome.result).toEqual(roiExample);
    expect(outcome.result!.totalValueCents).toBeGreaterThanOrEqual(roiExampleHeadline.totalValueFloorCents);
  });

  it("takes defaults for missing fields and keeps what was typed", () => {
    const values = roiValuesFromQuery(new URLSearchParams("employees=120&hourlyRate="));
    expect(values).toEqual({ ...roiDefaultValues, employees: "120", hourlyRate: "" });
  });

  it("forgives dollar signs, commas, spaces and percent signs", () => {
    const outcome = evaluateRoi(
      { ...roiDefaultValues, averageSalary: "$60,000", productivityGain: "25 %", consultingSavings: " 50,000 " },
      examplePrices,
    );
    expect(outcome.result).toEqual(roiExample);
  });

  it("computes other inputs with the same formula", () => {
    const outcome = evaluateRoi(
      {
        employees: "10",
        averageSalary: "50000",
        productivityGain: "10",
        hoursAutomated: "2.5",
        hourlyRate: "40",
        consultingSavings: "0",
      },
      examplePrices,
    );
    expect(outcome.result?.productivityValueCents).toBe(10 * 5_000_000 * 0.1);
    expect(outcome.result?.automationValueCents).toBe(10 * 2.5 * 4_000 * roiExampleInputs.workWeeksPerYear);
  });

  it("names each invalid field with a clear message", () => {
    const outcome = evaluateRoi(
      {
        employees: "abc",
        averageSalary: "",
        productivityGain: "150",
        hoursAutomated: "-3",
        hourlyRate: "1e9",
        consultingSavings: "12.5.1",
      },
      examplePrices,
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.result).toBeNull();
    expect(outcome.errors.employees).toMatch(/^Enter the number of employees from 1 to 100,000\./);
    expect(outcome.errors.averageSalary).toBe("Enter an average salary.");
    expect(outcome.errors.productivityGain).toBe("Enter a productivity gain from 0% to 100%.");
    expect(outcome.errors.hoursAutomated).toMatch(/^Enter the hours automated per week from 0 to 80\./);
    expect(outcome.errors.hourlyRate).toMatch(/^Enter an hourly rate from \$0 to \$10,000\./);
    expect(outcome.errors.consultingSavings).toMatch(/digits only/);
  });

  it("wants a whole number of employees", () => {
    expect(evaluateRoi({ ...roiDefaultValues, employees: "12.5" }, examplePrices).errors.employees).toBe(
      "Enter the number of employees as a whole number.",
    );
  });
});
