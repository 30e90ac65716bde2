import { existsSync, rmSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

import {
  baseURL,
  earlyBirdNow,
  editionStoryNow,
  editionStoryPort,
  port,
  recognitionStoryNow,
  recognitionStoryPort,
  secondStoryPort,
  storyNow,
  storyPort,
} from "./tests/e2e/servers";

const stateDir = `.wrangler/e2e-state-${port}`;
const storyStateDir = `.wrangler/e2e-state-${storyPort}`;
const secondStoryStateDir = `.wrangler/e2e-state-${secondStoryPort}`;
const editionStoryStateDir = `.wrangler/e2e-state-${editionStoryPort}`;
const recognitionStoryStateDir = `.wrangler/e2e-state-${recognitionStoryPort}`;

// `npx playwright install` cannot download here: use Debian's Chromium unless PLAYWRIGHT_CHROMIUM_PATH names
// another. Its headless shell first (package chromium-headless-shell, what Playwright itself runs headless): the
// same Blink without the full browser's interface: the layout check alone took 509 s with it here, 663 s without.
const debianChromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? debianChromium.find((path) => existsSync(path));

// Each run starts from an empty local database. Playwright loads this file
// again in every worker process, after the server has started: only the
// main process may clear the state.
if (!process.env.PLAYWRIGHT_REUSE_STATE && process.env.TEST_WORKER_INDEX === undefined) {
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(storyStateDir, { recursive: true, force: true });
  rmSync(secondStoryStateDir, { recursive: true, force: true });
  rmSync(editionStoryStateDir, { recursive: true, force: true });
  rmSync(recognitionStoryStateDir, { recursive: true, force: true });
}

/**
 * Specs that never run a page's JavaScript: byte budgets (served bytes, no
 * browser at all). They run once, in the no-javascript project.
 */
const withoutPageJavaScript = ["budgets.spec.ts"];

/**
 * Specs about hydration itself: their no-JavaScript twins only re-proved
 * plain POSTs that contact.spec.ts and auth.spec.ts prove without JavaScript
 * (docs/test-suite.md). They run once, in the chromium project.
 */
const aboutJavaScript = ["hydration.spec.ts"];

/**
 * `npm test` runs the specs as two Playwright runs side by side
 * (scripts/test.mjs), each with servers and databases of its own (`E2E_PORT`
 * sets them apart): `E2E_PART` says which this run is. "pages": the layout
 * check and the specs that need the main server alone and store at most
 * what adds a row or a count to a page it checks (a list entry, a contact
 * message in the desk's inbox, sign-ups without enrollment, a payment), never what
 * changes a page's kind of content; the layout check seeds its own people
 * and projects and groups each page's phases by the HTML it gets. "journeys":
 * every other spec. Unset, a run has every spec, as `npm run test:e2e`. The
 * parts take about as long as each other.
 */
const part = process.env.E2E_PART;
if (part !== undefined && part !== "pages" && part !== "journeys")
  throw new Error(`E2E_PART is "pages", "journeys" or unset, not "${part}"`);
const pageSpecs = [
  "layout.spec.ts",
  "budgets.spec.ts",
  "faq.spec.ts",
  "frame.spec.ts",
  "sponsor-tiers.spec.ts",
  "next-edition.spec.ts",
  "audience-pages.spec.ts",
  "axe.spec.ts",
  "contact.spec.ts",
  "hydration.spec.ts",
  "account-recovery.spec.ts",
  "account.spec.ts",
  "lifecycle.spec.ts",
  "payments.spec.ts",
];
const outsideThisPart = part === "journeys" ? pageSpecs : [];

export default defineConfig({
  testDir: "tests/e2e",
  ...(part === "pages" ? { testMatch: pageSpecs } : {}),
  outputDir: part ? `test-results/${part}` : "test-results",
  // One worker: a second would share the main server's database with the first (docs/test-suite.md); `npm test`
  // makes two runs instead (E2E_PART).
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // Recording a trace costs a quarter of the layout check's CPU (screencast, DOM snapshots per action), so CI
    // records one only when it retries a failed test; a local run keeps the failed test's own.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // V8 without its optimizing compilers (Maglev, TurboFan): a test's page lives seconds, too short to repay
        // compiling hot code twice more, on threads that take a core from the server and the other run. Measured
        // here, the layout check alone: 255 to 212 CPU-s (three runs each); portal + auth specs: 119 to 103.
        "--js-flags=--no-opt --no-maglev",
        // The software compositor on a thread of the browser process, not in a GPU process of its own: every frame
        // crossed processes through shared memory. Measured here (five runs each, auth + portal specs): 133 to 120
        // CPU-s; the layout check 206 to 200.
        "--in-process-gpu",
        // One renderer per browser context, not two: a context's page starts as about:blank in a renderer of its
        // own, and the site's first page (Cross-Origin-Opener-Policy: same-origin, workers/security.ts) swaps it
        // for a second one, each started at some 0.15 s of CPU. Over the limit Chromium reuses the unlocked first
        // renderer instead; site isolation still gives another site a process of its own, and no two contexts ever
        // share one. Measured here: 12 renderers for 6 one-page tests before, 6 after; faq, contact, sponsor tiers,
        // next edition and account specs 90 to 77-81 CPU-s (two runs each); auth, payments, people 112 to 105.
        "--renderer-process-limit=1",
      ],
    },
  },
  projects: [
    // Pages without JavaScript are the same document either way: tests tagged @no-script run only without
    // it, and so do specs that never run a page's JavaScript at all.
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      grepInvert: /@no-script/,
      testIgnore: [...withoutPageJavaScript, ...outsideThisPart],
    },
    // Every page and form must work for a visitor without JavaScript. A story tagged @both-modes opens
    // its own contexts with and without JavaScript, so it runs once, in the project above, and so do
    // specs about JavaScript itself.
    {
      name: "no-javascript",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
      grepInvert: /@both-modes/,
      testIgnore: [...aboutJavaScript, ...outsideThisPart],
    },
  ],
  // The five servers (tests/e2e/servers.ts), started side by side by one command; each has a fresh database.
  webServer: {
    command: "node tests/e2e/start-servers.mjs",
    env: {
      E2E_SERVERS: JSON.stringify(
        [
          // A fixed day inside the enrollment window (early bird) keeps pages deterministic.
          { port, stateDir, appNow: earlyBirdNow },
          // The second half's story on the organizers' desk (tests/e2e/desk-story.spec.ts), on a database of its own.
          { port: storyPort, stateDir: storyStateDir, appNow: storyNow },
          // The second desk story (tests/e2e/desk-second-story.spec.ts), on a database of its own.
          { port: secondStoryPort, stateDir: secondStoryStateDir, appNow: storyNow },
          // The next edition's story (tests/e2e/edition-story.spec.ts), on a database of its own.
          { port: editionStoryPort, stateDir: editionStoryStateDir, appNow: editionStoryNow },
          // The recognition story (tests/e2e/recognition-story.spec.ts), on a database of its own.
          { port: recognitionStoryPort, stateDir: recognitionStoryStateDir, appNow: recognitionStoryNow },
        ].slice(0, part === "pages" ? 1 : undefined),
      ),
    },
    // Printed once every server answers /api/health: proves the answers are ours (and D1 is migrated).
    wait: { stdout: /e2e servers ready/ },
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
