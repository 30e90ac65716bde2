import type { APIRequestContext, Browser, Cookie, Page, TestInfo } from "@playwright/test";
import { expect, test, uncompressed } from "./fixtures";
import { uniqueIp, waitForHydration } from "./auth-helpers";
import { publicRoutes } from "../../app/content/routes";
import type { EditionPhase } from "../../app/clock/schedule";
import { accountAreas, accountMenu } from "../../app/content/navigation";
import { phaseClocks } from "../edition-2026";
import { axeFindings, blockSiteScripts, preloadAxe } from "./axe";
import { layoutFindings, markedSelector } from "./layout";
import {
  advisorInvitationTokenOf,
  JUDGED_TEAM,
  proposalIdOf,
  seedEveryone,
  signInEveryone,
  VOTE_SLUG,
  type Everyone,
} from "./layout-people";
import { port } from "./servers";

/**
 * Issue 23: every public page (and the 404 page) in every phase of the 2026
 * edition, at 320, 390, 768 and 1280 px, with JavaScript on and off. Issue
 * 35: every signed-in page, as one person who may enter every area at once
 * (participant, judge, organization administrator and organizer, with a
 * 64-character address: ./layout-people.ts), the organizers' desk's too, in
 * every phase at 320, 390, 768, 1280 and
 * 1440 px; the header's account menu at each of those widths; and, at 1280
 * px, every public page signed in. Fails on horizontal overflow, a control
 * stretched taller than its content, a pointer target under 24 × 24 px that
 * no exception of WCAG 2.2 SC 2.5.8 covers (tests/e2e/layout.ts says how each
 * is decided), and any axe violation (axe at 320 px in every phase, and on
 * public pages at 1280 px in early-bird enrollment too). Each page loads
 * under a phase's clock through X-App-Now on the one e2e server (npm test
 * runs it with the other page specs, on a server of their own:
 * playwright.config.ts, E2E_PART). A failing width keeps a full-page
 * screenshot with the elements found outlined in red, and one of the first
 * such element, attached to the test.
 *
 * To stay fast: phases in which a page's server HTML is the same are checked
 * once, the header's phases on one page signed out and one signed in
 * (PUBLIC_HEADER_PHASES_PAGE, HEADER_PHASES_PAGE); each is loaded once and
 * resized through the widths (nothing on the site reads the width in
 * script); axe runs once per page, phase and project, at AXE_WIDTH (and at
 * DESKTOP_AXE's width in one group of a public page, in the same document);
 * a page that sends no script (every content page, most
 * signed-in pages) is the same document with JavaScript on or off, so only
 * the no-javascript project checks it, and in one page, the one axe runs in;
 * the person signs in once per project (beforeAll); and the pages that load
 * the site are opened once per project, signed out and signed in (`Visitor`),
 * and reused by each test: a browser context per test started a renderer
 * each time, in which the site's styles and axe's source were parsed anew.
 */

const widths = [320, 390, 768, 1280] as const;
/** Issue 35 adds 1440 px for the signed-in pages, where the account menu's panel opens near the edge. */
const signedInWidths = [320, 390, 768, 1280, 1440] as const;
/** From this width the header shows its navigation and the account menu in a row (Tailwind's `xl`). */
const DESKTOP_HEADER = 1280;
/** The narrowest width, where reflow puts text over other content if anything does. */
const AXE_WIDTH = 320;
/**
 * Public pages also get axe at desktop width, once: in the phase of the
 * server's own day (early-bird enrollment), the day the other specs see.
 */
const DESKTOP_AXE = { width: DESKTOP_HEADER, phase: "earlyBird" } as const satisfies {
  width: number;
  phase: EditionPhase;
};
const HEIGHT = 800;
const MIN_TARGET = 24;

const clocks = phaseClocks;

/**
 * A page that sends no script (ADR 004) is, with JavaScript on, the very
 * document the no-javascript project checks, so its test is tagged and the
 * chromium project leaves it out (playwright.config.ts, `grepInvert`); the
 * no-javascript project fails if such a page starts sending one.
 */
const NO_SCRIPT = "@no-script";

// Content pages, and the one transactional page without a form (its thank-you is plain text).
const withoutScript = (route: (typeof publicRoutes)[number]) =>
  route.kind === "content" || route.path === "/sponsor-success";

const pages = [
  ...publicRoutes.map((r) => ({ path: r.path as string, status: 200, noScript: withoutScript(r) })),
  { path: "/no-such-page-anywhere", status: 404, noScript: true },
];

