// The same pages on an earlier commit, in the same run (issue 34: "/faq CPU
// down by at least 15 % against the same run's build of main before the
// change"). BENCH_BASELINE=<git ref> exports that commit's tree to a
// temporary directory (sharing this checkout's node_modules), builds it,
// serves it on the bench's port with a database of its own, measures the
// pages this run measures first, and removes it all again.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measurePages, workerdPids } from "./server-cost.mjs";

/**
 * @param {{ root: string, ref: string, port: number, env: NodeJS.ProcessEnv, pages: { label: string, path: string }[], connections: number, seconds: number, rounds: number, waitForHealth: (url: string, ms: number) => Promise<void> }} options
 */
export async function baselineRun({ root, ref, port, env, pages, connections, seconds, rounds, waitForHealth }) {
  const commit = spawnSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: root, encoding: "utf8" });
  if (commit.status !== 0) throw new Error(`BENCH_BASELINE: no commit named ${ref}`);
  const sha = commit.stdout.trim();
  const dir = mkdtempSync(join(tmpdir(), "bench-baseline-"));
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let server;
  try {
    const archive = join(dir, "tree.tar");
    const exported = spawnSync("git", ["archive", "--output", archive, sha], { cwd: root, encoding: "utf8" });
    if (exported.status !== 0) throw new Error(`git archive ${sha} failed: ${exported.stderr}`);
    const unpacked = spawnSync("tar", ["-xf", archive, "-C", dir], { encoding: "utf8" });
    if (unpacked.status !== 0) throw new Error(`tar failed: ${unpacked.stderr}`);
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
    const built = spawnSync("npx", ["react-router", "build"], { cwd: dir, env, stdio: "inherit" });
    if (built.status !== 0) throw new Error(`the build of ${sha} failed`);
    server = spawn("node", ["scripts/start.mjs"], {
      cwd: dir,
      env: { ...env, PORT: String(port), SKIP_BUILD: "1", STATE_DIR: ".wrangler/bench-state" },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    });
    const origin = `http://127.0.0.1:${port}`;
    await waitForHealth(`${origin}/api/health`, 120_000);
    const rows = await measurePages({ origin, pages, connections, seconds, rounds, pids: workerdPids(server.pid) });
    return { ref, commit: sha, pages: rows };
  } finally {
    if (server?.pid) {
      const exited = server.exitCode === null ? new Promise((resolve) => server?.once("exit", resolve)) : null;
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await exited;
      await portClosed(port);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Until nothing answers on the port any more (workerd outlives its parent by a moment). @param {number} port */
async function portClosed(port) {
  for (let i = 0; i < 60; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`something still answers on port ${port}`);
}
