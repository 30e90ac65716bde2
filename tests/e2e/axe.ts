import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

const lines = (results: AxeResults) =>
  results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

/**
 * axe with the site's tags, run in the page itself. By default
 * @axe-core/playwright collects every rule's full results (passes too) in
 * the page and finishes the run in a new blank page it opens for each call;
 * the site has no frames, so one `axe.run` in the page finds the same
 * violations (checked on pages given an image without alt, low contrast, an
 * unnamed button, link and field, a bad role and no lang), and reporting
 * violations alone spares the rest: 0.6 s a run here instead of 1.4 s.
 */
const axeRun = (page: Page) =>
  new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .withTags(wcagTags)
    .analyze();

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
 * A page as the current project's visitor sees it, on which axe can run.
 * axe-core is itself a script, so for the no-javascript project the page is
 * opened with JavaScript on but every script the site sends blocked: the DOM
 * is the server's HTML, never hydrated, as a visitor without JavaScript gets it.
 * `blockScripts: false` for a page known to send none: every request then
 * goes straight to the server, not through the test's route first.
 */
export async function openForAxe(
  { page, browser, baseURL }: { page: Page; browser: Browser; baseURL: string | undefined },
  testInfo: TestInfo,
  { blockScripts = true } = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  if (testInfo.project.name !== "no-javascript") return { page, close: async () => {} };
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    javaScriptEnabled: true,
  });
  if (blockScripts)
    await context.route("**/*", (route) =>
      route.request().resourceType() === "script" ? route.abort() : route.continue(),
    );
  const scriptless = await context.newPage();
  return { page: scriptless, close: () => context.close() };
}