/**
 * The signed-in pages (issue 35), as the person of ./layout-people.ts sees
 * them. A new signed-in page is one line here; `noScript` when it sends no
 * script at all.
 */
const signedInPages: {
  title: string;
  path: (person: Everyone) => string;
  noScript: boolean;
  /** What it answers in every phase, when that is one status. */
  status?: number;
}[] = [
  { title: "/account", path: () => "/account", noScript: true },
  { title: "/portal", path: () => "/portal", noScript: true },
  { title: "/portal/submission", path: () => "/portal/submission", noScript: false },
  { title: "/showcase", path: () => "/showcase", noScript: true },
  { title: "/showcase/:slug (the vote)", path: () => `/showcase/${VOTE_SLUG}`, noScript: true },
  { title: "/judging", path: () => "/judging", noScript: true },
  { title: "/judging/:teamId", path: () => `/judging/${JUDGED_TEAM}`, noScript: false },
  { title: "/organization/:id (the dashboard)", path: (p) => `/organization/${p.organizationId}`, noScript: false },
  // Issue 55: the organization's impact report, server-drawn charts and no script.
  { title: "/organization/:id/report", path: (p) => `/organization/${p.organizationId}/report`, noScript: true },
  // Issue 55: the sponsors' report of the edition, as the person's Gold sponsorship opens it.
  { title: "/account/sponsor-report", path: () => "/account/sponsor-report", noScript: true },
  // Issue 54: the sponsor's presence, the person's public profile (both given, approved and changed since), and
  // the invitation to advise with its profile fields.
  { title: "/account/sponsor", path: () => "/account/sponsor", noScript: true },
  { title: "/account/profile", path: () => "/account/profile", noScript: true },
  {
    title: "/judging/invitation (to advise, with a profile)",
    path: (p) => `/judging/invitation?token=${advisorInvitationTokenOf(p)}`,
    noScript: true,
  },
  // Every page of the organizers' desk (issue 32) a director opens, in every phase: app/desk/pages.ts's
  // `deskPages` but the CSV (a download). Written out, as organize-access.test.ts's list is: that module's types reach the worker's.
  { title: "/organize", path: () => "/organize", noScript: true, status: 200 },
  { title: "/organize/judges", path: () => "/organize/judges", noScript: true, status: 200 },
  // Each of their other tabs (issue 56: one table per tab), where the seeded worst cases now show.
  ...["invitations", "interests", "advisors", "advisor-interests", "profiles"].map((view) => ({
    title: `/organize/judges?view=${view}`,
    path: () => `/organize/judges?view=${view}`,
    noScript: true,
    status: 200,
  })),
  { title: "/organize/assignments", path: () => "/organize/assignments", noScript: true, status: 200 },
  ...["judges", "conflicts"].map((view) => ({
    title: `/organize/assignments?view=${view}`,
    path: () => `/organize/assignments?view=${view}`,
    noScript: true,
    status: 200,
  })),
  { title: "/organize/appeals", path: () => "/organize/appeals", noScript: true, status: 200 },
  { title: "/organize/results", path: () => "/organize/results", noScript: true, status: 200 },
  { title: "/organize/votes", path: () => "/organize/votes", noScript: true, status: 200 },
  { title: "/organize/report", path: () => "/organize/report", noScript: true, status: 200 },
  { title: "/organize/showcase", path: () => "/organize/showcase", noScript: true, status: 200 },
  { title: "/organize/proposals", path: () => "/organize/proposals", noScript: true, status: 200 },
  {
    title: "/organize/proposals/:id",
    path: (p) => `/organize/proposals/${proposalIdOf(p)}`,
    noScript: true,
    status: 200,
  },
  { title: "/organize/audit", path: () => "/organize/audit", noScript: true, status: 200 },
  { title: "/organize/organizers", path: () => "/organize/organizers", noScript: true, status: 200 },
  { title: "/organize/tokens", path: () => "/organize/tokens", noScript: true, status: 200 },
  // Issue 33's people pages: a search that finds the director, their own page, the lists and the messages.
  {
    title: "/organize/people",
    path: (p) => `/organize/people?q=${encodeURIComponent(p.email)}`,
    noScript: true,
    status: 200,
  },
  { title: "/organize/people/:id", path: (p) => `/organize/people/${p.userId}`, noScript: true, status: 200 },
  { title: "/organize/registrations", path: () => "/organize/registrations", noScript: true, status: 200 },
  { title: "/organize/sponsorships", path: () => "/organize/sponsorships", noScript: true, status: 200 },
  { title: "/organize/organizations", path: () => "/organize/organizations", noScript: true, status: 200 },
  { title: "/organize/inbox", path: () => "/organize/inbox", noScript: true, status: 200 },
  { title: "/organize/credentials", path: () => "/organize/credentials", noScript: true, status: 200 },
  { title: "/organize/messages", path: () => "/organize/messages", noScript: true, status: 200 },
  { title: "/organize/editions", path: () => "/organize/editions", noScript: true, status: 200 },
  { title: "/organize/editions/:id", path: () => "/organize/editions/2027", noScript: true, status: 200 },
];

