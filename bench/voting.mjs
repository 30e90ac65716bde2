// The last evening of a public vote (issue 25): N accounts voting and
// re-voting at once against the built worker on loopback, and the gallery's
// render cost. Called by bench/run.mjs (section "voting"); bounded in count
// (BENCH_VOTERS, default 40, at most 200; BENCH_VOTE_ROUNDS, default 4, at
// most 8, under the vote's per-account allowance) and time (the run stops
// issuing votes after BENCH_SECONDS). Reports votes per second, p50/p99,
// errors, and checks that the final tallies equal the votes cast: each
// account's last accepted vote, counted once.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { query } from "../scripts/admin.mjs";
import { seedPasswordHash, SEED_PASSWORD } from "../scripts/seed-projects.mjs";

/** Inside the showcase window of the 2026 edition; the server is not in production, so the header moves its clock. */
const SHOWCASE_NOW = "2026-03-25T20:00:00-06:00";

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

/** A small deterministic generator, so two runs vote alike. @param {number} seed */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * @param {{ root: string, origin: string, stateDir: string, env: NodeJS.ProcessEnv, seconds: number, serverPid?: number }} options
 */
export async function votingRun({ root, origin, stateDir, env, seconds, serverPid }) {
  const voters = Math.min(Math.max(Number(process.env.BENCH_VOTERS ?? 40), 1), 200);
  const rounds = Math.min(Math.max(Number(process.env.BENCH_VOTE_ROUNDS ?? 4), 1), 8);
  const target = { remote: false, stateDir };
  const seeded = spawnSync("node", ["scripts/seed-projects.mjs", "projects", "--count", "20", "--no-files"], {
    cwd: root,
    env: { ...env, STATE_DIR: stateDir, APP_NOW: SHOWCASE_NOW },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  const projects = query(
    "SELECT team_id, slug FROM submissions WHERE edition_id = '2026' AND public_consent = 1 ORDER BY slug",
    target,
  ).map((r) => ({ teamId: String(r.team_id), slug: String(r.slug) }));

  // Verified voters who enrolled before the showcase, one address each (the sign-in allowance is per client).
  const hash = seedPasswordHash();
  const people = Array.from({ length: voters }, (_, i) => ({
    id: `bench-voter-${i}`,
    email: `bench-voter-${i}@bench.example.com`,
    ip: `10.${100 + Math.floor(i / 250)}.${i % 250}.${1 + (i % 200)}`,
    cookie: "",
  }));
  const created = Date.parse("2026-01-15T12:00:00-07:00");
  query(
    people
      .flatMap((p) => [
        `INSERT OR IGNORE INTO user (id, name, email, email_verified, created_at, updated_at) VALUES ('${p.id}', 'Bench Voter', '${p.email}', 1, ${created}, ${created})`,
        `INSERT OR IGNORE INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES ('${p.id}-credential', '${p.id}', 'credential', '${p.id}', '${hash}', ${created}, ${created})`,
      ])
      .join(";\n"),
    target,
  );
  query("DELETE FROM showcase_votes WHERE user_id LIKE 'bench-voter-%'", target);

  const headers = (/** @type {{ ip: string, cookie?: string }} */ p) => ({
    origin,
    "cf-connecting-ip": p.ip,
    "x-app-now": SHOWCASE_NOW,
    ...(p.cookie ? { cookie: p.cookie } : {}),
  });
  // Sign in one by one (each is a deliberately slow password hash), trying a dropped connection again.
  for (const p of people) {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(`${origin}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { ...headers(p), "content-type": "application/json" },
          body: JSON.stringify({ email: p.email, password: SEED_PASSWORD }),
        });
        if (response.status !== 200)
          throw new Error(`sign-in of ${p.email}: ${response.status} ${await response.text()}`);
        p.cookie = response.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      }
    }
  }

  /** @type {number[]} */
  const latencies = [];
  let accepted = 0;
  let refused = 0;
  let failed = 0;
  /** @type {Map<string, string>} account → the project of its last accepted vote */
  const expected = new Map();
  const stopAt = Date.now() + seconds * 1000;
  const began = performance.now();
  await Promise.all(
    people.map(async (p, index) => {
      const next = random(index + 1);
      for (let round = 0; round < rounds && Date.now() < stopAt; round++) {
        const project = projects[Math.floor(next() * projects.length)];
        if (!project) break;
        const t0 = performance.now();
        try {
          const response = await fetch(`${origin}/showcase/${project.slug}`, {
            method: "POST",
            headers: { ...headers(p), "content-type": "application/x-www-form-urlencoded" },
            body: "intent=vote",
            redirect: "manual",
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (response.status === 303) {
            accepted += 1;
            expected.set(p.id, project.teamId);
          } else refused += 1; // own project (a seeded voter would be one), or over the allowance
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const stored = query("SELECT user_id, team_id FROM showcase_votes WHERE user_id LIKE 'bench-voter-%'", target);
  const tally = (/** @type {Iterable<string>} */ teams) => {
    /** @type {Record<string, number>} */
    const counts = {};
    for (const team of teams) counts[team] = (counts[team] ?? 0) + 1;
    return counts;
  };
  const storedTally = tally(stored.map((r) => String(r.team_id)));
  const expectedTally = tally(expected.values());
  const sameTallies =
    stored.length === expected.size &&
    Object.keys({ ...storedTally, ...expectedTally }).every((team) => storedTally[team] === expectedTally[team]) &&
    stored.every((r) => expected.get(String(r.user_id)) === String(r.team_id));
  latencies.sort((a, b) => a - b);
  const voting = {
    voters,
    rounds,
    projects: projects.length,
    votesSent: latencies.length + failed,
    accepted,
    refused,
    errors: failed,
    seconds: +elapsed.toFixed(2),
    votesPerSecond: +(accepted / elapsed).toFixed(1),
    p50ms: +quantile(latencies, 0.5).toFixed(1),
    p99ms: +quantile(latencies, 0.99).toFixed(1),
    accountsCounted: stored.length,
    talliesEqualVotesCast: sameTallies,
  };

  const gallery = await galleryRenderCpu(origin, projects[0]?.slug ?? "", serverPid);
  return { voting, gallery };
}

/** workerd's processes in the server's process group. @param {number} pgid */
function workerdPids(pgid) {
  const ps = spawnSync("ps", ["-o", "pid=,comm=", "-g", String(pgid)], { encoding: "utf8" });
  return ps.stdout
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, comm]) => comm === "workerd")
    .map(([pid]) => Number(pid));
}

/** CPU seconds (user + system) of processes, from /proc (clock ticks of 1/100 s). @param {number[]} pids */
function cpuSeconds(pids) {
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
 * The gallery's render cost beside two content pages: the CPU time workerd
 * spends per request (its process's user + system time over 200 sequential
 * requests, D1 reads included, which the in-process render measure of
 * bench/run.mjs cannot do without a database), and the request's wall time.
 * @param {string} origin @param {string} slug @param {number | undefined} serverPid
 */
async function galleryRenderCpu(origin, slug, serverPid) {
  const pids = serverPid ? workerdPids(serverPid) : [];
  const paths = ["/", "/faq", "/showcase", "/showcase?track=process-automation&q=", `/showcase/${slug}`];
  const rows = [];
  for (const path of paths) {
    const get = async () => {
      const response = await fetch(`${origin}${path}`, { headers: { "x-app-now": SHOWCASE_NOW } });
      await response.arrayBuffer();
      return response;
    };
    for (let i = 0; i < 20; i++) await get();
    const n = 200;
    const cpu0 = cpuSeconds(pids);
    const t0 = performance.now();
    let response = await get();
    for (let i = 1; i < n; i++) response = await get();
    const wall = (performance.now() - t0) / n;
    const cpu = pids.length ? ((cpuSeconds(pids) - cpu0) * 1000) / n : NaN;
    rows.push({
      path,
      status: response.status,
      "workerd CPU ms/request": Number.isNaN(cpu) ? "unavailable" : +cpu.toFixed(2),
      "wall ms/request": +wall.toFixed(2),
      "Cache-Control": response.headers.get("cache-control"),
      // Executable scripts only (JSON-LD data blocks are not JavaScript).
      scripts: /<script(?![^>]*type="application\/(ld\+)?json")/.test(
        await (await fetch(`${origin}${path}`, { headers: { "x-app-now": SHOWCASE_NOW } })).text(),
      )
        ? "yes"
        : "none",
    });
  }
  return {
    method: "workerd process CPU over 200 sequential requests after 20 warm-up (loopback, D1 included)",
    pages: rows,
  };
}
