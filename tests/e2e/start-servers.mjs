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
import { fileURLToPath } from "node:url";
import { migratedState } from "../migrated-state.mjs";

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

// Each fresh state is a copy of one migrated by Wrangler once (../migrated-state.mjs), so `npm start`'s script finds
// nothing pending; a state kept with PLAYWRIGHT_REUSE_STATE is left as it is.
for (const server of servers) migratedState(server.stateDir);

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
      // Wrangler prints a line per request that nobody reads here (stdout is ignored): at its default level that
      // line cost its Node process 2 ms of CPU a request, a sixth of what the worker spent on the page
      // (docs/test-suite.md). Warnings and errors, the worker's too, still reach the report.
      WRANGLER_LOG: "warn",
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
