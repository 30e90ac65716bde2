#!/usr/bin/env node
// The end-to-end servers (playwright.config.ts lists them in E2E_SERVERS),
// started side by side: each is `npm start`'s script on a port and a state
// directory of its own. Playwright starts its web servers one after another,
// waiting for each; most of a server's 20 s start is Wrangler waiting on
// itself, so three in a row cost a minute where side by side they cost half.
// Prints one line when every server answers /api/health (Playwright waits for
// it); exits when any server does, with its code. Stopped with SIGTERM, it
// stops them all.
import { spawn, spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { localDatabaseFile, pendingMigrations } from "../../scripts/local-d1.mjs";
import { fileURLToPath } from "node:url";

/** @typedef {{ port: number, stateDir: string, appNow: string }} Server */

const root = fileURLToPath(new URL("../..", import.meta.url));
/** @type {Server[]} */
const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]");
if (servers.length === 0) throw new Error("E2E_SERVERS lists no server");

const health = (/** @type {Server} */ { port }) => `http://127.0.0.1:${port}/api/health`;

/** @param {Server} server */
async function answers(server) {
  try {
    return (await fetch(health(server))).ok;
  } catch {
    return false;
  }
}

// Someone else's server on a port would answer for ours: refuse, as Playwright's `reuseExistingServer: false` does.
for (const server of servers)
  if (await answers(server)) {
    console.error(`${health(server)} already answers: stop what runs on port ${server.port} first.`);
    process.exit(1);
  }

// One build for all (`npm test` made it before the unit tests; E2E_BUILD=1 makes a fresh one).
if (process.env.E2E_BUILD === "1") {
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The migrations once, for all: Wrangler applies them to the first server's fresh state (about 16 s of CPU) and each
// other server without a database yet starts from a copy of it, so `npm start`'s script finds nothing pending
// (scripts/local-d1.mjs). A state kept with PLAYWRIGHT_REUSE_STATE is left as it is.
const [first, ...others] = /** @type {[Server, ...Server[]]} */ (servers);
if (pendingMigrations(join(root, first.stateDir), join(root, "migrations")).length > 0) {
  const migrate = spawnSync(
    "npx",
    ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", first.stateDir],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (migrate.status !== 0) process.exit(migrate.status ?? 1);
}
for (const server of others)
  if (localDatabaseFile(join(root, server.stateDir)) === null)
    cpSync(join(root, first.stateDir), join(root, server.stateDir), { recursive: true });

const children = servers.map((server) =>
  spawn("node", ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(server.port),
      STATE_DIR: server.stateDir,
      SKIP_BUILD: "1",
      APP_NOW: server.appNow,
      // Sign-ups and sign-ins hash at test cost (ADR 005); stored hashes verify whatever their cost.
      PASSWORD_HASH_COST: "test",
    },
    // Wrangler's request log stays out of the test report; its errors are in it.
    stdio: ["ignore", "ignore", "inherit"],
  }),
);

let stopping = false;
for (const [i, child] of children.entries())
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`the e2e server on port ${servers[i]?.port} stopped (${signal ?? `exit ${code}`})`);
    stop(code || 1);
  });

/** @param {number} code */
function stop(code) {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => stop(0));

const waiting = new Set(servers);
while (waiting.size > 0 && !stopping) {
  for (const server of [...waiting]) if (await answers(server)) waiting.delete(server);
  if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
}
if (!stopping) console.log(`e2e servers ready on ports ${servers.map((s) => s.port).join(", ")}`);
