import { expect, test } from "@playwright/test";
import { publicRoutes } from "../../app/content/routes";
import { axeViolations, openForAxe } from "./axe";

/**
 * axe-core (WCAG 2.0–2.2, A and AA) on every public route of
 * app/content/routes.ts at desktop width, with JavaScript (chromium project)
 * and as served without it (no-javascript project). A content page ships no
 * script, so its document is the same either way: it is checked once, tagged
 * @no-script (the chromium project leaves those out). Phone widths are
 * tests/e2e/layout.spec.ts's: it runs axe on every public page at 320 px, in
 * every phase, in the same projects (390 px, checked here until issue 30,
 * falls in the same CSS breakpoints as 320 px: docs/test-suite.md).
 */

const viewports = [{ name: "desktop", width: 1280, height: 800 }] as const;

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
