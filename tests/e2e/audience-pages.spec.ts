import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./auth-helpers";
import {
  computeRoi,
  roiExample as roiExampleOf,
  roiExampleInputs as roiExampleInputsOf,
} from "../../app/content/claims";
import { edition2026, prices } from "../edition-2026";

// The worked example as 2026 prices it.
const roiExampleInputs = roiExampleInputsOf(edition2026);
const roiExample = roiExampleOf(edition2026);

// playwright.config.ts runs the server at an early-bird APP_NOW (enrollment open);
// the calculator's defaults are the worked example. The audience pages' links,
// scripts and calendar downloads are server answers (tests/integration/audience.test.ts),
// and every page's fit at phone widths is tests/e2e/layout.spec.ts's.
const earlyBird = {
  ...roiExampleInputs,
  packageCents: prices.workforce.earlyBird,
  individualPriceCents: prices.individual.earlyBird,
};

const usd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(cents / 100);

async function openCalculator(page: Page, withJs: boolean, path = "/workforce-package") {
  await page.goto(path);
  // With JavaScript, wait until React owns the page before typing.
  if (withJs) await waitForHydration(page);
  return page.locator("#calculate-roi");
}

test.describe("ROI calculator", () => {
  test("starts from the worked example", async ({ page }, testInfo) => {
    const calculator = await openCalculator(page, testInfo.project.name !== "no-javascript");
    await expect(calculator.getByTestId("roi-total")).toHaveText(`${usd(roiExample.totalValueCents)} a year`);
    await expect(calculator.getByTestId("roi-multiple")).toHaveText("Your calculation: 310× the package price");
    await expect(calculator.getByRole("table")).toContainText(usd(roiExample.productivityValueCents));
    await expect(calculator.getByRole("img", { name: /Bar chart of yearly value/ })).toBeVisible();
  });

  test("recomputes for new figures: live with JavaScript, on submit without", async ({ page }, testInfo) => {
    const withJs = testInfo.project.name !== "no-javascript";
    const calculator = await openCalculator(page, withJs);
    const values = { employees: "120", hourlyRate: "45" };
    const expected = computeRoi({ ...earlyBird, employees: 120, hourlyValueCents: 4_500 });
    expect(expected.totalValueCents).not.toBe(roiExample.totalValueCents);

    await calculator.getByLabel("Employees", { exact: true }).fill(values.employees);
    await calculator.getByLabel("Hourly rate ($)").fill(values.hourlyRate);
    const total = calculator.getByTestId("roi-total");
    if (withJs) {
      // No submit, no navigation: the figures follow the inputs.
      await expect(total).toHaveText(`${usd(expected.totalValueCents)} a year`);
      expect(new URL(page.url()).search).toBe("");
    } else {
      await expect(total).toHaveText(`${usd(roiExample.totalValueCents)} a year`);
    }
    await calculator.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/[?&]employees=120(&|$)/);
    await expect(page).toHaveURL(/#calculate-roi$/);
    await expect(calculator.getByTestId("roi-total")).toHaveText(`${usd(expected.totalValueCents)} a year`);
    await expect(calculator.getByLabel("Employees", { exact: true })).toHaveValue("120");
  });

  test("explains invalid input next to the field", async ({ page }, testInfo) => {
    const withJs = testInfo.project.name !== "no-javascript";
    const calculator = await openCalculator(page, withJs);
    const employees = calculator.getByLabel("Employees", { exact: true });
    await employees.fill("lots");
    if (!withJs) await calculator.getByRole("button", { name: "Calculate" }).click();
    await expect(employees).toHaveAttribute("aria-invalid", "true");
    await expect(employees).toHaveAccessibleDescription(/Enter the number of employees from 1 to 100,000\./);
    await expect(calculator.getByTestId("roi-total")).toHaveCount(0);
    await expect(calculator.getByRole("alert")).toContainText("Some figures need correcting");

    if (withJs) {
      await employees.fill("75");
      await expect(employees).not.toHaveAttribute("aria-invalid", "true");
      const expected = computeRoi({ ...earlyBird, employees: 75 });
      await expect(calculator.getByTestId("roi-total")).toHaveText(`${usd(expected.totalValueCents)} a year`);
    }
  });
});
