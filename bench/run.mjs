#!/usr/bin/env node
// `npm run bench`: build the production bundle, serve it locally, and measure
// what matters to a visitor on a slow phone. Prints a table and writes the
// figures to bench/results/<timestamp>.json. Asserts nothing: budgets are
// reported next to the figures (docs/performance.md).
//
// Loopback only, bounded: each load test runs for BENCH_SECONDS (default 10,
// at most 20) at BENCH_CONNECTIONS (default 10) concurrent connections. A
// ratio (vote ÷ floor, a page ÷ /faq) is taken round by round: after a
// warm-up the kinds take turns, BENCH_ROUNDS times (default 3, at least 3),
// and the ratio's min / median / max over the rounds is reported.
//
// BENCH_SMOKE=1 (a step of `npm test`): every section at a tiny size, a few
// requests each, to prove the bench still runs; it fails on a section that
// cannot run or a vote that is not counted, and asserts no figure.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// Node 22 strips the types of this dependency-free module on import.
import { publicRoutes } from "../app/content/routes.ts";
import { pageWeight } from "./page-weight.mjs";
import { GALLERY_SIZES, votingRun } from "./voting.mjs";
import { DESK_SIZES, deskRun } from "./desk.mjs";
import { impactRun } from "./impact.mjs";
import { measureCredentialCpu } from "./credentials.mjs";
import { baselineRun } from "./baseline.mjs";
import { cpuAgainst, measurePages, shown, withoutRuns, workerdPids } from "./server-cost.mjs";
import { migratedState } from "../tests/migrated-state.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const serverPort = Number(process.env.BENCH_PORT ?? 8796);
const proxyPort = serverPort + 1;
const origin = `http://127.0.0.1:${serverPort}`;
const compressedOrigin = `http://127.0.0.1:${proxyPort}`;
// The smoke's tiny size: each setting below still wins when it is set.
const smoke = process.env.BENCH_SMOKE === "1";
const setting = (/** @type {string} */ name, /** @type {string} */ normal, /** @type {string} */ tiny) =>
  process.env[name] ?? (smoke ? tiny : normal);
const seconds = Math.min(Number(setting("BENCH_SECONDS", "10", "1")), 20);
const connections = Number(setting("BENCH_CONNECTIONS", "10", "2"));
// A load run of a fixed number of requests instead of BENCH_SECONDS (the smoke's few).
const requests = Number(setting("BENCH_REQUESTS", "0", "6")) || undefined;
const rounds = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
// Debian's Chromium, as the end-to-end tests run it (playwright.config.ts): its headless shell first.
const chromePath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ??
  "/usr/bin/chromium";
const loadTargets = ["/", "/faq", "/timeline", "/contact"];
const formPaths = publicRoutes.filter((route) => route.kind === "form").map((route) => route.path);
// The pages that show the recognition the site gives (issue 54), with `npm run seed -- recognition`'s sample data:
// sponsors' logos (`/` too), recognized organizations, judges' and advisors' profiles.
const recognitionPaths = ["/", "/sponsors", "/employer-recognition", "/judges-advisors"];
// Every form page, the recognition pages and /faq to compare them with; `all` for every public page.
const lighthousePaths = setting(
  "BENCH_LIGHTHOUSE_PATHS",
  [...new Set([...recognitionPaths, "/faq", ...formPaths])].join(","),
  "/contact",
);
const lighthouseTargets =
  lighthousePaths === "all" ? publicRoutes.map((route) => route.path) : lighthousePaths.split(",");
// Signed-in pages Lighthouse opens with a fresh account's session cookie (issue 34: they must not regress either).
const signedInLighthouseTargets = setting("BENCH_LIGHTHOUSE_SIGNED_IN", "/account,/judging", "")
  .split(",")
  .filter(Boolean);
