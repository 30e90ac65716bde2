import { expect, test } from "@playwright/test";
import { publicRoutes } from "../../app/content/routes";
import { pageWeight } from "../../bench/page-weight.mjs";

// Budgets from the performance issue, checked on the served pages: content
// pages ship no JavaScript; CSS under 15 KB gzip. Form pages: the goal
// is 120 KB gzip, but React, React Router and the app shell alone weigh
// about 115 KB before any form code (ADR 004 has the breakdown); they ship
// 134–138 KB today. Until the organizers decide between that and dropping
// hydration on form pages, this guards against growth past 140 KB.
const FORM_PAGE_JS_BUDGET_GZIP = 140 * 1024;
const CSS_BUDGET_GZIP = 15 * 1024;

test.describe("page weight budgets", () => {
  for (const route of publicRoutes) {
    test(`${route.path} (${route.kind}) stays within its budget`, async ({ baseURL }) => {
      const weight = await pageWeight(baseURL ?? "", route.path);
      expect(weight.status, `status of ${route.path}`).toBeLessThan(500);
      if (route.kind === "content") {
        expect(weight.js.raw, `JavaScript on ${route.path}`).toBe(0);
        expect(weight.js.files + weight.js.inline, `scripts on ${route.path}`).toBe(0);
      } else {
        expect(weight.js.gzip, `gzipped JavaScript on ${route.path}`).toBeLessThanOrEqual(FORM_PAGE_JS_BUDGET_GZIP);
      }
      expect(weight.css.gzip, `gzipped CSS on ${route.path}`).toBeLessThanOrEqual(CSS_BUDGET_GZIP);
    });
  }

  test("hashed assets are cached forever, HTML is revalidated", async ({ request }) => {
    const home = await request.get("/");
    expect(home.headers()["cache-control"]).toContain("s-maxage=");
    const stylesheet = /<link[^>]+rel="stylesheet"[^>]+href="(\/assets\/[^"]+)"/.exec(await home.text())?.[1];
    expect(stylesheet).toBeTruthy();
    const asset = await request.get(stylesheet ?? "");
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toContain("immutable");
  });
});