/**
 * The pages that check the site's header in every phase (its primary button
 * changes with it), signed out and signed in. On any other page the header
 * differs from theirs only in the colour of the current page's link, which is
 * that page's own in every phase, so its phases are grouped by its content.
 */
const PUBLIC_HEADER_PHASES_PAGE = "/";
const HEADER_PHASES_PAGE = "/account";

interface PhaseGroup {
  phases: EditionPhase[];
  now: string;
  status: number;
  /** The page ships the deferred entry and hydrates (form pages). */
  hydrates: boolean;
  /** The page sends a script that runs (the deferred entry, or an inline enhancement): with JavaScript it may differ. */
  scripted: boolean;
}

/** The site's header: the document's first <header> (app/components/site-header.tsx). */
const SITE_HEADER = /<header\b[\s\S]*?<\/header>/;

/** A script element that runs: not JSON-LD data. */
const RUNNING_SCRIPT = /<script\b(?![^>]*type="application\/ld\+json")[^>]*>/;

/**
 * The phases grouped by the page's server HTML, scripts and CSP nonces left
 * out (the nonce is new on every response; the scripts carry the loader data,
 * whose `now` always differs). Equal markup is equal layout: hydration renders
 * the same markup from the same data. `request` carries the page's cookies.
 * With `headerCheckedElsewhere`, the site's header is left out too: what
 * changes in it with the phase (the primary button) is checked in every
 * phase on another page, so a page whose own content never changes is one group.
 */
async function phasesByMarkup(
  request: APIRequestContext,
  path: string,
  headerCheckedElsewhere = false,
): Promise<PhaseGroup[]> {
  const groups = new Map<string, PhaseGroup>();
  for (const { phase, now } of clocks) {
    const response = await request.get(path, { headers: { "x-app-now": now }, maxRedirects: 0 });
    const html = await response.text();
    const markup = headerCheckedElsewhere ? html.replace(SITE_HEADER, "") : html;
    const key = `${response.status()} ${markup.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/ nonce="[^"]*"/g, "")}`;
    const group = groups.get(key);
    if (group) group.phases.push(phase);
    else
      groups.set(key, {
        phases: [phase],
        now,
        status: response.status(),
        hydrates: html.includes("data-deferred-entry"),
        scripted: RUNNING_SCRIPT.test(html),
      });
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
    await waitForHydration(page);
  }
}

/**
 * Screenshots in the test's output folder (test-results/, kept by CI),
 * attached to the report: the full page with every element a finding names
 * outlined in red, and the first such element on its own.
 */
async function keepScreenshot(page: Page, name: string, testInfo: TestInfo) {
  // Through the CSSOM (a page's own CSP allows it, and it works without JavaScript too), undone after.
  const outline = (on: boolean) =>
    page.evaluate(
      ({ selector, on }) => {
        for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
          el.style.outline = on ? "3px solid #dc2626" : "";
          el.style.outlineOffset = on ? "1px" : "";
        }
      },
      { selector: markedSelector, on },
    );
  const marked = page.locator(markedSelector);
  await outline(true);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
  if ((await marked.count()) > 0) {
    const element = testInfo.outputPath(`${name}-element.png`);
    await marked.first().screenshot({ path: element, timeout: 10_000 });
    await testInfo.attach(`${name}-element`, { path: element, contentType: "image/png" });
  }
  await outline(false);
}

/**
 * The pages one project's visitor loads the site in, opened once and used by
 * every test of this file in the worker (a failed test's retry gets a new
 * worker, so new pages). `page` is the site as the visitor gets it, with
 * JavaScript on or off. axe is itself a script: without JavaScript it runs in
 * `forAxe`, a page with JavaScript on and every script the site sends
 * blocked (./axe.ts), which is also the very document of a page that sends
 * none. With JavaScript, `forAxe` is `page`. Both keep one client address
 * (the sign-in limit's) and skip the HTTP cache: each load reaches the server,
 * whose answer changes with the clock of the request.
 */
