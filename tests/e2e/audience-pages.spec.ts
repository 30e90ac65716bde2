import { expect, test, type Page } from "@playwright/test";
import { computeRoi, roiExample, roiExampleInputs } from "../../app/content/claims";
import { prices } from "../edition-2026";

// playwright.config.ts runs the server at an early-bird APP_NOW (enrollment open);
// the calculator's defaults are the worked example.
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
  if (withJs) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
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

test.describe("audience pages", () => {
  test("content pages ship no JavaScript; the calculator's page does", async ({ page }) => {
    for (const path of ["/employees", "/organizations", "/timeline", "/submission-guidelines"]) {
      await page.goto(path);
      await expect(page.locator("script[type=module], script[data-deferred-entry]")).toHaveCount(0);
    }
    await page.goto("/workforce-package");
    // Its entry waits in the activation script until after the first paint (ADR 007).
    await expect(page.locator("script[data-deferred-entry]")).toHaveCount(1);
  });

  test("the timeline offers calendar downloads that parse", async ({ page, request }) => {
    await page.goto("/timeline");
    await expect(page.getByRole("heading", { level: 1, name: "Challenge Timeline" })).toBeVisible();
    const finals = page.locator("#finals");
    await expect(finals).toContainText("9:00 AM – 4:00 PM MT (8:00 AM – 3:00 PM PT)");
    const ics = finals.getByRole("link", { name: /Add to calendar \(\.ics\)/ });
    const href = await ics.getAttribute("href");
    expect(href).toBe("/timeline.ics?milestone=finals");
    const response = await request.get(href!);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = await response.text();
    // The UID names the edition, so next year's finals are a new event (issue 23).
    expect(text).toContain("UID:2026-finals@idahoaichallenge.org\r\n");
    expect(text).toContain("DTSTART;TZID=America/Boise:20260425T090000\r\n");
  });

  test("employees' Enroll Now leads to the individual registration tab", async ({ page }) => {
    await page.goto("/employees");
    const enroll = page.getByRole("link", { name: "Enroll Now" }).first();
    await expect(enroll).toHaveAttribute("href", "/register?tab=individual");
    await page.goto("/workforce-package");
    await expect(page.getByRole("link", { name: "Register Your Organization" }).first()).toHaveAttribute(
      "href",
      "/register?tab=workforce",
    );
  });

  test("pages fit a phone screen without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/employees", "/timeline", "/workforce-package", "/submission-guidelines"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
