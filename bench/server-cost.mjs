// Where a request's cost goes on the server (issue 34): the worker's CPU time
// per request and its D1 statements per request, beside requests per second
// and latency. CPU is the worker's workerd process's user + system time from
// /proc over a load run, divided by the requests served: the worker, its
// local D1 and workerd's own plumbing, which a static asset measures alone.
// Statements are counted by the bench's build itself (workers/bench/counted.ts
// reports them on every response), never inferred from timing.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/**
 * The workerd process that runs the worker (and its local D1 and assets) in
 * a `wrangler dev` process group: the one with an inspector. `wrangler dev`
 * starts a second workerd in front of it, a proxy that a deployed worker does
 * not have; its CPU is left out. If no process can be told apart, all of them.
 * @param {number | undefined} pgid
 */
export function workerdPids(pgid) {
  if (!pgid) return [];
  const ps = spawnSync("ps", ["-o", "pid=,comm=", "-g", String(pgid)], { encoding: "utf8" });
  const all = ps.stdout
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, comm]) => comm === "workerd")
    .map(([pid]) => Number(pid));
  const runtime = all.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--inspector-addr");
    } catch {
      return false;
    }
  });
  return runtime.length > 0 ? runtime : all;
}

/** CPU seconds (user + system) of processes, from /proc (clock ticks of 1/100 s). @param {number[]} pids */
export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}

/**
 * The D1 statements and round trips the bench's build reported for one
 * response (null from a build that does not count them).
 * @param {Response} response
 */
export function d1Of(response) {
  const header = response.headers.get("x-bench-d1");
  if (!header) return null;
  const statements = Number(/statements=(\d+)/.exec(header)?.[1]);
  const roundTrips = Number(/round-trips=(\d+)/.exec(header)?.[1]);
  return { statements, roundTrips };
}

/**
 * One request, as the load run sends it: the status, the HTML's size, the
 * D1 count and the Cache-Control.
 * @param {string} url @param {Record<string, string>} headers
 */
export async function probe(url, headers = {}) {
  const response = await fetch(url, { headers, redirect: "manual" });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    bytes: body.byteLength,
    d1: d1Of(response),
    cacheControl: response.headers.get("cache-control"),
    html: new TextDecoder().decode(body),
  };
}

/**
 * A load run on one URL: autocannon at `connections` for `seconds`, with
 * workerd's CPU over the same span.
 * @param {{ url: string, headers?: Record<string, string>, connections: number, seconds: number, pids: number[] }} options
 */
export async function loadRun({ url, headers = {}, connections, seconds, pids }) {
  const cpu0 = cpuSeconds(pids);
  const run = await autocannon({ url, headers, connections, duration: seconds });
  const cpu = cpuSeconds(pids) - cpu0;
  const served = run.requests.total;
  return {
    requestsPerSecond: Math.round(run.requests.average),
    p50ms: run.latency.p50,
    p99ms: run.latency.p99,
    requests: served,
    non2xx: run.non2xx,
    errors: run.errors + run.timeouts,
    cpuMsPerRequest: pids.length && served ? +((cpu * 1000) / served).toFixed(2) : null,
  };
}

/**
 * Each page under load, with its D1 count and HTML size from one probe first.
 * @param {{ origin: string, pages: { label: string, path: string, headers?: Record<string, string> }[], connections: number, seconds: number, pids: number[] }} options
 */
export async function measurePages({ origin, pages, connections, seconds, pids }) {
  const rows = [];
  for (const page of pages) {
    const first = await probe(`${origin}${page.path}`, page.headers);
    const load = await loadRun({ url: `${origin}${page.path}`, headers: page.headers, connections, seconds, pids });
    rows.push({
      page: page.label,
      path: page.path,
      status: first.status,
      "HTML KB": +(first.bytes / 1024).toFixed(1),
      "req/s": load.requestsPerSecond,
      "p50 ms": load.p50ms,
      "p99 ms": load.p99ms,
      "CPU ms/req": load.cpuMsPerRequest,
      "D1 statements": first.d1?.statements ?? null,
      "D1 round trips": first.d1?.roundTrips ?? null,
      "non-2xx": load.non2xx,
      errors: load.errors,
    });
  }
  return rows;
}