// The day Lighthouse sees every page on (X-App-Now; the sample data is seeded for it): in the 2026 edition's regular
// enrollment, forms open with their prices, the seeded sponsors shown (from their approval until 30 days after the
// finals). On the real clock the pages were whatever that day made them, and the 2026 sponsors only an archive.
const lighthouseNow = process.env.BENCH_LIGHTHOUSE_NOW ?? "2026-02-10T12:00:00-07:00";
// Lighthouse varies run to run, the more so on a shared machine: each figure is the median of this many runs.
const lighthouseRuns = Math.max(1, Number(setting("BENCH_LIGHTHOUSE_RUNS", "3", "1")));
// The pages the paint section opens: every public page (the smoke: one form page, which hydrates).
const paintPaths = smoke ? ["/contact"] : publicRoutes.map((route) => route.path);
// The bytes section's pages (the smoke: one content page and one form page).
const byteRoutes = smoke ? publicRoutes.filter((route) => ["/faq", "/contact"].includes(route.path)) : publicRoutes;
const voting = {
  voters: Math.min(Math.max(Number(setting("BENCH_VOTERS", "40", "3")), 1), 200),
  votesEach: Math.min(Math.max(Number(setting("BENCH_VOTE_ROUNDS", "8", "2")), 1), 8),
  gallerySizes: smoke ? [20, 30] : undefined,
};
// The desk section (issue 56): every desk page a director opens at 20, 500 and 2,000 projects;
// the smoke: the smallest size and two pages.
// BENCH_DESK_PAGES (comma-separated desk paths; the person's and team's pages by their pattern, `/organize/people/:id`)
// and BENCH_DESK_SIZES (`20,500`) narrow it, to measure one page's change without the whole section.
const deskPagesSetting = process.env.BENCH_DESK_PAGES?.split(",").filter(Boolean);
const deskSizesSetting = process.env.BENCH_DESK_SIZES?.split(",")
  .map(Number)
  .filter((n) => n > 0);
const desk = smoke
  ? { sizes: deskSizesSetting ?? [DESK_SIZES[0] ?? 20], pages: deskPagesSetting ?? ["/organize", "/organize/report"] }
  : { sizes: deskSizesSetting ?? DESK_SIZES, pages: deskPagesSetting };
// Server renders per page in the render section, after a tenth as many to warm up.
const renders = Number(setting("BENCH_RENDERS", "300", "10"));
// BENCH_ONLY=paint,lighthouse runs only those sections (bytes, throughput, render, voting, desk, impact, credentials,
// paint, lighthouse).
const sections = new Set(
  (process.env.BENCH_ONLY ?? "bytes,throughput,render,voting,desk,impact,credentials,paint,lighthouse").split(","),
);
// BENCH_BASELINE=<git ref>: the throughput pages are measured on that commit's build too, in this run (bench/baseline.mjs).
const baselineRef = process.env.BENCH_BASELINE;
// The bench's own build (BENCH_BUILD=1: the vote's floor route and a D1 count on every response, workers/bench/),
// kept apart from build/, which the tests and deploys use.
const buildDir = "build-bench";
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  DO_NOT_TRACK: "1",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

const began = Date.now();
/** @param {string} message */
const say = (message) => console.log(`\n▶ ${message} (at ${Math.round((Date.now() - began) / 1000)} s)`);

const results = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30) },
  settings: {
    smoke,
    seconds,
    requests: requests ?? null,
    connections,
    rounds,
    lighthouseRuns,
    lighthouseNow,
    chromePath,
    loadAverage: loadavg().map((n) => +n.toFixed(2)),
  },
  bytes: /** @type {any[]} */ ([]),
  throughput: /** @type {any[]} */ ([]),
  baseline: /** @type {any} */ (null),
  render: /** @type {any} */ (null),
  voting: /** @type {any} */ (null),
  desk: /** @type {any} */ (null),
  impact: /** @type {any} */ (null),
  credentials: /** @type {any} */ (null),
  paint: /** @type {any[]} */ ([]),
  lighthouse: /** @type {any[]} */ ([]),
  summary: /** @type {any[]} */ ([]),
};
// /impact (issue 55) counts its edition live on each request the edge does not answer: its goal is 1.2× /faq.
const throughputPages = () => ["/", "/faq", "/timeline", "/contact", "/impact"].map((path) => ({ label: path, path }));

