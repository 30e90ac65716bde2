#!/usr/bin/env node
// `npm test`: every check the project has: types, lint, formatting, the
// build, the production bundle (deploy dry run), unit + integration (vitest
// in workerd), the admin CLI (node --test) and end-to-end (Playwright in
// Chromium, JavaScript on and off). docs/test-suite.md says how it runs.
//
// Two cores: steps run two at a time, each keeping about one core busy or
// filling what the other leaves idle (the CLI tests beside vitest's last
// minute, measured). Every step runs even when another
// failed, unless it needs what failed (the tests need the build), so one run
// shows all that is wrong.
// The end is one report: each step's time and result, the failed steps, the
// failed tests by name, the tests per file and per runner. The exit code is
// non-zero on any failure.
import { spawn } from "node:child_process";
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const reports = `${root}node_modules/.tmp/test-reports`;
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  DO_NOT_TRACK: "1",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** How many steps may run at once: the cores of the machines this runs on (CI and ours have two). */
const CORES = 2;

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {string} command
 * @property {string[]} args
 * @property {Record<string, string>} [env] the step's own variables
 * @property {string[]} [needs] steps that must have passed first
 * @property {() => Counts} [tests] the runner's counts, read from its report
 */

/** @typedef {{ passed: number, failed: number, failures: string[], perFile: Map<string, number> }} Counts */

/** End-to-end tests that failed, then passed when Playwright retried them: reported, never hidden. */
/** @type {string[]} */
const flaky = [];

