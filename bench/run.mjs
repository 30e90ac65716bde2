#!/usr/bin/env node
// `npm run bench`: build the production bundle, serve it locally, and measure
// what matters to a visitor on a slow phone. Prints a table and writes the
// figures to bench/results/<timestamp>.json. Asserts nothing: budgets are
// reported next to the figures (README, "Performance").
//
// Loopback only, bounded: each load test runs for BENCH_SECONDS (default 10,
// at most 20) at BENCH_CONNECTIONS (default 10) concurrent connections.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// Node 22 strips the types of this dependency-free module on import.
import { publicRoutes } from "../app/content/routes.ts";
import { pageWeight } from "./page-weight.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const serverPort = Number(process.env.BENCH_PORT ?? 8796);
const proxyPort = serverPort + 1;
const origin = `http://127.0.0.1:${serverPort}`;
const compressedOrigin = `http://127.0.0.1:${proxyPort}`;
const seconds = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const chromePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";
const loadTargets = ["/", "/faq", "/timeline", "/contact"];
const lighthouseTargets = (process.env.BENCH_LIGHTHOUSE_PATHS ?? "/,/faq,/contact,/register").split(",");
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  DO_NOT_TRACK: "1",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** @param {string} message */
const say = (message) => console.log(`\n▶ ${message}`);