if (baselineRef && sections.has("throughput")) {
  say(
    `the same pages on ${baselineRef}'s build, before this one is served (${connections} connections, ${seconds} s each)`,
  );
  results.baseline = await baselineRun({
    root,
    ref: baselineRef,
    port: serverPort,
    env,
    pages: throughputPages(),
    connections,
    seconds,
    rounds,
    waitForHealth,
  });
  console.table(results.baseline.pages.map(withoutRuns));
}

if (!process.argv.includes("--no-build")) {
  say(`build (BENCH_BUILD=1, into ${buildDir}/)`);
  const built = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    env: { ...env, BENCH_BUILD: "1", BUILD_DIR: buildDir },
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

say(`serve the bench's build on ${origin}`);
const stateDir = ".wrangler/bench-state";
rmSync(`${root}${stateDir}`, { recursive: true, force: true });
// A copy of the migrated local D1 the tests use (tests/migrated-state.mjs): Wrangler applies the migrations once.
migratedState(stateDir);
const server = spawn("node", ["scripts/start.mjs"], {
  cwd: root,
  env: { ...env, PORT: String(serverPort), SKIP_BUILD: "1", STATE_DIR: stateDir, BUILD_DIR: buildDir },
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

if (sections.has("bytes")) {
  say("bytes per route (first visit)");
  for (const route of byteRoutes) results.bytes.push({ kind: route.kind, ...(await pageWeight(origin, route.path)) });
  console.table(
    results.bytes.map((w) => ({
      route: w.path,
      kind: w.kind,
      status: w.status,
      "HTML gz KB": kb(w.html.gzip),
      // Scripts and modulepreloads the HTML makes the browser fetch while it parses.
      "JS before paint gz KB": kb(w.js.gzip),
      "inline JS gz KB": kb(w.inline.gzip),
      // What the deferred entry loads once it runs (ADR 007).
      "JS after paint KB": kb(w.deferred.raw),
      "JS after paint gz KB": kb(w.deferred.gzip),
      "CSS gz KB": kb(w.css.gzip),
      "Cache-Control": w.cacheControl,
    })),
  );
}

if (sections.has("throughput")) {
  say(
    `throughput, latency, worker CPU and D1 statements per request (${connections} connections, ${loadSize()} each, ${rounds} rounds after a warm-up)`,
  );
  const assetPath = await firstStylesheet("/");
  results.throughput = cpuAgainst(
    await measurePages({
      origin,
      pages: [...throughputPages(), { label: "stylesheet (static asset)", path: assetPath }],
      connections,
      seconds,
      requests,
      rounds,
      pids: workerdPids(server.pid),
    }),
    "/faq",
  );
  const asset = results.throughput.at(-1);
  for (const row of results.throughput) row["req/s to asset"] = +(row["req/s"] / asset["req/s"]).toFixed(2);
  console.table(results.throughput.map(withoutRuns));
}

if (sections.has("render")) {
  say("server render CPU per request");
  results.render = measureRenderCpu();
  console.table(results.render.pages);
}

if (sections.has("voting")) {
  say(
    `audience voting against its floor, and the showcase's pages at ${(voting.gallerySizes ?? GALLERY_SIZES).join(" and ")} projects (issues 25, 34 and 56)`,
  );
  results.voting = await votingRun({
    root,
    origin,
    stateDir,
    env,
    seconds,
    connections,
    requests,
    rounds,
    ...voting,
    serverPid: server.pid,
  });
  console.table(results.voting.duties);
  console.table(results.voting.votes);
  const { voteCpuToFloor, voteThroughputToFloor, voteStatementsToFloor } = results.voting.ratios;
  console.log(
    `vote ÷ floor, round by round (min / median / max of ${rounds}): CPU ${shown(voteCpuToFloor)}, throughput ${shown(voteThroughputToFloor)}, statements ${voteStatementsToFloor}`,
  );
  console.table(results.voting.pages.map(withoutRuns));
  console.log(`sitemap.xml lists ${results.voting.sitemapProjects} project pages`);
}

if (sections.has("desk")) {
  say(
    `the organizers' desk and /account against /faq at ${desk.sizes.join(", ")} projects with their judging (issue 56; ${connections} connections, ${loadSize()} each, ${rounds} rounds after a warm-up)`,
  );
  // A server of its own on a fresh database: the seed only adds, and the voting section leaves 500 projects.
  const deskStateDir = ".wrangler/bench-desk-state";
  const deskPort = serverPort + 2;
  rmSync(`${root}${deskStateDir}`, { recursive: true, force: true });
  migratedState(deskStateDir);
  const deskServer = spawn("node", ["scripts/start.mjs"], {
    cwd: root,
    env: { ...env, PORT: String(deskPort), SKIP_BUILD: "1", STATE_DIR: deskStateDir, BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stopDeskServer = () => {
    try {
      if (deskServer.pid) process.kill(-deskServer.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stopDeskServer);
  const deskOrigin = `http://127.0.0.1:${deskPort}`;
  await waitForHealth(`${deskOrigin}/api/health`, 120_000);
  try {
    results.desk = await deskRun({
      root,
      origin: deskOrigin,
      stateDir: deskStateDir,
      env,
      seconds,
      connections,
      requests,
      rounds,
      ...desk,
      serverPid: deskServer.pid,
    });
  } finally {
    stopDeskServer();
  }
  for (const { size, seedSeconds, counts, rows } of results.desk.bySize) {
    console.log(
      `\n${size} projects (${counts?.projects} in the edition, ${counts?.judges} judges, ${counts?.assignments} assignments; seeded in ${seedSeconds} s)`,
    );
    console.table(rows.map(withoutRuns));
  }
  console.log(
    "\nEach desk page and /account ÷ /faq (CPU, min / median / max of the rounds), statements / sequential round trips, HTML:",
  );
  console.table(results.desk.table);
}

if (sections.has("impact")) {
  say(
    `/impact and an organization's report against /faq on the real clock (issue 55; ${connections} connections, ${loadSize()} each, ${rounds} rounds after a warm-up)`,
  );
  results.impact = await impactRun({
    root,
    origin,
    stateDir,
    env,
    seconds,
    connections,
    requests,
    rounds,
    projects: smoke ? 5 : 40,
    serverPid: server.pid,
  });
  console.table(results.impact.rows.map(withoutRuns));
}

if (sections.has("credentials")) {
  say("Open Badges credentials: signing and verifying CPU per credential (eddsa-rdfc-2022, issue 26)");
  results.credentials = await measureCredentialCpu(smoke ? 10 : undefined);
  console.table([results.credentials]);
}

if (sections.has("paint")) {
  say("JavaScript before and after the first paint (Chromium, gzip as the edge would)");
  results.paint = await measurePaint(paintPaths);
  console.table(results.paint);
}

if (sections.has("lighthouse")) {
  say(`sample recognition for Lighthouse's day, ${lighthouseNow} (npm run seed -- recognition)`);
  const seeded = spawnSync("node", ["scripts/seed-projects.mjs", "recognition"], {
    cwd: root,
    env: { ...env, STATE_DIR: stateDir, APP_NOW: lighthouseNow },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seed recognition failed: ${seeded.stderr}`);
  console.log(seeded.stdout.trim());
  say(
    `Lighthouse (mobile preset, simulated throttling, gzip as the edge would; median of ${lighthouseRuns}; on ${lighthouseNow})`,
  );
  results.lighthouse = [
    ...(await runLighthouse(lighthouseTargets)),
    ...(signedInLighthouseTargets.length > 0
      ? await runLighthouse(signedInLighthouseTargets, await freshSessionCookie())
      : []),
  ];
  console.table(
    results.lighthouse.map((row) => ({
      ...Object.fromEntries(Object.entries(row).filter(([key]) => key !== "runs")),
      failing: row.failing.length,
    })),
  );
  for (const row of results.lighthouse) {
    if (row.failing.length > 0) console.log(`${row.path}: failing audits: ${row.failing.join(", ")}`);
  }
}

say("issues 34, 55 and 56: the figures, from this run");
results.summary = doneWhen();
console.table(results.summary);

// The smoke asserts no figure, only that every section ran and every vote counted.
const smokeProblems = smoke ? smokeCheck() : [];
for (const problem of smokeProblems) console.error(`✗ ${problem}`);

mkdirSync(`${root}bench/results`, { recursive: true });
const file = `bench/results/${results.date.replace(/[:.]/g, "-")}.json`;
writeFileSync(`${root}${file}`, JSON.stringify(results, null, 2));
console.log(`\nFigures written to ${file}`);
proxy.close();
stopServer();
process.exit(smokeProblems.length > 0 ? 1 : 0);

// ── helpers ────────────────────────────────────────────────────────────────

/** Issue 34's "done when", each figure beside its bound (null where a section did not run). */
function doneWhen() {
  const voting = results.voting;
  const [floor, vote] = voting?.votes ?? [];
  const [smallGallery, largeGallery] = voting?.gallerySizes ?? [20, 500];
  const gallery = `${largeGallery} / ${smallGallery}`;
  const faq = results.throughput.find((row) => row.path === "/faq");
  const baselineFaq = results.baseline?.pages.find((/** @type {any} */ row) => row.path === "/faq");
  const faqChange =
    faq?.["CPU ms/req"] && baselineFaq?.["CPU ms/req"]
      ? +((faq["CPU ms/req"] / baselineFaq["CPU ms/req"] - 1) * 100).toFixed(1)
      : null;
  return [
    {
      figure: "vote CPU / floor CPU (min / median / max)",
      measured: shown(voting?.ratios.voteCpuToFloor ?? null),
      bound: "≤ 1.2",
    },
    {
      figure: "vote throughput / floor's (min / median / max)",
      measured: shown(voting?.ratios.voteThroughputToFloor ?? null),
      bound: "≥ 0.8",
    },
    { figure: "vote statements / floor's", measured: voting?.ratios.voteStatementsToFloor ?? null, bound: "1" },
    { figure: "D1 statements per vote (max)", measured: vote?.maxStatementsPerVote ?? null, bound: "≤ 2" },
    { figure: "vote errors", measured: vote?.errors ?? null, bound: "0" },
    {
      figure: "floor refuses what the vote refuses",
      measured: voting ? voting.duties.every((/** @type {any} */ row) => row.met) : null,
      bound: "true",
    },
    { figure: "tallies equal votes cast", measured: vote?.talliesEqualVotesCast ?? null, bound: "true" },
    { figure: "floor: statements per vote", measured: floor?.maxStatementsPerVote ?? null, bound: "(2)" },
    {
      figure: "project page CPU, signed in / anonymous",
      measured: shown(voting?.ratios.signedInProjectCpuToAnonymous ?? null),
      bound: "≤ 1.5",
    },
    {
      figure: `/faq CPU against ${baselineRef ?? "(BENCH_BASELINE unset)"}, %`,
      measured: faqChange,
      bound: "≤ -15",
    },
    {
      figure: `/showcase CPU, ${gallery} projects (each ÷ /faq)`,
      measured: shown(voting?.ratios.showcaseLargeCpuToSmall ?? null),
      bound: "≤ 1.2",
    },
    {
      figure: `/showcase HTML, ${gallery} projects`,
      measured: voting?.ratios.showcaseLargeHtmlToSmall ?? null,
      bound: "≤ 1.2",
    },
    {
      figure: `sitemap: project pages at ${largeGallery}`,
      measured: voting?.sitemapProjects ?? null,
      bound: String(largeGallery),
    },
    ...deskGoals(),
    ...impactGoals(),
  ];
}

/** Issue 55's bench goal: /impact and an organization's report within 1.2× /faq's CPU (none where the section did not run). */
function impactGoals() {
  return (results.impact?.rows ?? [])
    .filter((/** @type {any} */ row) => row.page !== "/faq")
    .map((/** @type {any} */ row) => ({
      figure: `${row.page} CPU ÷ /faq (min / median / max)`,
      measured: row["CPU ÷ /faq"],
      bound: "≤ 1.2",
    }));
}

/** Issue 56's goals for the desk, each the worst page's figure and that page (none where the section did not run). */
function deskGoals() {
  const bySize = results.desk?.bySize ?? [];
  if (bySize.length === 0) return [];
  const middle = bySize.find((/** @type {{ size: number }} */ size) => size.size === 500) ?? bySize.at(-1);
  const first = bySize[0];
  const last = bySize.at(-1);
  const median = (/** @type {string | null | undefined} */ cell) => Number(cell?.split(" / ")[1]) || 0;
  /** The row of the highest `pick` over `rows` (/faq left out), as "figure (page)". @param {any[]} rows @param {(row: any) => number} pick */
  const worst = (rows, pick) => {
    const top = rows.filter((row) => row.page !== "/faq").sort((a, b) => pick(b) - pick(a))[0];
    return top ? `${+pick(top).toFixed(2)} (${top.page})` : null;
  };
  const allRows = bySize.flatMap((/** @type {{ rows: any[] }} */ size) => size.rows);
  return [
    {
      figure: `desk page CPU ÷ /faq at ${middle.size} projects, worst median`,
      measured: worst(middle.rows, (row) => median(row["CPU ÷ /faq"])),
      bound: "≤ 2",
    },
    {
      figure: `desk page CPU ÷ /faq, ${last.size} ÷ ${first.size} projects, worst`,
      measured: worst(results.desk.table, (row) => row[`${last.size} ÷ ${first.size}`] ?? 0),
      bound: "≤ 1.3",
    },
    {
      figure: "desk page and /account: sequential round trips, worst",
      measured: worst(allRows, (row) => row["D1 sequential round trips"] ?? 0),
      bound: "≤ 3",
    },
    {
      figure: "/organize/report HTML KB, largest",
      measured: largestOrNull(
        allRows.filter((row) => row.page === "/organize/report").map((row) => row["HTML KB"] ?? 0),
      ),
      bound: "≤ 60",
    },
  ];
}

/** What the smoke fails on: a section that produced nothing, a vote not counted. */
function smokeCheck() {
  const problems = [];
  const empty = (/** @type {string} */ section, /** @type {unknown[] | undefined | null} */ rows) => {
    if (sections.has(section) && !(rows && rows.length > 0)) problems.push(`${section}: no figures`);
  };
  empty("bytes", results.bytes);
  empty("throughput", results.throughput);
  empty("render", results.render?.pages);
  empty("voting", results.voting?.votes);
  empty("desk", results.desk?.table);
  empty("impact", results.impact?.rows);
  empty("credentials", results.credentials ? [results.credentials] : null);
  empty("paint", results.paint);
  empty("lighthouse", results.lighthouse);
  for (const row of results.render?.pages ?? []) {
    if (row.status !== 200) problems.push(`render ${row.path}: ${row.status}`);
  }
  for (const row of results.voting?.duties ?? []) {
    if (!row.met)
      problems.push(`${row.duty}: the floor answered ${row.floor}, the vote ${row.vote}, not ${row.expected}`);
  }
  for (const row of results.voting?.votes ?? []) {
    if (!row.talliesEqualVotesCast) problems.push(`${row.route}: the tallies differ from the votes cast`);
    if (row.errors > 0 || row.refused > 0) problems.push(`${row.route}: ${row.errors} errors, ${row.refused} refused`);
    if (row.maxStatementsPerVote > 2) problems.push(`${row.route}: ${row.maxStatementsPerVote} statements a vote`);
  }
  const deskRows = (results.desk?.bySize ?? []).flatMap((/** @type {{ rows: any[] }} */ size) => size.rows);
  for (const row of [
    ...results.throughput,
    ...(results.voting?.pages ?? []),
    ...deskRows,
    ...(results.impact?.rows ?? []),
  ]) {
    if (row.errors > 0 || row["non-2xx"] > 0)
      problems.push(`${row.page}: ${row.errors} errors, ${row["non-2xx"]} non-2xx`);
  }
  return problems;
}

/** How long each load run lasts, for a heading. */
function loadSize() {
  return requests ? `${requests} requests` : `${seconds} s`;
}

/** @param {number} bytes */
function kb(bytes) {
  return +(bytes / 1024).toFixed(1);
}

/**
 * Each page in a fresh browser context (a first visit, nothing cached): the
 * JavaScript files it requests before and after its first contentful paint,
 * gzipped bytes as transferred through the compressing proxy, and when React
 * has hydrated it (pages that hydrate set data-hydrated on <html>).
 * @param {string[]} paths
 */
async function measurePaint(paths) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  const rows = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${compressedOrigin}${path}`, { waitUntil: "load" });
      const hydrates = (await page.locator("script[data-deferred-entry]").count()) > 0;
      if (hydrates) {
        await page.waitForSelector("html[data-hydrated=true]", { timeout: 30_000 });
      } else {
        // Nothing should come; give it a moment to prove it.
        await page.waitForTimeout(500);
      }
      const figures = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        const scripts = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource")).filter(
          (entry) => new URL(entry.name).pathname.endsWith(".js"),
        );
        const before = scripts.filter((entry) => entry.startTime < paint);
        const after = scripts.filter((entry) => entry.startTime >= paint);
        const bytes = (/** @type {PerformanceResourceTiming[]} */ list) =>
          list.reduce((sum, entry) => sum + entry.encodedBodySize, 0);
        const navigation = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType("navigation")[0]);
        return {
          fcpMs: Math.round(paint),
          loadMs: Math.round(navigation.loadEventStart),
          beforeFiles: before.length,
          beforeBytes: bytes(before),
          afterFiles: after.length,
          afterBytes: bytes(after),
          firstScriptMs: scripts.length ? Math.round(Math.min(...scripts.map((entry) => entry.startTime))) : null,
        };
      });
      const hydratedMs = hydrates
        ? await page.evaluate(() => Math.round(performance.getEntriesByName("hydrated")[0]?.startTime ?? NaN))
        : null;
      rows.push({
        path,
        "FCP ms": figures.fcpMs,
        "load ms": figures.loadMs,
        "JS before paint (files)": figures.beforeFiles,
        "JS before paint gz KB": kb(figures.beforeBytes),
        "JS after paint (files)": figures.afterFiles,
        "JS after paint gz KB": kb(figures.afterBytes),
        "first script ms": figures.firstScriptMs,
        hydrated: hydrates ? "yes" : "—",
        "hydrated ms": Number.isNaN(hydratedMs) ? null : hydratedMs,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * Lighthouse's mobile preset (simulated slow 4G and 4x CPU slowdown) on each
 * page, `lighthouseRuns` times; every figure is the median of its runs.
 * With a cookie, the pages are opened signed in (and named so in the rows).
 * @param {string[]} paths
 * @param {string} [cookie]
 */
async function runLighthouse(paths, cookie) {
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
  const rows = [];
  try {
    for (const path of paths) {
      const runs = [];
      // A run whose trace failed (NO_NAVSTART and the like, seen on a busy machine) is
      // reported and run again, up to two extra attempts, rather than counted as a 0.
      for (let attempt = 0; runs.length < lighthouseRuns && attempt < lighthouseRuns + 2; attempt++) {
        const run = await lighthouse(`${compressedOrigin}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          extraHeaders: { "x-app-now": lighthouseNow, ...(cookie ? { cookie } : {}) },
        });
        const lhr = run?.lhr;
        if (!lhr) continue;
        if (lhr.runtimeError) {
          console.log(`${path}: Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          continue;
        }
        for (const warning of lhr.runWarnings ?? []) console.log(`${path}: ${warning}`);
        const score = (/** @type {string} */ id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
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
      if (runs.length === 0) continue;
      const median = (/** @type {(run: any) => number} */ pick) => {
        const sorted = runs.map(pick).sort((a, b) => a - b);
        return sorted[Math.floor(sorted.length / 2)];
      };
      rows.push({
        path: cookie ? `${path} (signed in)` : path,
        performance: median((r) => r.performance),
        "performance (runs)": runs.map((r) => r.performance).join(" "),
        accessibility: median((r) => r.accessibility),
        bestPractices: median((r) => r.bestPractices),
        seo: median((r) => r.seo),
        fcpMs: median((r) => r.fcpMs),
        lcpMs: median((r) => r.lcpMs),
        tbtMs: median((r) => r.tbtMs),
        "tbtMs (runs)": runs.map((r) => r.tbtMs).join(" "),
        cls: median((r) => r.cls),
        failing: [...new Set(runs.flatMap((r) => r.failing))],
        runs,
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

/** A new account's session cookie (sign-up signs in), for the signed-in pages' Lighthouse runs. */
async function freshSessionCookie() {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: "a bench passphrase",
      name: "Bench Reader",
    }),
  });
  if (response.status !== 200) throw new Error(`bench sign-up: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
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

/** 2026's stored document, as migration 0031 writes it (the render section's stand-in database answers with it). */
function edition2026Document() {
  const sql = readFileSync(`${root}migrations/0031_edition_2026.sql`, "utf8");
  const literal = /^\s*'(\{"id":"2026".*\})',\s*$/m.exec(sql)?.[1];
  if (!literal) throw new Error("migrations/0031_edition_2026.sql holds no 2026 document");
  return literal.replaceAll("''", "'");
}

/**
 * CPU time per server render, measured by running the same built worker in
 * Node's V8 (workerd runs V8 too) and dividing process CPU time by the number
 * of renders. Bindings are stand-ins: content pages touch no database.
 */
function measureRenderCpu() {
  const script = `
    const worker = (await import(${JSON.stringify(`${root}${buildDir}/server/index.js`)})).default;
    // A database that answers every statement with no rows (the pages render as on an empty edition), but the
    // editions' two reads (ADR 024), which get 2026 as migration 0031 wrote it: pages cannot render without one.
    const empty = { results: [], success: true, meta: {} };
    const answers = [
      ["edition_catalog", [{ version: 1 }]],
      ["edition_versions", [{ edition_id: "2026", version: 1, document: ${JSON.stringify(edition2026Document())} }]],
    ];
    const answerTo = (sql) => {
      const found = answers.find(([table]) => sql.includes(table));
      return found ? { ...empty, results: found[1] } : empty;
    };
    const statementOf = (sql) => {
      const statement = {
        sql,
        bind: () => statement,
        all: async () => answerTo(sql),
        run: async () => answerTo(sql),
        first: async () => answerTo(sql).results[0] ?? null,
        raw: async () => answerTo(sql).results.map((row) => Object.values(row)),
      };
      return statement;
    };
    const DB = { prepare: statementOf, batch: async (list) => list.map((statement) => answerTo(statement.sql)) };
    const env = { ENVIRONMENT: "development", DB, NOTIFICATIONS: { send() {} }, RATE_LIMITER: { limit: async () => ({ success: true }) } };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
    const pages = [];
    for (const path of ${JSON.stringify(loadTargets)}) {
      const render = async () => { const r = await worker.fetch(new Request("http://localhost" + path), env, ctx); await r.arrayBuffer(); return r.status; };
      const n = ${renders};
      for (let i = 0; i < Math.ceil(n / 6); i++) await render();
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
    method: `V8 in Node running ${buildDir}/server/index.js, ${renders} renders after ${Math.ceil(renders / 6)} warm-up`,
    pages: JSON.parse(lastLine),
  };
}

/** The largest of `values`, or null when there is none (BENCH_DESK_PAGES left the page out). @param {number[]} values */
function largestOrNull(values) {
  return values.length > 0 ? Math.max(...values) : null;
}