/** In start order: a step starts once what it needs has passed and a core is free; none overtakes another. */
/** @type {Step[]} */
const steps = [
  { name: "build", command: "npx", args: ["react-router", "build"] },
  { name: "typecheck", command: "npm", args: ["run", "typecheck"] },
  {
    name: "unit and integration tests",
    command: "npx",
    args: ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/vitest.json`],
    needs: ["build"],
    // One workerd per worker, two workers: about one core busy (measured), so the static checks run beside it.
    tests: vitestCounts,
  },
  // Once, before the steps whose servers and databases start from it (tests/migrated-state.mjs).
  { name: "migrated local D1", command: "node", args: ["tests/migrated-state.mjs"] },
  { name: "lint", command: "npx", args: ["eslint", "."] },
  { name: "format", command: "npx", args: ["prettier", "--check", "."] },
  {
    name: "deploy dry run (production bundle, no credentials)",
    command: "node",
    args: ["scripts/deploy.mjs", "production", "--dry-run"],
  },
  {
    name: "tooling tests (admin CLI against a local D1)",
    command: "node",
    args: [
      "--test",
      // Each file has a database and a server of its own, and most of the time is Wrangler starting: two at once.
      "--test-concurrency=2",
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      "--test-reporter=tap",
      `--test-reporter-destination=${reports}/tools.tap`,
      "tests/tools/*.test.mjs",
    ],
    // The CLI's servers serve the build, each on a copy of the migrated D1.
    needs: ["build", "migrated local D1"],
    tests: toolsCounts,
  },
  // Playwright twice, side by side, each one browser and servers of its own (playwright.config.ts, E2E_PART):
  // one run keeps the cores about 80 % busy, waiting on its server and browser in turn; two keep them busy.
  // The journeys first (five servers to start): they take the first core that frees, the CLI tests' or vitest's.
  {
    name: "end-to-end tests: journeys (forms, accounts, teams, judging, the desk)",
    command: "npx",
    args: ["playwright", "test", "--reporter=list,json"],
    env: { E2E_PART: "journeys", PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e-journeys.json` },
    needs: ["build", "migrated local D1"],
    tests: () => playwrightCounts("e2e-journeys.json"),
  },
  {
    name: "end-to-end tests: pages (the layout check, budgets, page behaviour, payments)",
    command: "npx",
    args: ["playwright", "test", "--reporter=list,json"],
    // Its one main server on a port nothing else takes while it runs: the journeys' five servers are 8791 to 8795
    // (tests/e2e/servers.ts: E2E_PORT and the four after it) and the bench smoke, which may start while this run
    // still goes, serves on 8796, its gzip proxy on 8797 and its desk server on 8798 (bench/run.mjs).
    env: { E2E_PART: "pages", E2E_PORT: "8799", PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e-pages.json` },
    needs: ["build", "migrated local D1"],
    tests: () => playwrightCounts("e2e-pages.json"),
  },
  // `npm run bench` at a tiny size (issue 56): every section starts (its own build, a server, a few requests
  // each, Chromium for the paint and one Lighthouse run), so a broken import or a vote the bench cannot count
  // fails here; no figure is asserted. About 45 s alone (14 s the build). Last: it takes the place the pages'
  // run frees before the journeys' ends (10–20 s in the last runs) and costs the wall clock the rest.
  {
    name: "bench smoke (npm run bench, every section at a tiny size)",
    command: "node",
    args: ["bench/run.mjs"],
    env: { BENCH_SMOKE: "1" },
    needs: ["migrated local D1"],
  },
];

/** @typedef {{ status: "passed" | "failed" | "not run", seconds: number, reason?: string }} Outcome */
/** @type {Map<string, Outcome>} */
const outcomes = new Map();
const started = Date.now();

/**
 * Runs one step. Its output goes to a file that is printed in one piece when
 * the step ends, so the outputs of steps side by side never interleave.
 * @param {Step} step
 * @returns {Promise<void>}
 */
function run(step) {
  const log = `${reports}/${step.name.replace(/\W+/g, "-")}.log`;
  const fd = openSync(log, "w");
  console.log(`\n▶ ${step.name} (its output follows when it ends)`);
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...env, ...step.env },
      stdio: ["ignore", fd, fd],
    });
    child.on("close", (code) => {
      const seconds = (Date.now() - begin) / 1000;
      const status = code === 0 ? "passed" : "failed";
      outcomes.set(step.name, { status, seconds });
      closeSync(fd);
      process.stdout.write(`\n── ${step.name} ──\n${readFileSync(log, "utf8")}`);
      console.log(`${status === "passed" ? "✓" : "✗"} ${step.name}: ${status} in ${seconds.toFixed(1)} s`);
      resolve();
    });
  });
}

/** Starts each step in order as soon as it may; resolves when every step has ended or been skipped. */
function runAll() {
  const waiting = [...steps];
  /** @type {Set<Step>} */
  const running = new Set();
  return new Promise((resolve) => {
    const next = () => {
      for (const step of [...waiting]) {
        const failedNeed = (step.needs ?? []).find(
          (need) => outcomes.get(need)?.status !== undefined && outcomes.get(need)?.status !== "passed",
        );
        if (!failedNeed) continue;
        waiting.splice(waiting.indexOf(step), 1);
        outcomes.set(step.name, { status: "not run", seconds: 0, reason: `${failedNeed} did not pass` });
        console.log(`\n✗ ${step.name}: not run (${failedNeed} did not pass)`);
      }
      while (waiting.length > 0) {
        const step = /** @type {Step} */ (waiting[0]);
        const ready = (step.needs ?? []).every((need) => outcomes.get(need)?.status === "passed");
        if (!ready || running.size >= CORES) break;
        waiting.shift();
        running.add(step);
        void run(step).then(() => {
          running.delete(step);
          next();
        });
      }
      if (waiting.length === 0 && running.size === 0) resolve(undefined);
    };
    next();
  });
}

await runAll();

// ── The report ──────────────────────────────────────────────────────────────

/** @returns {Counts} */
function emptyCounts() {
  return { passed: 0, failed: 0, failures: [], perFile: new Map() };
}

/** @param {string} file */
function readReport(file) {
  try {
    return readFileSync(`${reports}/${file}`, "utf8");
  } catch {
    return null;
  }
}

/** @returns {Counts} */
function vitestCounts() {
  const counts = emptyCounts();
  const text = readReport("vitest.json");
  if (text === null) return counts;
  const report = JSON.parse(text);
  counts.passed = report.numPassedTests;
  counts.failed = report.numFailedTests;
  for (const file of report.testResults ?? []) {
    const path = String(file.name).replace(root, "");
    /** @type {{ status: string, fullName: string }[]} */
    const tests = file.assertionResults ?? [];
    counts.perFile.set(path, tests.length);
    for (const test of tests) if (test.status === "failed") counts.failures.push(`${path} › ${test.fullName}`);
    // A file that fails before its tests run (a syntax error, a failing import) has no test to name.
    if (file.status === "failed" && !tests.some((test) => test.status === "failed")) {
      counts.failed += 1;
      counts.failures.push(`${path}: ${String(file.message || "did not run").split("\n")[0]}`);
    }
  }
  return counts;
}

/** @returns {Counts} */
function toolsCounts() {
  const counts = emptyCounts();
  const tap = readReport("tools.tap");
  if (tap === null) return counts;
  const total = (/** @type {string} */ name) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(tap)?.[1] ?? 0);
  counts.passed = total("pass");
  counts.failed = total("fail");
  // TAP names no file: the tests are counted under their top-level suite, and a test outside any suite under its
  // own name (a top-level result with no results inside it).
  let suite = "";
  let inside = 0;
  /** @param {string} status @param {string} name */
  const count = (status, name) => {
    counts.perFile.set(suite, (counts.perFile.get(suite) ?? 0) + 1);
    if (status === "not ok") counts.failures.push(name);
  };
  for (const line of tap.split("\n")) {
    const top = /^# Subtest: (.+)$/.exec(line);
    if (top) {
      suite = `tests/tools › ${top[1]}`;
      inside = 0;
    }
    const result = /^ {4}(not ok|ok) \d+ - (.+)$/.exec(line);
    if (result && suite) {
      inside += 1;
      count(result[1], `${suite} › ${result[2]}`);
    }
    const topResult = /^(not ok|ok) \d+ - (.+)$/.exec(line);
    if (topResult && suite && inside === 0) count(topResult[1], suite);
  }
  return counts;
}

/** @param {string} reportFile the run's JSON report @returns {Counts} */
function playwrightCounts(reportFile) {
  const counts = emptyCounts();
  const text = readReport(reportFile);
  if (text === null) return counts;
  const report = JSON.parse(text);
  counts.passed = report.stats.expected + report.stats.flaky;
  counts.failed = report.stats.unexpected;
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const file = `tests/e2e/${spec.file} [${test.projectName}]`;
        counts.perFile.set(file, (counts.perFile.get(file) ?? 0) + 1);
        const name = `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(" › ")}`;
        if (test.status === "unexpected") counts.failures.push(name);
        if (test.status === "flaky") flaky.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top-level suites are the files.
  for (const file of report.suites ?? []) walk(file, []);
  for (const error of report.errors ?? []) counts.failures.push(`playwright: ${String(error.message).split("\n")[0]}`);
  return counts;
}

const lines = ["", "══ npm test ══", "", "steps:"];
for (const step of steps) {
  const outcome = outcomes.get(step.name) ?? { status: "not run", seconds: 0 };
  const time = outcome.status === "not run" ? "—" : `${outcome.seconds.toFixed(1)} s`;
  lines.push(
    `  ${step.name.padEnd(52)} ${time.padStart(9)}  ${outcome.status}${outcome.reason ? ` (${outcome.reason})` : ""}`,
  );
}
lines.push(
  `  ${"all, side by side where they may (wall clock)".padEnd(52)} ${`${((Date.now() - started) / 1000).toFixed(1)} s`.padStart(9)}`,
);

const runners = steps
  .filter((step) => step.tests)
  .map((step) => ({ step, counts: /** @type {() => Counts} */ (step.tests)() }));
lines.push("", "tests per file:");
for (const { step, counts } of runners) {
  for (const [file, n] of [...counts.perFile].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${String(n).padStart(4)}  ${file}`);
  }
  lines.push(`  ${step.name}: ${counts.passed} passed, ${counts.failed} failed`, "");
}
writeFileSync(`${reports}/summary.txt`, `${lines.join("\n")}\n`);

