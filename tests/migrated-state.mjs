// A fresh local state directory with every migration applied, for the tests'
// own servers and databases (the e2e servers, the CLI tests).
//
// Wrangler's `d1 migrations apply` costs about 25 s of CPU here (a workerd
// started per migration file), and a test run wanted it some ten times over
// for the same result. Wrangler applies the
// migrations once into a cached state (node_modules/.tmp/migrated-d1/, named
// by the migration files' own bytes, so a new or changed migration makes a
// new one); each fresh state directory is a copy of it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { localDatabaseFile } from "../scripts/local-d1.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const migrationsDir = join(root, "migrations");

/** The cached migrated state's name: a digest of every migration file's name and bytes. */
function migrationsDigest() {
  const hash = createHash("sha256");
  for (const name of readdirSync(migrationsDir).sort())
    hash
      .update(name)
      .update("\0")
      .update(readFileSync(join(migrationsDir, name)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Gives `stateDir` (relative to the project, or absolute) the migrated local
 * D1 when it has no database yet; one it has is left as it is (`npm start`
 * applies what is pending).
 * @param {string} stateDir
 */
export function migratedState(stateDir) {
  const target = resolve(root, stateDir);
  if (localDatabaseFile(target) !== null) return;
  cpSync(cachedMigratedState(), target, { recursive: true });
}

/**
 * The cached migrated state, applied by Wrangler first if the migrations have none yet.
 * @returns {string} its directory
 */
function cachedMigratedState() {
  const cache = join(root, "node_modules", ".tmp", "migrated-d1");
  const migrated = join(cache, migrationsDigest());
  if (existsSync(migrated)) return migrated;
  mkdirSync(cache, { recursive: true });
  // Built aside and renamed into place: a process doing the same at the same time never sees half a state.
  const scratch = mkdtempSync(`${migrated}-`);
  const apply = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", scratch], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  assert.equal(apply.status, 0, apply.stderr);
  try {
    renameSync(scratch, migrated);
  } catch {
    // Another process got there first with the same migrations.
    rmSync(scratch, { recursive: true, force: true });
  }
  return migrated;
}

// `node tests/migrated-state.mjs`: the cached state alone. `npm test` runs it as a step before the CLI tests and
// the end-to-end servers, which then only copy it: the first two CLI files to start used to apply the
// migrations side by side, some 25 s of CPU each, for one result (scripts/test.mjs).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`migrated local D1: ${cachedMigratedState()}`);
}