interface Visitor {
  page: Page;
  forAxe: Page;
  /** Whether `forAxe` blocks the site's scripts: only a page that sends none may be loaded in it unblocked. */
  blockScripts: (block: boolean) => Promise<void>;
  close: () => Promise<void>;
}

async function openVisitor(browser: Browser, testInfo: TestInfo, cookies: Cookie[] = []): Promise<Visitor> {
  // Contexts opened here get the project's options (baseURL, viewport, JavaScript on or off) from Playwright's
  // browser fixture; only the address is this file's own.
  const extraHTTPHeaders = { "cf-connecting-ip": uniqueIp(), ...uncompressed };
  const open = async (options: { javaScriptEnabled?: boolean } = {}) => {
    const context = await browser.newContext({ ...options, extraHTTPHeaders });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await withoutCache(page);
    return page;
  };
  const page = await open();
  if (testInfo.project.name !== "no-javascript")
    return { page, forAxe: page, blockScripts: async () => {}, close: () => page.context().close() };
  const forAxe = await open({ javaScriptEnabled: true });
  await preloadAxe(forAxe.context());
  let unblock: (() => Promise<void>) | undefined;
  return {
    page,
    forAxe,
    blockScripts: async (block) => {
      if (block === (unblock !== undefined)) return;
      if (block) unblock = await blockSiteScripts(forAxe.context());
      else {
        await unblock?.();
        unblock = undefined;
      }
    },
    close: async () => {
      await page.context().close();
      await forAxe.context().close();
    },
  };
}

interface CheckArgs {
  visitor: Visitor;
  path: string;
  widths: readonly number[];
  /** What the page answers in every phase, when that is known (a public page: 200; a signed-in page may answer 404 in some). */
  status?: number;
  /** The header's changes with the phase are checked on another page (phasesByMarkup). */
  headerCheckedElsewhere?: boolean;
  /** Run axe at DESKTOP_AXE's width too, in its phase (public pages). */
  desktopAxe?: boolean;
}

/** Every phase group of `path` this project checks, at every width, and axe once per group. */
async function checkEveryPhase(args: CheckArgs) {
  const { visitor, path, widths, status, headerCheckedElsewhere, desktopAxe } = args;
  const testInfo = test.info();
  const withJs = testInfo.project.name !== "no-javascript";
  const all = await phasesByMarkup(visitor.page.request, path, headerCheckedElsewhere);
  if (status !== undefined) for (const g of all) expect(g.status, `${path} in ${g.phases.join("+")}`).toBe(status);
  // A signed-in page may answer 404 in a phase it does not exist in, but not in all: that would check a 404 page
  // (or, with the session gone, a redirect) in its place.
  else
    expect(
      all.map((g) => g.status),
      `${path} answers 200 in some phase`,
    ).toContain(200);
  // A page checked only here must really be the same document with JavaScript on.
  const sendsNoScript = !withJs && testInfo.tags.includes(NO_SCRIPT);
  if (sendsNoScript)
    expect(
      all.filter((g) => g.scripted).map((g) => g.phases.join("+")),
      `${path} sends no script`,
    ).toEqual([]);
  const groups = all.filter((g) => g.scripted || !withJs);
  // A page with scripts sends them in some phase; were it to stop, this project would check nothing.
  expect(groups.length, `${path} sends a script in some phase`).toBeGreaterThan(0);

  // axe at desktop width, once, in a group this project checks: a page whose phase group is not here would lose it.
  const desktopAxeGroup = desktopAxe ? groups.find((g) => g.phases.includes(DESKTOP_AXE.phase)) : undefined;
  if (desktopAxe) expect(desktopAxeGroup, `${path} is checked in ${DESKTOP_AXE.phase}`).toBeDefined();

  const findings: string[] = [];
  // A page that sends no script is, without JavaScript, the very document axe's page loads with nothing to
  // block (why the chromium project leaves it out, checked above): one load per group, not two.
  const { forAxe } = visitor;
  await visitor.blockScripts(!sendsNoScript);
  const probe = sendsNoScript ? forAxe : visitor.page;
  const tabs = forAxe === probe ? [probe] : [probe, forAxe];
  for (const group of groups) {
    const label = group.phases.join("+");
    for (const tab of tabs) await tab.setExtraHTTPHeaders({ "x-app-now": group.now });
    // Loaded once per group: at each width the same document reflows (no page reads its width in script).
    for (const tab of tabs) await tab.setViewportSize({ width: widths[0]!, height: HEIGHT });
    await open(probe, path, group.status, group.hydrates, testInfo);
    for (const width of widths) {
      await probe.setViewportSize({ width, height: HEIGHT });
      const found = await probe.evaluate(layoutFindings, { minTarget: MIN_TARGET });
      findings.push(...found.map((f) => `${label} @${width}px ${f}`));
      if (found.length > 0) await keepScreenshot(probe, `${label}-${width}px`, testInfo);

      // axe once per phase group, at one width, as this project's visitor gets the page; and at desktop width in
      // one group. axe's own page without JavaScript is loaded at AXE_WIDTH, the first width, and resized as `probe` is.
      const axeHere = width === AXE_WIDTH || (group === desktopAxeGroup && width === DESKTOP_AXE.width);
      if (!axeHere) continue;
      if (forAxe !== probe) {
        if (width === AXE_WIDTH) await open(forAxe, path, group.status, false, testInfo);
        else await forAxe.setViewportSize({ width, height: HEIGHT });
      }
      const violations = await axeFindings(forAxe);
      findings.push(...violations.map((v) => `${label} @${width}px axe ${v}`));
      if (violations.length > 0) await keepScreenshot(forAxe, `${label}-axe-${width}px`, testInfo);
    }
  }
  expect(findings, `layout findings on ${path}:\n${findings.join("\n")}`).toEqual([]);
}

