// The impact pages against /faq (issue 55: "/impact and the report within
// 1.2× the server CPU of /faq when cached"): /impact as a visitor asks for it,
// an organization's report as its owner does, and /faq with that owner's
// session (what every signed-in page pays), round by round
// (`measurePages`, `cpuAgainst`), on an edition seeded with projects and
// organizations (`npm run seed -- projects --organizations 3`), with the D1
// statements of the first request and of one after it (what the kept figures
// leave: app/impact/kept.server.ts). Called by bench/run.mjs (section
// "impact"), on the server's own database; the seed only adds to it.
//
// Both on the real clock, as production serves them: the running edition's
// figures are kept a minute per isolate only there (a moved clock counts on
// every view, ADR 023's addendum).
import { spawnSync } from "node:child_process";
import { SEED_PASSWORD } from "../scripts/seed-projects.mjs";
import { cpuAgainst, measurePages, probe, workerdPids } from "./server-cost.mjs";

/**
 * @param {{ root: string, origin: string, stateDir: string, env: NodeJS.ProcessEnv, seconds: number, connections: number, requests?: number, rounds: number, projects?: number, serverPid?: number }} options
 */
export async function impactRun({
  root,
  origin,
  stateDir,
  env,
  seconds,
  connections,
  requests,
  rounds,
  projects = 40,
  serverPid,
}) {
  const seeded = spawnSync(
    "node",
    ["scripts/seed-projects.mjs", "projects", "--count", String(projects), "--no-files", "--organizations", "3"],
    { cwd: root, env: { ...env, STATE_DIR: stateDir }, encoding: "utf8" },
  );
  if (seeded.status !== 0) throw new Error(`seed --organizations failed: ${seeded.stderr}`);
  // The seed names each organization's owner and report: the first one's (12 employees).
  const first = /owner (\S+), report at (\/organization\/\S+\/report)/.exec(seeded.stdout);
  if (!first) throw new Error(`the seed named no organization:\n${seeded.stdout}`);
  const [, owner, report] = /** @type {[string, string, string]} */ (first);
  const cookie = await signIn(origin, owner);
  const asOwner = { cookie };

  const pages = [
    { label: "/faq", path: "/faq" },
    { label: "/impact", path: "/impact" },
    { label: "/organization/:id/report (its owner)", path: report, headers: asOwner },
    // The floor of any signed-in page: the same content page with the owner's session (the session read, the
    // account menu), against which the report's goal can be judged.
    { label: "/faq (its owner, signed in)", path: "/faq", headers: asOwner },
  ];
  // What a view costs once the figures are kept: the second request of each page.
  const kept = [];
  for (const page of pages) {
    await probe(`${origin}${page.path}`, page.headers);
    const again = await probe(`${origin}${page.path}`, page.headers);
    kept.push({ page: page.label, status: again.status, d1: again.d1 });
  }
  const rows = cpuAgainst(
    await measurePages({
      origin,
      pages,
      connections,
      seconds,
      requests,
      rounds,
      pids: workerdPids(serverPid),
    }),
    "/faq",
  );
  for (const row of rows) {
    const second = kept.find((k) => k.page === row.page);
    row["D1 statements, kept"] = second?.d1?.statements ?? null;
    row["D1 sequential round trips, kept"] = second?.d1?.sequential ?? null;
  }
  return {
    method:
      "a visitor (no cookie) and the first seeded organization's owner, on the real clock; each page against /faq in rounds after a warm-up (measurePages); D1 counts from the first request and from one after it",
    projects,
    rows,
  };
}

/** The seeded owner's session cookie, signed in with the seed's password. @param {string} origin @param {string} email */
async function signIn(origin, email) {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", "cf-connecting-ip": "10.251.0.2" },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
