import type axe from "axe-core";
import type { AxeResults, RunOptions } from "axe-core";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const lines = (results: AxeResults) =>
  results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

/**
 * axe-core's own minified build, the same version and rules as `axe.source`
 * (the readable build, 2.3 times its size): evaluated in every document axe
 * checks, it parses in about 200 ms instead of 275 here.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const options: RunOptions = { runOnly: { type: "tag", values: wcagTags }, resultTypes: ["violations"] };

/**
 * axe-core with the site's tags, run in the page itself and reporting
 * violations only. @axe-core/playwright, which this replaced, collected every
 * rule's full results (passes too) and opened a new blank page for each run
 * to finish it (1.4 s a run here); its one-page mode still evaluated axe's
 * source twice per run (0.17 s each). The site has no frames, so one
 * `axe.run` in the page finds the same violations (`axe.spec.ts` plants one
 * of each kind), with axe's source evaluated once per document: about 0.4 s.
 */
async function axeRun(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (runOptions) => {
    // The page as it settles: a toast fades in over 300 ms, and mid-fade its text has a fraction of its contrast
    // (a run of a preloaded axe starts within that fade). Infinite animations never end, so only finite ones count.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    return (window as unknown as { axe: typeof axe }).axe.run(document, runOptions);
  }, options);
}

/**
 * axe's source in every document of `context`, run before the page's own
 * scripts: for a context that exists to run axe (its page blocks the site's
 * scripts). Loaded this way it costs some 100 ms less per document here than
 * evaluated into each one (axeRun, where no context preloads it).
 */
export async function preloadAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

/** One line per violation: rule, impact, help and the offending nodes. */
export async function axeViolations(page: Page): Promise<string[]> {
  return lines(await axeRun(page));
}

/**
 * axeViolations' lines, with each offending element marked for the screenshot
 * kept on failure (./layout.ts, `markedSelector`).
 */
export async function axeFindings(page: Page): Promise<string[]> {
  const results = await axeRun(page);
  const selectors = results.violations.flatMap((v) =>
    v.nodes
      .map((n) => n.target)
      .filter((t) => t.length === 1)
      .map((t) => String(t[0])),
  );
  await page.evaluate((targets) => {
    for (const selector of targets) document.querySelector(selector)?.setAttribute("data-layout-finding", "axe");
  }, selectors);
  return lines(results);
}

/**
 * Blocks every script the site sends in `context`, which has JavaScript on
 * for axe: the DOM stays the server's HTML, never hydrated, as a visitor
 * without JavaScript gets it. Returns what lifts the block.
 */
export async function blockSiteScripts(context: BrowserContext): Promise<() => Promise<void>> {
  const handler: Parameters<BrowserContext["route"]>[1] = (route) =>
    route.request().resourceType() === "script" ? route.abort() : route.continue();
  await context.route("**/*", handler);
  return () => context.unroute("**/*", handler);
}

/**
 * A page as the current project's visitor sees it, on which axe can run.
 * axe-core is itself a script, so for the no-javascript project the page is
 * opened with JavaScript on but every script the site sends blocked.
 */
export async function openForAxe(
  { page, browser, baseURL }: { page: Page; browser: Browser; baseURL: string | undefined },
  testInfo: TestInfo,
): Promise<{ page: Page; close: () => Promise<void> }> {
  if (testInfo.project.name !== "no-javascript") return { page, close: async () => {} };
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    javaScriptEnabled: true,
  });
  await blockSiteScripts(context);
  await preloadAxe(context);
  const scriptless = await context.newPage();
  return { page: scriptless, close: () => context.close() };
}