let visitor: Visitor;
test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  // The recognition's sample rows (issue 54: sponsors, a listed organization, published profiles) before the
  // first public page, which keeps what it reads for a minute.
  seedEveryone(
    `.wrangler/e2e-state-${port}`,
    testInfo.config.projects.findIndex((p) => p.name === testInfo.project.name),
    testInfo.project.name,
  );
  visitor = await openVisitor(browser, testInfo);
});
// Unset when beforeAll failed: its own error is the one to report.
test.afterAll(() => visitor?.close());

for (const { path, status, noScript } of pages) {
  const title = `${path}: every phase at ${widths.join(", ")} px${noScript ? ` ${NO_SCRIPT}` : ""}`;
  test(title, async () => {
    test.setTimeout(180_000);
    // The header's every phase on the home page; elsewhere a page's phases are grouped by its own content.
    const headerCheckedElsewhere = path !== PUBLIC_HEADER_PHASES_PAGE;
    await checkEveryPhase({ visitor, path, widths, status, headerCheckedElsewhere, desktopAxe: true });
  });
}

// The checks above pass as well on an empty page as on a full one: the recognition's sample rows (issue 54,
// ./layout-people.ts) must be on the public pages they visit, their images served from the local R2.
test("the public pages show the recognition's sample sponsors, organization and profiles with their images", async () => {
  const finalsDay = clocks.find((c) => c.phase === "finalsDay")!.now;
  const shown = {
    "/sponsors": [
      "Snake River Regional Health and Wellness Partners",
      "Treasure Valley Workforce Development Foundation",
    ],
    "/employer-recognition": ["Treasure Valley Regional Logistics"],
    "/judges-advisors": ["Alexandria Montgomery-Okonkwo", "Maximilian Featherstonehaugh", "Priya Ramanathan"],
  };
  const images = {
    "/sponsors": "/sponsor-logos/",
    "/employer-recognition": "/organization-logos/",
    "/judges-advisors": "/profile-photos/",
  };
  for (const [path, names] of Object.entries(shown)) {
    const html = await (await visitor.page.request.get(path, { headers: { "x-app-now": finalsDay } })).text();
    for (const name of names) expect(html, `${path} shows ${name}`).toContain(name);
    const prefix = images[path as keyof typeof images];
    const sources = [...html.matchAll(new RegExp(`src="(${prefix}[0-9a-f]{64}\\.png)"`, "g"))].map((m) => m[1]!);
    expect(sources.length, `${path} shows images under ${prefix}`).toBeGreaterThan(0);
    for (const src of new Set(sources)) {
      const image = await visitor.page.request.get(src, { headers: { "x-app-now": finalsDay } });
      expect(image.status(), src).toBe(200);
      expect(image.headers()["content-type"], src).toBe("image/png");
    }
  }
});

