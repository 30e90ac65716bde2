#!/usr/bin/env node
// `npm run deploy:staging` / `npm run deploy:production`: build the bundle for
// that environment (the Cloudflare Vite plugin bakes the environment in at
// build time), apply the remote D1 migrations, then deploy.
// `npm run deploy:check` (also a step of `npm test`): the same production
// build and `wrangler deploy --dry-run`, which needs no credentials, and a
// report of the bundle's size.
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync, statSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const [environment, ...flags] = process.argv.slice(2);
const dryRun = flags.includes("--dry-run");
if (environment !== "staging" && environment !== "production") {
  console.error("usage: node scripts/deploy.mjs <staging|production> [--dry-run]");
  process.exit(2);
}

const checkDir = ".wrangler/deploy-check";
const buildDir = dryRun ? `${checkDir}/build` : "build";
const env = {
  ...process.env,
  CLOUDFLARE_ENV: environment,
  BUILD_DIR: buildDir,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** @param {string} command @param {string[]} args */
function step(command, args) {
  console.log(`\n▶ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (dryRun) rmSync(join(root, checkDir), { recursive: true, force: true });
step("npx", ["react-router", "build"]);

if (dryRun) {
  const outDir = `${checkDir}/out`;
  step("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outDir]);
  report(join(root, outDir));
} else {
  // The source config names every environment; the built one is already flattened.
  step("npx", [
    "wrangler",
    "d1",
    "migrations",
    "apply",
    "DB",
    "--remote",
    "--config",
    "wrangler.toml",
    "--env",
    environment,
  ]);
  step("npx", ["wrangler", "deploy"]);
}

/** Raw and gzip size of the worker bundle that would be uploaded. @param {string} dir */
function report(dir) {
  let raw = 0;
  let gzip = 0;
  /** @param {string} path */
  const walk = (path) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(m?js|wasm)$/.test(entry)) {
        const body = readFileSync(full);
        raw += body.length;
        gzip += gzipSync(body, { level: 6 }).length;
      }
    }
  };
  walk(dir);
  const mib = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
  console.log(`\nDeployable worker bundle (${environment}): ${mib(raw)} raw, ${mib(gzip)} gzip`);
}
