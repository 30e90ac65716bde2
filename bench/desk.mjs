// The organizers' desk as an edition grows (issue 56): every desk page a
// director can open, and /account, each against /faq's worker CPU, round by
// round (`measurePages`, `cpuAgainst`), on editions of 20, 500 and 2,000
// projects seeded with their judging (`npm run seed -- projects --judging`:
// judges, assignments, scores), with the D1 statements, round trips and
// round trips one after another that the bench's build counted for each.
// Called by bench/run.mjs (section "desk"). The seed adds to the edition, so
// the sizes go from the smallest up on one database, the server's own.
//
// The director is made as the tests make one (tests/integration/
// organize-helpers.ts): an account signed in through the real sign-in, then
// its address verified, two-step sign-in on and its session marked as having
// passed the second factor, and the role granted, in the local D1.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
// Node 22 strips the types of this module on import (its one import is of a type).
import { deskPages } from "../app/desk/pages.ts";
import { localDatabase, runStatements } from "../scripts/local-d1.mjs";
import { seedPasswordHash, SEED_PASSWORD } from "../scripts/seed-projects.mjs";
import { cpuAgainstNearest, measurePages, withReferences, workerdPids } from "./server-cost.mjs";

/** How many pages run between two runs of /faq in a round: a round of every desk page takes about a minute. */
const REFERENCE_EVERY = 6;
/** Issue 56's sizes: an edition like 2026's, a statewide one, and four times that. */
export const DESK_SIZES = [20, 500, 2000];
/** Inside the 2026 edition's judging (tests/integration/judging-helpers.ts's JUDGING). */
const JUDGING_NOW = "2026-03-25T12:00:00-06:00";
/** Pages of the desk the bench leaves out: downloads, one proposal and one organization (none is seeded). */
const LEFT_OUT = /\.csv$|\/proposals\/:id$|\/organizations\/:id$|\/sponsor-logos\/:id$/;

/**
 * The desk's pages a director opens (app/desk/pages.ts), with a person's
 * page opened on the director's own account and a team's on a seeded team.
 * @param {{ person: string, team: string }} ids
 */
function deskPaths(ids) {
  return deskPages
    .map((page) => page.path)
    .filter((path) => !LEFT_OUT.test(path))
    .map((path) => withIds(path, ids));
}

/** A desk path pattern opened on the bench's own records. @param {string} path @param {{ person: string, team?: string }} ids */
function withIds(path, ids) {
  return path
    .replace("/people/:id", `/people/${ids.person}`)
    .replace("/teams/:id", `/teams/${ids.team}`)
    .replace("/editions/:id", "/editions/2026");
}

/**
 * @param {{ root: string, origin: string, stateDir: string, env: NodeJS.ProcessEnv, seconds: number, connections: number, requests?: number, rounds: number, sizes?: number[], pages?: string[], serverPid?: number }} options
 *   `pages`: only these desk paths (the smoke's few); every one the director opens when absent.
 */
export async function deskRun({
  root,
  origin,
  stateDir,
  env,
  seconds,
  connections,
  requests,
  rounds,
  sizes = DESK_SIZES,
  pages,
  serverPid,
}) {
  /** The rows of the first statement of `sql`, on the server's local D1. @param {string} sql */
  const query = (sql) => {
    const database = localDatabase(resolve(root, stateDir));
    if (!database) throw new Error(`no local D1 under ${stateDir}`);
    return runStatements(database, sql)[0] ?? [];
  };
  const seed = (/** @type {number} */ count) => {
    const began = Date.now();
    const seeded = spawnSync(
      "node",
      ["scripts/seed-projects.mjs", "projects", "--count", String(count), "--no-files", "--judging"],
      { cwd: root, env: { ...env, STATE_DIR: stateDir, APP_NOW: JUDGING_NOW }, encoding: "utf8" },
    );
    if (seeded.status !== 0) throw new Error(`seed --judging failed: ${seeded.stderr}`);
    return +((Date.now() - began) / 1000).toFixed(1);
  };

  const director = await signedInDirector({ origin, query });
  const headers = { cookie: director.cookie, "x-app-now": JUDGING_NOW };
  const pids = workerdPids(serverPid);

  const bySize = [];
  /** @type {string | undefined} */
  let team;
  for (const size of sizes) {
    const seedSeconds = seed(size);
    // One team's page at every size (the first seeded), so its rows line up across the sizes.
    team ??= String(query("SELECT id FROM teams WHERE edition_id = '2026' ORDER BY id LIMIT 1")[0]?.id);
    const ids = { person: director.id, team };
    const paths = pages ? pages.map((path) => withIds(path, ids)) : deskPaths(ids);
    const counts = query(
      "SELECT (SELECT count(*) FROM submissions WHERE edition_id = '2026') AS projects, (SELECT count(*) FROM judges WHERE edition_id = '2026') AS judges, (SELECT count(*) FROM judging_assignments) AS assignments",
    )[0];
    // Each page against the /faq runs on either side of it in the same round (`withReferences`).
    const listed = withReferences(
      [{ label: "/account", path: "/account", headers }, ...paths.map((path) => ({ label: path, path, headers }))],
      { label: "/faq", path: "/faq", headers: { "x-app-now": JUDGING_NOW } },
      REFERENCE_EVERY,
    );
    const rows = cpuAgainstNearest(
      await measurePages({ origin, pages: listed, connections, seconds, requests, rounds, pids }),
      listed.map((page) => page.reference === true),
      "/faq",
    );
    bySize.push({ size, seedSeconds, counts, rows });
  }
  return {
    method:
      "a director signed in past the second factor; each page against the /faq runs on either side of it in the same round (/faq between every six pages), in rounds after a warm-up (measurePages), on one database seeded with `--judging` at each size in turn; D1 counts from one request per page",
    sizes,
    bySize,
    table: deskTable(bySize),
  };
}

