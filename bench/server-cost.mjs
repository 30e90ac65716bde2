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
  // Round trips one after another (issue 56); absent from an older build's header.
  const sequentialMatch = /sequential=(\d+)/.exec(header);
  const sequential = sequentialMatch ? Number(sequentialMatch[1]) : null;
  return { statements, roundTrips, sequential };
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
 * A load run on one URL: autocannon at `connections` for `seconds`, or `requests`
 * requests with fetch (the smoke's few), with workerd's CPU over the same span.
 * @param {{ url: string, headers?: Record<string, string>, connections: number, seconds: number, requests?: number, pids: number[] }} options
 */
export async function loadRun({ url, headers = {}, connections, seconds, requests, pids }) {
  if (requests) return fewRequests({ url, headers, connections, requests, pids });
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
 * `requests` requests, `connections` at a time, with fetch: the smoke's few
 * (autocannon samples once a second, so a run of it lasts a second at least).
 * @param {{ url: string, headers: Record<string, string>, connections: number, requests: number, pids: number[] }} options
 */
async function fewRequests({ url, headers, connections, requests, pids }) {
  const cpu0 = cpuSeconds(pids);
  const began = performance.now();
  /** @type {number[]} */
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(connections, requests) }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        try {
          const response = await fetch(url, { headers, redirect: "manual" });
          await response.arrayBuffer();
          if (response.status < 200 || response.status >= 300) non2xx += 1;
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const cpu = cpuSeconds(pids) - cpu0;
  latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ q) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN);
  return {
    requestsPerSecond: +(latencies.length / elapsed).toFixed(1),
    p50ms: at(0.5),
    p99ms: at(0.99),
    requests: latencies.length,
    non2xx,
    errors,
    cpuMsPerRequest: pids.length && latencies.length ? +((cpu * 1000) / latencies.length).toFixed(2) : null,
  };
}

/** The least, the middle and the greatest of some figures (null ones left out). @param {(number | null | undefined)[]} values */
export function spread(values) {
  const sorted = /** @type {number[]} */ (values.filter((v) => typeof v === "number" && Number.isFinite(v))).sort(
    (a, b) => a - b,
  );
  if (sorted.length === 0) return null;
  const median =
    sorted.length % 2 === 1
      ? /** @type {number} */ (sorted[(sorted.length - 1) / 2])
      : /** @type {number} */ (sorted[sorted.length / 2 - 1] + /** @type {number} */ (sorted[sorted.length / 2])) / 2;
  const round = (/** @type {number} */ n) => +n.toFixed(2);
  return {
    min: round(/** @type {number} */ (sorted[0])),
    median: round(median),
    max: round(/** @type {number} */ (sorted.at(-1))),
  };
}

/** "min / median / max", for a table's cell. @param {{ min: number, median: number, max: number } | null} figures */
export function shown(figures) {
  return figures ? `${figures.min} / ${figures.median} / ${figures.max}` : null;
}

/**
 * A ratio taken round by round (issue 56): `pick(a) / pick(b)` for the runs of
 * each round, both measured in that round, then its spread over the rounds.
 * @template T
 * @param {T[]} a @param {T[]} b @param {(run: T) => number | null | undefined} pick
 */
export function ratioByRound(a, b, pick) {
  return spread(
    a.map((run, round) => {
      const top = pick(run);
      const bottom = b[round] === undefined ? null : pick(/** @type {T} */ (b[round]));
      return top && bottom ? top / bottom : null;
    }),
  );
}

/**
 * Runs `kinds` round by round (issue 56): one warm-up run of each, then
 * `rounds` rounds in which each kind runs once, in turn (the order reversed
 * every other round), so a change in the machine's load falls on every kind
 * alike and a ratio is taken between runs of the same round.
 * @template T
 * @param {{ kinds: number, rounds: number, run: (kind: number, warmUp: boolean) => Promise<T> }} options
 * @returns {Promise<T[][]>} each kind's runs, one a round (the warm-up left out)
 */
export async function inRounds({ kinds, rounds, run }) {
  const order = Array.from({ length: kinds }, (_, kind) => kind);
  for (const kind of order) await run(kind, true);
  /** @type {T[][]} */
  const runs = order.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const kind of round % 2 === 0 ? order : [...order].reverse()) runs[kind]?.push(await run(kind, false));
  }
  return runs;
}

/**
 * Each page under load, round by round (`inRounds`), with its D1 count and
 * HTML size from one probe first. A row's figures are the medians of its
 * rounds; `runs` keeps every round's, for ratios (`ratioByRound`).
 * @param {{ origin: string, pages: { label: string, path: string, headers?: Record<string, string> }[], connections: number, seconds: number, requests?: number, rounds: number, pids: number[] }} options
 */
