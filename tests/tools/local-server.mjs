// One real local server for a CLI test file that talks to the organizer API
// (`npm start` without its build, on a database of the file's own), and
// what a person does against it: better-auth's JSON API as a browser's
// script calls it, the cookies it sets, and an authenticator app's codes.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A port nobody listens on now. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = probe.address();
  await new Promise((resolve) => probe.close(() => resolve(undefined)));
  return typeof address === "object" && address ? address.port : 0;
}

/**
 * Starts the site on `stateDir`'s (migrated) database at the pretend time
 * `appNow`, and answers once its health check says it is ours and migrated.
 * @param {{ stateDir: string, appNow: string }} options
 * @returns {Promise<{ base: string, stop: () => void }>}
 */
export async function startLocalServer({ stateDir, appNow }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn("node", ["scripts/start.mjs"], {
    cwd: root,
    // No request log (as the e2e servers: tests/e2e/start-servers.mjs): its output is ignored.
    env: {
      ...process.env,
      PORT: String(port),
      STATE_DIR: stateDir,
      SKIP_BUILD: "1",
      APP_NOW: appNow,
      WRANGLER_LOG: "warn",
    },
    stdio: "ignore",
    detached: true,
  });
  // The server and its workerd children are one process group.
  const stop = () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  };
  for (let attempt = 0; ; attempt++) {
    const health = await fetch(`${base}/api/health`)
      .then((r) => r.json())
      .catch(() => null);
    if (health?.service === "idaho-ai-challenge" && health.database?.migrationsApplied > 0) break;
    if (attempt >= 240) stop();
    assert.ok(attempt < 240, "the local server did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { base, stop };
}

/**
 * RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it, for the current step or `step`.
 * @param {string} secret @param {number} [step]
 */
export function totp(secret, step = Math.floor(Date.now() / 30_000)) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const start = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(start) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** The last step handed out per secret: a code counts once (issue 50), so no step is given twice. */
const lastStepHandedOut = new Map();

/**
 * A code the server has not seen yet: the current step, or the next (accepted too), else it waits for one.
 * @param {string} secret
 */
export async function freshTotp(secret) {
  for (;;) {
    const current = Math.floor(Date.now() / 30_000);
    const step = Math.max(current, (lastStepHandedOut.get(secret) ?? -1) + 1);
    if (step <= current + 1) {
      lastStepHandedOut.set(secret, step);
      return totp(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
  }
}

/**
 * Turns on two-step sign-in through /account's forms, as a browser without JavaScript does (better-auth's own
 * second-factor endpoints are not served, issue 50). Answers the secret and the session the confirmation
 * started, which passed the second factor.
 * @param {string} base @param {string} cookie @param {string} password
 */
export async function turnOnTwoStep(base, cookie, password) {
  const post = (/** @type {Record<string, string>} */ form, /** @type {string} */ jar) =>
    fetch(`${base}/account`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: base,
        "sec-fetch-site": "same-origin",
        cookie: jar,
      },
      body: new URLSearchParams(form).toString(),
    });
  const enabled = await post({ intent: "enable-two-factor", password }, cookie);
  const page = await enabled.text();
  assert.equal(enabled.status, 200, page);
  const uri = (/data-testid="totp-uri">([^<]+)</.exec(page)?.[1] ?? "").replace(/&amp;/g, "&");
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const confirmed = await post({ intent: "confirm-two-factor", code: await freshTotp(secret), totpURI: uri }, cookie);
  assert.equal(confirmed.status, 303, await confirmed.text());
  return { secret, session: cookies(confirmed, cookie) };
}

/** The name=value pairs of a response's Set-Cookie headers, merged into `jar`. @param {Response} response @param {string} jar */
export function cookies(response, jar = "") {
  const map = new Map(
    jar
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0], pair]),
  );
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(";")[0] ?? "";
    const name = pair.split("=")[0];
    if (/max-age=0/i.test(cookie)) map.delete(name);
    else map.set(name, pair);
  }
  return [...map.values()].join("; ");
}

/**
 * better-auth's JSON API at `base`, as a browser's script calls it; anything but 200 fails the test.
 * @param {string} base @param {string} path @param {unknown} body @param {string} cookie
 */
export async function authApi(base, path, body, cookie = "") {
  const response = await fetch(`${base}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
  return response;
}

/**
 * The proposal a CLI command printed, confirmed on the desk by a second
 * director (their session's cookie, a fresh code from their secret).
 * @param {string} base @param {{ session: string, secret: string }} director @param {string} stdout
 */
export async function confirmPrintedProposal(base, director, stdout) {
  const id = /\/organize\/proposals\/([\w-]+)/.exec(stdout)?.[1];
  assert.ok(id, stdout);
  // A connection of its own (node:http, no keep-alive): fetch would reuse one the server has closed meanwhile.
  const body = new URLSearchParams({ intent: "confirm", code: await freshTotp(director.secret) }).toString();
  /** @type {{ status: number | undefined, text: string }} */
  const response = await new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${base}/organize/proposals/${id}`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: base,
          "sec-fetch-site": "same-origin",
          cookie: director.session,
        },
      },
      (answer) => {
        let text = "";
        answer.on("data", (chunk) => (text += chunk));
        answer.on("end", () => resolve({ status: answer.statusCode, text }));
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
  assert.equal(response.status, 303, response.text);
}
