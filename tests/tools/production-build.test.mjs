// The bench's own code (issue 34: the vote's floor route and the per-request
// count of D1 statements, workers/bench/) exists only in `npm run bench`'s
// build (BENCH_BUILD=1, into build-bench/). The build everything else uses,
// the one tests run and deploys ship (`npm run build`, run by `npm test`
// before this file), must hold none of it: vite.config.ts defines
// __BENCH_BUILD__ false there, and the bundler drops the branches it guards.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const serverBuild = join(root, "build", "server");

/** Every JavaScript file under `dir`. @param {string} dir @returns {string[]} */
function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return scripts(path);
    return /\.(m?js)$/.test(entry.name) ? [path] : [];
  });
}

test("a normal build holds no bench-only code: no floor route, no statement counter", () => {
  assert.ok(existsSync(serverBuild), "build/server exists (npm run build first)");
  const files = scripts(serverBuild);
  assert.ok(files.length > 0);
  const benchOnly = ["/__bench/floor/", "floorVote", "X-Bench-D1", "withCountedStatements", "countingD1"];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const marker of benchOnly) {
      assert.ok(!text.includes(marker), `${marker} in ${file.slice(root.length)}`);
    }
  }
});
