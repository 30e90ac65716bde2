#!/usr/bin/env node
// Measures the cost of one password hash (sign-up) and one verification
// (sign-in) with app/accounts/password.server.ts, in workerd (through Miniflare,
// with nodejs_compat as in production) and in Node for comparison.
// Figures feed docs/decisions/005-password-hashing.md. Asserts nothing.
//
//   node bench/password-hashing.mjs            # 7 rounds per case
//   ROUNDS=15 node bench/password-hashing.mjs
//
// workerd freezes its clocks while JavaScript runs (Spectre mitigation), so a
// worker cannot time itself: each operation is one request, timed from Node,
// minus the median of an empty request. scrypt is CPU-bound and workerd runs
// it synchronously, so that wall time is the request's CPU time.
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { hashPassword, verifyPassword } from "../app/accounts/password.server.ts";

const rounds = Math.max(3, Number(process.env.ROUNDS ?? 7));
const cases = [
  { label: "N=2^16 r=8 p=2 (chosen)", N: 2 ** 16, r: 8, p: 2 },
  { label: "N=2^17 r=8 p=1", N: 2 ** 17, r: 8, p: 1 },
  { label: "N=2^14 r=8 p=5", N: 2 ** 14, r: 8, p: 5 },
];
const password = "correct horse battery staple ".repeat(5); // 145 characters

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;

async function workerSource() {
  const entry = `
    import { hashPassword, verifyPassword } from ${JSON.stringify(fileURLToPath(new URL("../app/accounts/password.server.ts", import.meta.url)))};
    export default {
      async fetch(request) {
        const url = new URL(request.url);
        const params = { N: Number(url.searchParams.get("N")), r: Number(url.searchParams.get("r")), p: Number(url.searchParams.get("p")) };
        const password = url.searchParams.get("password") ?? "";
        if (url.pathname === "/hash") return new Response(await hashPassword(password, params));
        if (url.pathname === "/verify") {
          const ok = await verifyPassword(url.searchParams.get("hash") ?? "", password);
          return new Response(String(ok), { status: ok ? 200 : 500 });
        }
        return new Response("noop");
      },
    };`;
  const result = await build({
    stdin: { contents: entry, loader: "js", resolveDir: process.cwd() },
    bundle: true,
    format: "esm",
    platform: "neutral",
    external: ["node:*"],
    write: false,
  });
  return result.outputFiles[0].text;
}

async function timeRequest(mf, url) {
  const start = performance.now();
  const response = await mf.dispatchFetch(url);
  const body = await response.text();
  const elapsed = performance.now() - start;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body}`);
  return { elapsed, body };
}

const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script: await workerSource(),
    compatibilityDate: "2026-10-19",
    compatibilityFlags: ["nodejs_compat"],
  }),
);
try {
  await mf.ready;
  const baselineTimes = [];
  for (let i = 0; i < rounds * 2; i++) baselineTimes.push((await timeRequest(mf, "http://bench/noop")).elapsed);
  const baseline = median(baselineTimes);
  console.log(`CPU: ${cpus()[0]?.model ?? "unknown"} x${cpus().length}; ${rounds} rounds per case`);
  console.log(`workerd empty request: ${ms(baseline)} (subtracted below)\n`);
  console.log("parameters                 | workerd hash | workerd verify | node hash | node verify");
  for (const { label, N, r, p } of cases) {
    const query = `N=${N}&r=${r}&p=${p}&password=${encodeURIComponent(password)}`;
    const hashTimes = [];
    const verifyTimes = [];
    let stored = "";
    for (let i = 0; i < rounds; i++) {
      const hashed = await timeRequest(mf, `http://bench/hash?${query}`);
      hashTimes.push(hashed.elapsed - baseline);
      stored = hashed.body;
    }
    for (let i = 0; i < rounds; i++) {
      const url = `http://bench/verify?${query}&hash=${encodeURIComponent(stored)}`;
      verifyTimes.push((await timeRequest(mf, url)).elapsed - baseline);
    }
    const nodeHash = [];
    const nodeVerify = [];
    for (let i = 0; i < rounds; i++) {
      let start = performance.now();
      const nodeStored = await hashPassword(password, { N, r, p });
      nodeHash.push(performance.now() - start);
      start = performance.now();
      if (!(await verifyPassword(nodeStored, password))) throw new Error("node verify failed");
      nodeVerify.push(performance.now() - start);
    }
    console.log(
      `${label.padEnd(26)} | ${ms(median(hashTimes)).padStart(12)} | ${ms(median(verifyTimes)).padStart(14)} | ${ms(median(nodeHash)).padStart(9)} | ${ms(median(nodeVerify)).padStart(11)}`,
    );
  }
} finally {
  await mf.dispose();
}