const failedSteps = steps.filter((step) => outcomes.get(step.name)?.status !== "passed");
const failures = runners.flatMap(({ counts }) => counts.failures);
const passed = runners.reduce((sum, { counts }) => sum + counts.passed, 0);
const failed = runners.reduce((sum, { counts }) => sum + counts.failed, 0);
if (failedSteps.length > 0) {
  lines.push(`failed steps (${failedSteps.length} of ${steps.length}):`);
  for (const step of failedSteps) {
    const outcome = outcomes.get(step.name);
    const named = runners.find((runner) => runner.step === step)?.counts.failures.length ?? 0;
    const why =
      outcome?.status === "not run"
        ? `not run: ${outcome.reason}`
        : named > 0
          ? "failed tests below"
          : "its output is above";
    lines.push(`  ✗ ${step.name} (${why})`);
  }
  if (failures.length > 0) lines.push("failed tests:", ...failures.map((failure) => `  ✗ ${failure}`));
  lines.push("");
}
if (flaky.length > 0)
  lines.push("flaky tests (failed, then passed on a retry):", ...flaky.map((name) => `  ! ${name}`), "");
lines.push(
  `${passed} tests passed, ${failed} failed; ${failedSteps.length === 0 ? "every step passed" : `${failedSteps.length} step(s) did not pass`}`,
);
console.log(lines.join("\n"));
process.exit(failedSteps.length > 0 ? 1 : 0);
