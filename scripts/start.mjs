#!/usr/bin/env node
// `npm start`: build the production bundle, apply the local D1 migrations and
// serve the built worker (pages, API, queue consumer) on http://localhost:$PORT.
// APP_NOW from the shell is handed to the worker, so `APP_NOW=… npm start`
// shows the site as it will be on that day; so is PASSWORD_HASH_COST (ADR 005).
import { spawn, spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pendingMigrations } from "./local-d1.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = process.env.PORT ?? "8787";
// Local D1 and queue state. The end-to-end tests use their own, fresh each run.
const stateDir = process.env.STATE_DIR ?? ".wrangler/state";
// The build to serve (react-router.config.ts writes BUILD_DIR too): `npm run bench` serves its own.
const buildDir = process.env.BUILD_DIR ?? "build";
const env = {
  ...process.env,
  // Local and offline: no telemetry, no lookup of Cloudflare's request metadata.
  WRANGLER_SEND_METRICS: "false",
  DO_NOT_TRACK: "1",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** @param {string} command @param {string[]} args */
function step(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.SKIP_BUILD !== "1") step("react-router", ["build"]);
// Wrangler applies what is pending (about 16 s of CPU even when nothing is); a restart starts at once.
if (pendingMigrations(resolve(root, stateDir), join(root, "migrations")).length > 0)
  step("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);

const args = [
  "dev",
  "--config",
  `${buildDir}/server/wrangler.json`,
  "--port",
  port,
  "--ip",
  process.env.HOST ?? "127.0.0.1",
  "--persist-to",
  stateDir,
  "--inspector-port",
  "0",
  "--show-interactive-dev-session=false",
  "--live-reload=false",
];
if (process.env.APP_NOW) args.push("--var", `APP_NOW:${process.env.APP_NOW}`);
// The end-to-end servers hash passwords at test cost (playwright.config.ts, ADR 005).
if (process.env.PASSWORD_HASH_COST) args.push("--var", `PASSWORD_HASH_COST:${process.env.PASSWORD_HASH_COST}`);

// Own process group, so stopping `npm start` stops workerd too.
const server = spawn("wrangler", args, { cwd: root, env, stdio: "inherit" });
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