if (!process.argv.includes("--no-build")) {
  say("build");
  const built = spawnSync("npx", ["react-router", "build"], { cwd: root, env, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

say(`serve the built worker on ${origin}`);
const stateDir = ".wrangler/bench-state";
rmSync(`${root}${stateDir}`, { recursive: true, force: true });
const server = spawn("node", ["scripts/start.mjs"], {
  cwd: root,
  env: { ...env, PORT: String(serverPort), SKIP_BUILD: "1", STATE_DIR: stateDir },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const stopServer = () => {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stopServer);
process.on("SIGINT", () => process.exit(130));

await waitForHealth(`${origin}/api/health`, 120_000);

// The edge compresses responses; the local server does not. This proxy does
// what the edge would, so Lighthouse sees realistic transfer sizes.
const proxy = createServer((req, res) => {
  const upstream = httpRequest(
    // Ask upstream for the plain body so it is compressed exactly once, here.
    {
      host: "127.0.0.1",
      port: serverPort,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, "accept-encoding": "identity" },
    },
    (up) => {
      const chunks = [];
      up.on("data", (chunk) => chunks.push(chunk));
      up.on("end", () => {
        const body = Buffer.concat(chunks);
        const headers = { ...up.headers };
        const type = String(headers["content-type"] ?? "");
        const compressible = /text\/|javascript|json|svg|xml/.test(type);
        delete headers["content-length"];
        delete headers["transfer-encoding"];
        if (compressible && /gzip/.test(String(req.headers["accept-encoding"] ?? ""))) {
          const gz = gzipSync(body, { level: 6 });
          res.writeHead(up.statusCode ?? 200, { ...headers, "content-encoding": "gzip", "content-length": gz.length });
          res.end(gz);
        } else {
          res.writeHead(up.statusCode ?? 200, { ...headers, "content-length": body.length });
          res.end(body);
        }
      });
    },
  );
  upstream.on("error", () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
await new Promise((resolve) => proxy.listen(proxyPort, "127.0.0.1", () => resolve(undefined)));

const results = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30) },
  settings: { seconds, connections },
  bytes: /** @type {any[]} */ ([]),
  throughput: /** @type {any[]} */ ([]),
  render: /** @type {any} */ (null),
  lighthouse: /** @type {any[]} */ ([]),
};

say("bytes per route (first visit)");
for (const route of publicRoutes) results.bytes.push({ kind: route.kind, ...(await pageWeight(origin, route.path)) });
console.table(
  results.bytes.map((w) => ({
    route: w.path,
    kind: w.kind,
    status: w.status,
    "HTML gz KB": kb(w.html.gzip),
    "JS KB": kb(w.js.raw),
    "JS gz KB": kb(w.js.gzip),
    "CSS KB": kb(w.css.raw),
    "CSS gz KB": kb(w.css.gzip),
    "Cache-Control": w.cacheControl,
  })),
);

say(`throughput and latency (${connections} connections, ${seconds} s each)`);
const assetPath = await firstStylesheet("/");
for (const path of [...loadTargets, assetPath]) {
  const run = await autocannon({ url: `${origin}${path}`, connections, duration: seconds });
  results.throughput.push({
    path,
    requestsPerSecond: Math.round(run.requests.average),
    p50ms: run.latency.p50,
    p99ms: run.latency.p99,
    non2xx: run.non2xx,
    errors: run.errors,
  });
}
const asset = results.throughput.at(-1);
for (const row of results.throughput) row.ratioToAsset = +(row.requestsPerSecond / asset.requestsPerSecond).toFixed(2);
console.table(results.throughput);

say("server render CPU per request");
results.render = measureRenderCpu();
console.table(results.render.pages);

say("Lighthouse (mobile preset, gzip as the edge would)");
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  for (const path of lighthouseTargets) {
    const run = await lighthouse(`${compressedOrigin}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
    });
    const lhr = run?.lhr;
    if (!lhr) continue;
    // A failed trace scores 0 with no metrics; say why instead of printing a bare 0.
    if (lhr.runtimeError)
      console.log(`${path}: Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings ?? []) console.log(`${path}: ${warning}`);
    const score = (/** @type {string} */ id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
    results.lighthouse.push({
      path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      fcpMs: Math.round(audit("first-contentful-paint")),
      lcpMs: Math.round(audit("largest-contentful-paint")),
      tbtMs: Math.round(audit("total-blocking-time")),
      cls: +audit("cumulative-layout-shift").toFixed(3),
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id),
    });
  }
} finally {
  await chrome.kill();
}
console.table(results.lighthouse.map((row) => ({ ...row, failing: row.failing.length })));
for (const row of results.lighthouse) {
  if (row.failing.length > 0) console.log(`${row.path}: failing audits: ${row.failing.join(", ")}`);
}

mkdirSync(`${root}bench/results`, { recursive: true });
const file = `bench/results/${results.date.replace(/[:.]/g, "-")}.json`;
writeFileSync(`${root}${file}`, JSON.stringify(results, null, 2));
console.log(`\nFigures written to ${file}`);
proxy.close();
stopServer();
process.exit(0);

// ── helpers ────────────────────────────────────────────────────────────────

/** @param {number} bytes */
function kb(bytes) {
  return +(bytes / 1024).toFixed(1);
}

/** @param {string} url @param {number} timeoutMs */
async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      const body = await response.json();
      if (body?.service === "idaho-ai-challenge") return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** @param {string} path */
async function firstStylesheet(path) {
  const html = await (await fetch(`${origin}${path}`)).text();
  return /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/.exec(html)?.[1] ?? "/favicon.svg";
}

/**
 * CPU time per server render, measured by running the same built worker in
 * Node's V8 (workerd runs V8 too) and dividing process CPU time by the number
 * of renders. Bindings are stand-ins: content pages touch no database.
 */
function measureRenderCpu() {
  const script = `
    const worker = (await import(${JSON.stringify(`${root}build/server/index.js`)})).default;
    const env = { ENVIRONMENT: "development", DB: {}, NOTIFICATIONS: { send() {} }, RATE_LIMITER: { limit: async () => ({ success: true }) } };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
    const pages = [];
    for (const path of ${JSON.stringify(loadTargets)}) {
      const render = async () => { const r = await worker.fetch(new Request("http://localhost" + path), env, ctx); await r.arrayBuffer(); return r.status; };
      for (let i = 0; i < 50; i++) await render();
      const n = 300;
      const start = process.cpuUsage();
      let status = 0;
      for (let i = 0; i < n; i++) status = await render();
      const used = process.cpuUsage(start);
      pages.push({ path, status, cpuMsPerRender: +((used.user + used.system) / 1000 / n).toFixed(2) });
    }
    console.log(JSON.stringify(pages));
  `;
  const run = spawnSync("node", ["--input-type=module", "-e", script], { cwd: root, env, encoding: "utf8" });
  if (run.status !== 0) return { method: "unavailable", error: run.stderr.slice(-2000), pages: [] };
  const lastLine = run.stdout.trim().split("\n").at(-1) ?? "[]";
  return {
    method: "V8 in Node running build/server/index.js, 300 renders after 50 warm-up",
    pages: JSON.parse(lastLine),
  };
}
