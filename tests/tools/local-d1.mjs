// The local D1 a CLI test runs against: a fresh state directory with every
// migration applied, as `npm start` prepares its own.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { localDatabase, runStatements } from "../../scripts/local-d1.mjs";

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

/**
 * A test's own reads and writes of its local D1 (the CLI itself sends no
 * SQL): the statements of `sql`, separated by ";", in one transaction, and
 * every statement's rows in order, as `wrangler d1 execute --json` answers.
 * @param {string} sql
 * @param {{ stateDir?: string }} target
 * @returns {Record<string, unknown>[][]}
 */
export function queryAll(sql, target) {
  const stateDir = resolve(root, target.stateDir ?? ".wrangler/state");
  const database = localDatabase(stateDir);
  assert.ok(database, `no local D1 under ${stateDir}: apply the migrations first`);
  return runStatements(database, sql);
}

/**
 * The rows of the first statement.
 * @param {string} sql
 * @param {{ stateDir?: string }} target
 */
export function query(sql, target) {
  return queryAll(sql, target)[0] ?? [];
}
