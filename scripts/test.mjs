#!/usr/bin/env node
// `npm test`: every check the project has, in the order a failure is cheapest
// to find: types, lint, formatting, build, unit + integration (vitest in
// workerd), end-to-end (Playwright in Chromium, JavaScript on and off).
// Every step runs even when an earlier one failed, so one run shows all that
// is wrong; the last line is the overall count and the exit code is non-zero
// on any failure.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
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
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
};

/** @type {string[]} */
const failed = [];
/** @param {string} name @param {string} command @param {string[]} args */
function step(name, command, args) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) failed.push(name);
  return result.status === 0;
}

step("typecheck", "npm", ["run", "typecheck"]);
step("lint", "npx", ["eslint", "."]);
step("format", "npx", ["prettier", "--check", "."]);
const built = step("build", "npx", ["react-router", "build"]);
if (built) {
  step("unit and integration tests", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reports}/vitest.json`,
  ]);
  step("tooling tests (admin CLI against a local D1)", "node", [
    "--test",
    // Each file has a database of its own, and most of the time is wrangler starting: two at once.
    "--test-concurrency=2",
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    "--test-reporter=tap",
    `--test-reporter-destination=${reports}/tools.tap`,
    "tests/tools/*.test.mjs",
  ]);
  step("end-to-end tests", "npx", ["playwright", "test", "--reporter=list,json"]);
  step("deploy dry run (production bundle, no credentials)", "node", ["scripts/deploy.mjs", "production", "--dry-run"]);
} else {
  console.log("\nThe build failed, so no test could run.");
}

/**
 * @param {string} file
 * @param {(report: any) => { passed: number, failed: number }} pick
 */
function readCounts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 0 };
  }
}
const unit = readCounts(`${reports}/vitest.json`, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const e2e = readCounts(`${reports}/e2e.json`, (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
}));

const tools = (() => {
  try {
    const tap = readFileSync(`${reports}/tools.tap`, "utf8");
    const count = (/** @type {string} */ name) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(tap)?.[1] ?? 0);
    return { passed: count("pass"), failed: count("fail") };
  } catch {
    return { passed: 0, failed: 0 };
  }
})();

console.log(`\nvitest: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`node --test: ${tools.passed} passed, ${tools.failed} failed`);
console.log(`playwright: ${e2e.passed} passed, ${e2e.failed} failed`);
if (failed.length > 0) console.log(`failed steps: ${failed.join(", ")}`);
const passed = unit.passed + tools.passed + e2e.passed;
console.log(`${passed} passed, ${unit.failed + tools.failed + e2e.failed + failed.length} failed`);
process.exit(failed.length > 0 ? 1 : 0);