export async function measurePages({ origin, pages, connections, seconds, requests, rounds, pids }) {
  const probes = [];
  for (const page of pages) probes.push(await probe(`${origin}${page.path}`, page.headers));
  const runs = await inRounds({
    kinds: pages.length,
    rounds,
    run: (kind, warmUp) => {
      const page = /** @type {(typeof pages)[number]} */ (pages[kind]);
      return loadRun({
        url: `${origin}${page.path}`,
        headers: page.headers,
        connections,
        // A warm-up is short: it only has to bring the code paths in.
        seconds: warmUp ? Math.min(seconds, 2) : seconds,
        requests,
        pids,
      });
    },
  });
  return pages.map((page, index) => {
    const first = /** @type {Awaited<ReturnType<typeof probe>>} */ (probes[index]);
    const own = runs[index] ?? [];
    const cpu = spread(own.map((run) => run.cpuMsPerRequest));
    return {
      page: page.label,
      path: page.path,
      status: first.status,
      "HTML KB": +(first.bytes / 1024).toFixed(1),
      "req/s": spread(own.map((run) => run.requestsPerSecond))?.median ?? null,
      "p50 ms": spread(own.map((run) => run.p50ms))?.median ?? null,
      "p99 ms": spread(own.map((run) => run.p99ms))?.median ?? null,
      "CPU ms/req": cpu?.median ?? null,
      "CPU ms/req (min / median / max)": shown(cpu),
      "D1 statements": first.d1?.statements ?? null,
      "D1 round trips": first.d1?.roundTrips ?? null,
      "D1 sequential round trips": first.d1?.sequential ?? null,
      "non-2xx": own.reduce((sum, run) => sum + run.non2xx, 0),
      errors: own.reduce((sum, run) => sum + run.errors, 0),
      runs: own,
    };
  });
}

/**
 * Each row's CPU per request against `reference`'s (a page of the same
 * measurement), round by round: "min / median / max".
 * @param {any[]} rows @param {string} reference the reference row's label
 */
export function cpuAgainst(rows, reference) {
  const base = rows.find((row) => row.page === reference);
  for (const row of rows) {
    row[`CPU ÷ ${reference}`] = base ? shown(ratioByRound(row.runs, base.runs, (run) => run.cpuMsPerRequest)) : null;
  }
  return rows;
}

/**
 * Pages with a reference page run between every `every` of them (and first and last): a long round
 * takes minutes, and one reference run a round, a moment's low or high, moved every page's ratio in it.
 * @template {{ label: string }} P
 * @param {P[]} pages @param {P} reference @param {number} every
 * @returns {(P & { reference?: true })[]}
 */
export function withReferences(pages, reference, every) {
  /** @type {(P & { reference?: true })[]} */
  const list = [];
  pages.forEach((page, index) => {
    if (index % every === 0) list.push({ ...reference, reference: true });
    list.push(page);
  });
  list.push({ ...reference, reference: true });
  return list;
}

/**
 * Each row's CPU per request against the reference runs nearest it (`withReferences`'s order), round by round:
 * the mean of the reference just before and just after it in the list, as both ran in that round. The
 * reference rows come back as one, named after the reference, its CPU against all its runs' mean.
 * @param {any[]} rows measurePages' rows of `withReferences`' pages, in its order
 * @param {boolean[]} isReference which rows are the reference's @param {string} reference the reference's label
 */
export function cpuAgainstNearest(rows, isReference, reference) {
  const cpu = (/** @type {any} */ run) => run?.cpuMsPerRequest ?? null;
  const indexes = rows.flatMap((_, index) => (isReference[index] ? [index] : []));
  const mean = (/** @type {(number | null)[]} */ values) => {
    const known = /** @type {number[]} */ (values.filter((v) => typeof v === "number" && v > 0));
    return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
  };
  const rounds = rows[0]?.runs.length ?? 0;
  const ratio = (/** @type {any} */ row, /** @type {(round: number) => number | null} */ base) =>
    shown(
      spread(
        Array.from({ length: rounds }, (_, round) => {
          const top = cpu(row.runs[round]);
          const bottom = base(round);
          return top && bottom ? top / bottom : null;
        }),
      ),
    );
  const [firstReference] = indexes;
  if (firstReference === undefined) return rows;
  const referenceRow = {
    ...rows[firstReference],
    page: reference,
    runs: Array.from({ length: rounds }, (_, round) => ({
      cpuMsPerRequest: mean(indexes.map((index) => cpu(rows[index].runs[round]))),
    })),
    errors: indexes.reduce((sum, index) => sum + rows[index].errors, 0),
    "non-2xx": indexes.reduce((sum, index) => sum + rows[index]["non-2xx"], 0),
  };
  referenceRow[`CPU ÷ ${reference}`] = "1 / 1 / 1";
  return [
    referenceRow,
    ...rows.flatMap((row, index) => {
      if (isReference[index]) return [];
      const before = indexes.filter((at) => at < index).at(-1);
      const after = indexes.find((at) => at > index);
      const near = [before, after].flatMap((at) => (at === undefined ? [] : [rows[at]]));
      return [
        { ...row, [`CPU ÷ ${reference}`]: ratio(row, (round) => mean(near.map((other) => cpu(other.runs[round])))) },
      ];
    }),
  ];
}

/** A row for console.table, without its rounds. @param {any} row */
export function withoutRuns(row) {
  return Object.fromEntries(Object.entries(row).filter(([key]) => key !== "runs"));
}
