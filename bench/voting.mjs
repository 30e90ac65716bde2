// The last evening of a public vote (issues 25 and 34): N accounts voting and
// re-voting at once against the bench's build on loopback, then the same
// votes through the vote's floor (workers/bench/floor.ts: the signed cookie,
// one session-and-user read, one guarded upsert), then the showcase's pages
// at 20 and at 500 projects. Called by bench/run.mjs (section "voting");
// bounded in count (BENCH_VOTERS, default 40, at most 200; BENCH_VOTE_ROUNDS,
// default 8, at most 8, under the vote's per-account allowance of 10 a minute)
// and time (a run stops issuing votes after BENCH_SECONDS). For the vote and
// the floor: votes per second, p50/p99, errors, workerd's CPU per vote, D1
// statements per vote (counted by the build), and whether the final tallies
// equal the votes cast: each account's last accepted vote, counted once.
import { spawnSync } from "node:child_process";
import { query } from "../scripts/admin.mjs";
import { seedPasswordHash, SEED_PASSWORD } from "../scripts/seed-projects.mjs";
import { cpuSeconds, d1Of, measurePages, probe, workerdPids } from "./server-cost.mjs";

/** Inside the showcase window of the 2026 edition; the server is not in production, so the header moves its clock. */
const SHOWCASE_NOW = "2026-03-25T20:00:00-06:00";
/** The gallery's two sizes (issue 34): an edition like 2026's, and a statewide one. */
export const GALLERY_SIZES = [20, 500];

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
 * @param {{ root: string, origin: string, stateDir: string, env: NodeJS.ProcessEnv, seconds: number, connections: number, serverPid?: number }} options
 */
