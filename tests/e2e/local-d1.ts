import { expect } from "@playwright/test";
import { localDatabase, runBound, runStatements } from "../../scripts/local-d1.mjs";

/**
 * Statements against an e2e server's own local D1 (its STATE_DIR), as the
 * admin CLI runs them locally (scripts/local-d1.mjs: the server's SQLite
 * file, shared with it, no Wrangler process per call): what a spec seeds or
 * reads back. Answers the last statement's rows.
 */
export function localSql(stateDir: string, command: string): Record<string, unknown>[] {
  return runStatements(serverDatabase(stateDir), command).at(-1) ?? [];
}

/** Statements with bound values (the seeder's rows) against an e2e server's own local D1, in one transaction. */
export function localBound(stateDir: string, statements: { sql: string; params: (string | number | null)[] }[]) {
  runBound(serverDatabase(stateDir), statements);
}

function serverDatabase(stateDir: string) {
  const database = localDatabase(stateDir);
  // The server migrates its database before it answers /api/health, which Playwright waits for.
  expect(database, `no local D1 under ${stateDir}: is the e2e server up?`).not.toBeNull();
  return database!;
}
