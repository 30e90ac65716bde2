import { expect, test } from "@playwright/test";
import { publicRoutes } from "../../app/content/routes";
import { axeViolations, openForAxe } from "./axe";

/**
 * axe-core (WCAG 2.0–2.2, A and AA) on every public route of
 * app/content/routes.ts, at desktop and phone widths, with JavaScript
 * (chromium project) and as served without it (no-javascript project). A
 * content page ships no script, so its document is the same either way: it
 * is checked once, tagged @no-script (the chromium project leaves those out).
 */

const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

for (const viewport of viewports) {
  test.describe(`accessibility at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const route of publicRoutes) {
      test(`${route.path} has no axe violations${route.kind === "content" ? " @no-script" : ""}`, async ({
        page,
        browser,
        baseURL,
      }, testInfo) => {
        const target = await openForAxe({ page, browser, baseURL }, testInfo);
        try {
          const response = await target.page.goto(route.path);
          expect(response?.status(), `${route.path} should exist`).toBe(200);
          expect(await axeViolations(target.page)).toEqual([]);
        } finally {
          await target.close();
        }
      });
    }
  });
}