export async function votingRun({ root, origin, stateDir, env, seconds, connections, serverPid }) {
  const voters = Math.min(Math.max(Number(process.env.BENCH_VOTERS ?? 40), 1), 200);
  const rounds = Math.min(Math.max(Number(process.env.BENCH_VOTE_ROUNDS ?? 8), 1), 8);
  const target = { remote: false, stateDir };
  const seed = (/** @type {number} */ count) => {
    const seeded = spawnSync(
      "node",
      ["scripts/seed-projects.mjs", "projects", "--count", String(count), "--no-files"],
      { cwd: root, env: { ...env, STATE_DIR: stateDir, APP_NOW: SHOWCASE_NOW }, encoding: "utf8" },
    );
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  };
  seed(GALLERY_SIZES[0]);
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

  const pids = workerdPids(serverPid);

  /**
   * Every voter votes `rounds` times at once, each for a random project, at `pathOf(slug)`.
   * @param {string} label @param {(slug: string) => string} pathOf
   */
  const voteRun = async (label, pathOf) => {
    query("DELETE FROM showcase_votes WHERE user_id LIKE 'bench-voter-%'", target);
    /** @type {number[]} */
    const latencies = [];
    /** @type {number[]} */
    const statements = [];
    /** @type {number[]} */
    const roundTrips = [];
    let accepted = 0;
    let refused = 0;
    let failed = 0;
    /** @type {Map<string, string>} account → the project of its last accepted vote */
    const expected = new Map();
    const stopAt = Date.now() + seconds * 1000;
    const cpu0 = cpuSeconds(pids);
    const began = performance.now();
    await Promise.all(
      people.map(async (p, index) => {
        const next = random(index + 1);
        for (let round = 0; round < rounds && Date.now() < stopAt; round++) {
          const project = projects[Math.floor(next() * projects.length)];
          if (!project) break;
          const t0 = performance.now();
          try {
            const response = await fetch(`${origin}${pathOf(project.slug)}`, {
              method: "POST",
              headers: { ...headers(p), "content-type": "application/x-www-form-urlencoded" },
              body: "intent=vote",
              redirect: "manual",
            });
            await response.arrayBuffer();
            latencies.push(performance.now() - t0);
            const d1 = d1Of(response);
            if (d1) {
              statements.push(d1.statements);
              roundTrips.push(d1.roundTrips);
            }
            if (response.status === 303) {
              accepted += 1;
              expected.set(p.id, project.teamId);
            } else refused += 1; // over the allowance
          } catch {
            failed += 1;
          }
        }
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    const cpu = cpuSeconds(pids) - cpu0;
    const stored = query("SELECT user_id, team_id FROM showcase_votes WHERE user_id LIKE 'bench-voter-%'", target);
    const sameTallies =
      stored.length === expected.size && stored.every((r) => expected.get(String(r.user_id)) === String(r.team_id));
    latencies.sort((a, b) => a - b);
    const sent = latencies.length + failed;
    const mean = (/** @type {number[]} */ list) =>
      list.length ? +(list.reduce((sum, n) => sum + n, 0) / list.length).toFixed(2) : null;
    return {
      route: label,
      voters,
      rounds,
      votesSent: sent,
      accepted,
      refused,
      errors: failed,
      seconds: +elapsed.toFixed(2),
      votesPerSecond: +(accepted / elapsed).toFixed(1),
      p50ms: +quantile(latencies, 0.5).toFixed(1),
      p99ms: +quantile(latencies, 0.99).toFixed(1),
      cpuMsPerVote: pids.length && sent ? +((cpu * 1000) / sent).toFixed(2) : null,
      statementsPerVote: mean(statements),
      maxStatementsPerVote: statements.length ? Math.max(...statements) : null,
      roundTripsPerVote: mean(roundTrips),
      talliesEqualVotesCast: sameTallies,
    };
  };

  // The floor first, then the product's vote, each from an empty ballot box.
  const floor = await voteRun("floor (/__bench/floor/:slug)", (slug) => `/__bench/floor/${slug}`);
  const vote = await voteRun("vote (/showcase/:slug)", (slug) => `/showcase/${slug}`);

  const slug = projects[0]?.slug ?? "";
  const signedIn = { ...headers(people[0]) };
  const anonymous = { "x-app-now": SHOWCASE_NOW };
  const pageSet = (/** @type {number} */ size) => [
    { label: `/showcase at ${size} projects`, path: "/showcase", headers: anonymous },
    ...(size === GALLERY_SIZES[0]
      ? [
          { label: "project page, anonymous", path: `/showcase/${slug}`, headers: anonymous },
          { label: "project page, signed in", path: `/showcase/${slug}`, headers: signedIn },
          { label: "/account, signed in", path: "/account", headers: signedIn },
        ]
      : []),
  ];
  const pagesAt20 = await measurePages({ origin, pages: pageSet(GALLERY_SIZES[0]), connections, seconds, pids });
  seed(GALLERY_SIZES[1]);
  const pagesAt500 = await measurePages({ origin, pages: pageSet(GALLERY_SIZES[1]), connections, seconds, pids });
  // The sitemap still lists every project: count them at 500.
  const sitemap = await probe(`${origin}/sitemap.xml`, anonymous);
  const sitemapProjects = (sitemap.html.match(/\/showcase\/[a-z0-9-]+<\/loc>/g) ?? []).length;

  const row = (/** @type {any[]} */ rows, /** @type {string} */ label) => rows.find((r) => r.page === label);
  const ratio = (/** @type {number | null | undefined} */ a, /** @type {number | null | undefined} */ b) =>
    a && b ? +(a / b).toFixed(2) : null;
  const gallery20 = row(pagesAt20, `/showcase at ${GALLERY_SIZES[0]} projects`);
  const gallery500 = row(pagesAt500, `/showcase at ${GALLERY_SIZES[1]} projects`);
  const anonymousProject = row(pagesAt20, "project page, anonymous");
  const signedInProject = row(pagesAt20, "project page, signed in");
  return {
    method:
      "workerd process CPU (user + system, /proc) over each run divided by the requests it served; D1 statements as the bench's build counted them",
    votes: [floor, vote],
    pages: [...pagesAt20, ...pagesAt500],
    sitemapProjects,
    ratios: {
      voteCpuToFloor: ratio(vote.cpuMsPerVote, floor.cpuMsPerVote),
      voteThroughputToFloor: ratio(vote.votesPerSecond, floor.votesPerSecond),
      signedInProjectCpuToAnonymous: ratio(signedInProject?.["CPU ms/req"], anonymousProject?.["CPU ms/req"]),
      showcase500CpuTo20: ratio(gallery500?.["CPU ms/req"], gallery20?.["CPU ms/req"]),
      showcase500HtmlTo20: ratio(gallery500?.["HTML KB"], gallery20?.["HTML KB"]),
    },
  };
}
