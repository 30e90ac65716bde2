import { spawnSync } from "node:child_process";
import { expect } from "@playwright/test";

/**
 * Statements against an e2e server's own local D1 (its STATE_DIR), as the
 * admin CLI runs them: what a spec seeds or reads back. Answers the last
 * statement's rows.
 */
export function localSql(stateDir: string, command: string): Record<string, unknown>[] {
  const run = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", command],
    { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { results: Record<string, unknown>[] }[]).at(-1)?.results ?? [];
}

/** A file of statements against an e2e server's local D1 (seeds too long for one command line). */
export function localSqlFile(stateDir: string, file: string): void {
  const run = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file, "--yes"],
    { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  expect(run.status, run.stderr || run.stdout).toBe(0);
}
