// The local D1 a CLI test runs against: a fresh state directory with every
// migration applied, as `npm start` prepares its own.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** @param {string} stateDir */
export function applyMigrations(stateDir) {
  const migrate = spawnSync(
    "npx",
    ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir],
    { cwd: root, encoding: "utf8", env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } },
  );
  assert.equal(migrate.status, 0, migrate.stderr);
}