test.describe("signed in as a participant, judge, organization administrator and organizer at once (issue 35)", () => {
  let person: Everyone;
  let cookies: Cookie[] = [];
  let signedIn: Visitor;

  test.beforeAll(async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    ({ person, cookies } = await signInEveryone(browser, {
      baseURL: testInfo.project.use.baseURL ?? "",
      stateDir: `.wrangler/e2e-state-${port}`,
      projectIndex: testInfo.config.projects.findIndex((p) => p.name === testInfo.project.name),
      projectName: testInfo.project.name,
    }));
    signedIn = await openVisitor(browser, testInfo, cookies);
  });
  test.afterAll(() => signedIn?.close());

  for (const { title: pageTitle, path, noScript, status } of signedInPages) {
    const title = `${pageTitle} signed in: every phase at ${signedInWidths.join(", ")} px${noScript ? ` ${NO_SCRIPT}` : ""}`;
    test(title, async () => {
      test.setTimeout(180_000);
      // The signed-in header's every phase (its primary button changes) on /account; elsewhere a page's phases
      // are grouped by its own content, which on most signed-in pages does not change with the phase.
      const headerCheckedElsewhere = path(person) !== HEADER_PHASES_PAGE;
      await checkEveryPhase({
        visitor: signedIn,
        path: path(person),
        widths: signedInWidths,
        status,
        headerCheckedElsewhere,
      });
    });
  }

  test("the account menu holds the whole address, every area and Sign Out at every width", async ({
    page,
  }, testInfo) => {
    await page.context().addCookies(cookies);
    const findings: string[] = [];
    for (const width of signedInWidths) {
      await page.setViewportSize({ width, height: HEIGHT });
      await open(page, "/account", 200, false, testInfo);
      const banner = page.getByRole("banner");
      // From 1280 px the account menu sits in the navigation row; below, at the top of the one menu.
      const menu = banner.getByTestId(width >= DESKTOP_HEADER ? "account-menu" : "mobile-menu");
      const summary = menu.locator("summary").first();
      await expect(summary, `@${width}px`).toBeVisible();
      if (width >= DESKTOP_HEADER) {
        // Its name says what it is and whose it is, the address whole; the row shows it cut to fit.
        await expect(summary).toHaveAccessibleName(
          `${accountMenu.label}, ${accountMenu.signedInAs.toLowerCase()} ${person.email}`,
        );
        // The whole navigation row is on screen: every link, group, the menu and the primary button.
        for (const item of await banner
          .getByRole("navigation", { name: "Main" })
          .locator("a:visible, summary:visible")
          .all()) {
          const box = (await item.boundingBox())!;
          if (box.x < 0 || box.x + box.width > width)
            findings.push(`@${width}px ${await item.innerText()} is cut off at ${box.x}–${box.x + box.width} px`);
        }
      }
      // Keyboard: the summary opens with Enter, as any native disclosure, with or without JavaScript.
      await summary.focus();
      await page.keyboard.press("Enter");
      const panel = menu.getByTestId("account-panel");
      await expect(panel, `@${width}px`).toBeVisible();
      await expect(panel.getByTestId("account-address")).toHaveText(person.email);
      for (const area of accountAreas)
        await expect(panel.getByRole("link", { name: area.label, exact: true })).toBeVisible();
      await expect(panel.getByRole("button", { name: accountMenu.signOut })).toBeVisible();
      // Open, the menu fits too.
      const found = await page.evaluate(layoutFindings, { minTarget: MIN_TARGET });
      findings.push(...found.map((f) => `menu open @${width}px ${f}`));
      if (found.length > 0) await keepScreenshot(page, `menu-open-${width}px`, testInfo);
    }
    expect(findings, findings.join("\n")).toEqual([]);
  });

  // The server's own day (early-bird enrollment), signed in: the forms a signed-in visitor gets instead of a sign-in prompt.
  test(`at ${DESKTOP_HEADER} px every public page fits beside the whole header ${NO_SCRIPT}`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.context().addCookies(cookies);
    await page.setViewportSize({ width: DESKTOP_HEADER, height: HEIGHT });
    const findings: string[] = [];
    for (const { path } of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      await expect(page.getByTestId("account-menu"), path).toBeVisible();
      const found = await page.evaluate(layoutFindings, { minTarget: MIN_TARGET });
      findings.push(...found.map((f) => `${path} ${f}`));
      if (found.length > 0) await keepScreenshot(page, `signed-in${path.replaceAll("/", "-")}`, testInfo);
    }
    expect(findings, findings.join("\n")).toEqual([]);
  });
});