/**
 * A director as the desk admits one: signed in with the seed's password, then
 * verified, two-step sign-in on, the session past the second factor, the role.
 * @param {{ origin: string, query: (sql: string) => Record<string, unknown>[] }} options
 */
async function signedInDirector({ origin, query }) {
  const id = "bench-director";
  const email = "bench-director@bench.example.com";
  const created = Date.parse("2026-01-15T12:00:00-07:00");
  query(
    [
      `INSERT OR IGNORE INTO user (id, name, email, email_verified, created_at, updated_at) VALUES ('${id}', 'Bench Director', '${email}', 1, ${created}, ${created})`,
      `INSERT OR IGNORE INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES ('${id}-credential', '${id}', 'credential', '${id}', '${seedPasswordHash()}', ${created}, ${created})`,
    ].join(";\n"),
  );
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", "cf-connecting-ip": "10.251.0.1" },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // As signing in with a code would leave it (tests/integration/judging-helpers.ts, markSecondFactorSessions).
  query(
    [
      `UPDATE user SET two_factor_enabled = 1 WHERE id = '${id}'`,
      `UPDATE session SET second_factor_at = ${Date.now()} WHERE user_id = '${id}'`,
      `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) VALUES ('${id}', 'director', 'bench', '2026-03-01T00:00:00.000Z') ON CONFLICT (user_id) DO UPDATE SET role = excluded.role`,
    ].join(";\n"),
  );
  return { id, cookie };
}

/**
 * One row per page: its CPU ÷ /faq at each size (min / median / max of the
 * rounds), the largest ÷ the smallest (medians), and its statements, round
 * trips one after another and HTML at each size.
 * @param {{ size: number, rows: any[] }[]} bySize
 */
function deskTable(bySize) {
  const first = bySize[0];
  const last = bySize.at(-1);
  if (!first || !last) return [];
  return first.rows.map((row) => {
    const at = (/** @type {{ rows: any[] }} */ size) => size.rows.find((other) => other.page === row.page);
    const median = (/** @type {string | null | undefined} */ cell) => Number(cell?.split(" / ")[1]) || null;
    const grown = median(at(last)?.["CPU ÷ /faq"]);
    const small = median(row["CPU ÷ /faq"]);
    /** @type {Record<string, unknown>} */
    const line = { page: row.page };
    for (const size of bySize) line[`CPU ÷ /faq at ${size.size}`] = at(size)?.["CPU ÷ /faq"] ?? null;
    line[`${last.size} ÷ ${first.size}`] = grown && small ? +(grown / small).toFixed(2) : null;
    for (const size of bySize) {
      const other = at(size);
      line[`statements / sequential at ${size.size}`] = other
        ? `${other["D1 statements"]} / ${other["D1 sequential round trips"]}`
        : null;
    }
    for (const size of bySize) line[`HTML KB at ${size.size}`] = at(size)?.["HTML KB"] ?? null;
    line.status = [...new Set(bySize.map((size) => at(size)?.status))].join(" ");
    return line;
  });
}
