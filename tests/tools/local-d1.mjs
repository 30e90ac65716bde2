// A CLI test's own reads and writes of its local D1 (../migrated-state.mjs
// prepares it, as `npm start` prepares its own).
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { localDatabase, runStatements } from "../../scripts/local-d1.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));

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
