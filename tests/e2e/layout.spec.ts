import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { publicRoutes } from "../../app/content/routes";
import {
  currentEdition,
  editionEndsAt,
  editionPhase,
  editionPhases,
  startOfMountainDay,
} from "../../app/clock/schedule";
import type { EditionPhase } from "../../app/clock/schedule";
import { milestoneOf } from "../../app/content/editions";
import { edition2026 } from "../edition-2026";
import { axeViolations, openForAxe } from "./axe";
import { layoutFindings } from "./layout";

/**
 * Issue 23: every public page (and the 404 page) in every phase of the 2026
 * edition, at 320, 390, 768 and 1280 px, with JavaScript on and off. Fails on
 * horizontal overflow, a control stretched taller than its content, a pointer
 * target under 24 × 24 px that no exception of WCAG 2.2 SC 2.5.8 covers
 * (tests/e2e/layout.ts says how each is decided), and any axe violation.
 * Each page loads under a phase's clock through X-App-Now on the one e2e
 * server. A failing width's full-page screenshot is attached to the test.
 *
 * To stay fast: phases in which a page's server HTML is the same are checked
 * once; axe runs once per page, phase and project, at AXE_WIDTH; and a page
 * that ships no JavaScript (every content page) is the same document with
 * JavaScript on or off, so only the no-javascript project checks it.
 */

const widths = [320, 390, 768, 1280] as const;
/** The narrowest width, where reflow puts text over other content if anything does. */
const AXE_WIDTH = 320;
const HEIGHT = 800;
const MIN_TARGET = 24;

const DAY = 86_400_000;
const midpoint = (from: Date, to: Date) => new Date((from.getTime() + to.getTime()) / 2);

/** One instant inside each phase of the edition, from its own dates (app/clock/schedule.ts decides the phase). */
function phaseClocks(edition: typeof edition2026): { phase: EditionPhase; now: string }[] {
  const showcase = milestoneOf(edition, "showcase-voting");
  const boundaries = [
    edition.enrollmentOpens,
    edition.pricingRegularFrom,
    edition.finalEnrollmentDeadline.closesAt,
    showcase.start,
    showcase.end ?? showcase.start,
    milestoneOf(edition, "finalists-announced").start,
    startOfMountainDay(milestoneOf(edition, "finals").start),
    editionEndsAt(edition),
  ];
  const instants = [
    new Date(boundaries[0]!.getTime() - 14 * DAY),
    ...boundaries.slice(1).map((to, i) => midpoint(boundaries[i]!, to)),
    new Date(boundaries.at(-1)!.getTime() + 30 * DAY),
  ];
  return editionPhases.map((phase, i) => {
    const now = instants[i]!;
    const actual = editionPhase(now, currentEdition(now));
    if (actual !== phase) throw new Error(`${now.toISOString()} is in ${actual}, not ${phase}: update phaseClocks`);
    return { phase, now: now.toISOString() };
  });
}

const clocks = phaseClocks(edition2026);

/**
 * A content page (and the 404 page) ships no JavaScript (ADR 004): with
 * JavaScript on it is the very document the no-javascript project checks, so
 * its test is tagged and the chromium project leaves it out
 * (playwright.config.ts, `grepInvert`).
 */
const NO_SCRIPT = "@no-script";

// Content pages, and the one transactional page without a form (its thank-you is plain text).
const withoutScript = (route: (typeof publicRoutes)[number]) =>
  route.kind === "content" || route.path === "/sponsor-success";

const pages = [
  ...publicRoutes.map((r) => ({ path: r.path as string, status: 200, noScript: withoutScript(r) })),
  { path: "/no-such-page-anywhere", status: 404, noScript: true },
];

interface PhaseGroup {
  phases: EditionPhase[];
  now: string;
  /** The page ships the deferred entry and hydrates (form pages). */
  hydrates: boolean;
}

/**
 * The phases grouped by the page's server HTML, scripts and CSP nonces left
 * out (the nonce is new on every response; the scripts carry the loader data,
 * whose `now` always differs). Equal markup is equal layout: hydration renders
 * the same markup from the same data.
 */
async function phasesByMarkup(request: APIRequestContext, path: string): Promise<PhaseGroup[]> {
  const groups = new Map<string, PhaseGroup>();
  for (const { phase, now } of clocks) {
    const html = await (await request.get(path, { headers: { "x-app-now": now } })).text();
    const key = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/ nonce="[^"]*"/g, "");
    const group = groups.get(key);
    if (group) group.phases.push(phase);
    else groups.set(key, { phases: [phase], now, hydrates: html.includes("data-deferred-entry") });
  }
  return [...groups.values()];
}

/**
 * Every navigation of this page reaches the server (the clock changes between
 * loads of one URL, whatever the HTML's Cache-Control would allow a cache).
 */
async function withoutCache(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
}

async function open(page: Page, path: string, status: number, hydrates: boolean, testInfo: TestInfo) {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers ${status}`).toBe(status);
  if (hydrates && testInfo.project.name !== "no-javascript") {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  }
}

/** A full-page screenshot in the test's output folder (test-results/, kept by CI), attached to the report. */
async function keepScreenshot(page: Page, name: string, testInfo: TestInfo) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

for (const { path, status, noScript } of pages) {
  const title = `${path}: every phase at ${widths.join(", ")} px${noScript ? ` ${NO_SCRIPT}` : ""}`;
  test(title, async ({ page, browser, baseURL, request }, testInfo) => {
    test.setTimeout(180_000);
    const withJs = testInfo.project.name !== "no-javascript";
    const groups = (await phasesByMarkup(request, path)).filter((g) => g.hydrates || !withJs);
    // A form page hydrates in every phase it is served in; were it to stop, this project would check nothing.
    expect(groups.length, `${path} hydrates`).toBeGreaterThan(0);

    const findings: string[] = [];
    // axe needs script: without JavaScript it runs in a twin page whose site scripts are blocked (./axe.ts).
    await page.setViewportSize({ width: AXE_WIDTH, height: HEIGHT });
    const forAxe = await openForAxe({ page, browser, baseURL }, testInfo);
    const tabs = forAxe.page === page ? [page] : [page, forAxe.page];
    for (const tab of tabs) await withoutCache(tab);
    try {
      for (const group of groups) {
        const label = group.phases.join("+");
        for (const tab of tabs) await tab.setExtraHTTPHeaders({ "x-app-now": group.now });
        for (const width of widths) {
          await page.setViewportSize({ width, height: HEIGHT });
          await open(page, path, status, group.hydrates, testInfo);
          const found = await page.evaluate(layoutFindings, { minTarget: MIN_TARGET });
          findings.push(...found.map((f) => `${label} @${width}px ${f}`));
          if (found.length > 0) await keepScreenshot(page, `${label}-${width}px`, testInfo);

          // axe once per phase group, at one width, as this project's visitor gets the page.
          if (width !== AXE_WIDTH) continue;
          if (forAxe.page !== page) await open(forAxe.page, path, status, false, testInfo);
          const violations = await axeViolations(forAxe.page);
          findings.push(...violations.map((v) => `${label} @${width}px axe ${v}`));
          if (violations.length > 0) await keepScreenshot(forAxe.page, `${label}-axe`, testInfo);
        }
      }
    } finally {
      await forAxe.close();
    }
    expect(findings, `layout findings on ${path}:\n${findings.join("\n")}`).toEqual([]);
  });
}
