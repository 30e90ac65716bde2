// Where the admin CLI sends its calls, and what it does not send
// (docs/admin.md, "The first director" and "From a terminal"): the bootstrap
// step and every command go to --base-url, else ORGANIZER_API_URL, else
// http://localhost:8787, so a local site on another port or host is reached
// the same way as production; and no call carries a time, not even with
// APP_NOW in the terminal's environment: every date is the site's.
// A small HTTP server stands in for the site, recording each request.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

/** @type {{ url: string, headers: import("node:http").IncomingHttpHeaders, body: string }[]} */
const received = [];
/** @type {import("node:http").Server} */
let server;
let base = "";

before(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ url: request.url ?? "", headers: request.headers, body });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: "Granted." }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

after(() => server.close());

/** `npm run admin -- …` with only the environment given (no token, no secret, no URL of the caller's). @param {string[]} args @param {Record<string, string>} extra */
async function admin(args, extra = {}) {
  const env = { ...process.env, ...extra };
  for (const name of ["ORGANIZER_API_TOKEN", "ORGANIZER_API_URL", "ORGANIZER_BOOTSTRAP_SECRET", "APP_NOW"]) {
    if (!(name in extra)) delete env[name];
  }
  const { stdout } = await run("node", ["scripts/admin.mjs", ...args], { cwd: root, env });
  return stdout;
}

describe("the CLI's site", () => {
  test("the bootstrap step goes to --base-url, a local site on any port, with the development secret and no time", async () => {
    received.length = 0;
    const printed = await admin(["grant-organizer", "first@example.com", "--role", "director", "--base-url", base], {
      APP_NOW: "2026-03-25T12:00:00-06:00",
    });
    assert.match(printed, /Granted\./);
    assert.equal(received.length, 1);
    const [call] = received;
    assert.equal(call?.url, "/api/organize/bootstrap");
    assert.deepEqual(JSON.parse(call?.body ?? ""), { email: "first@example.com", role: "director" });
    assert.match(String(call?.headers.authorization), /^Bearer .+/);
    assert.equal(call?.headers["x-app-now"], undefined);
    assert.ok(!Object.values(call?.headers ?? {}).some((value) => String(value).includes("2026-03-25")));
  });

  test("ORGANIZER_API_URL names the site when no --base-url is given, and --base-url wins over it", async () => {
    received.length = 0;
    await admin(["grant-organizer", "second@example.com", "--role", "director"], { ORGANIZER_API_URL: base });
    assert.equal(received.length, 1);
    // A site that is not there: the call fails, and never reaches the one named by ORGANIZER_API_URL.
    await assert.rejects(
      admin(["grant-organizer", "third@example.com", "--role", "director", "--base-url", "http://127.0.0.1:9"], {
        ORGANIZER_API_URL: base,
      }),
      (error) => /cannot reach http:\/\/127\.0\.0\.1:9/.test(String(/** @type {{ stderr?: string }} */ (error).stderr)),
    );
    assert.equal(received.length, 1);
  });

  test("a command with a token sends no time either", async () => {
    received.length = 0;
    await admin(["requeue-dead", "--base-url", base], {
      ORGANIZER_API_TOKEN: "iac_org_test",
      APP_NOW: "2026-03-25T12:00:00-06:00",
    });
    assert.equal(received.length, 1);
    assert.equal(received[0]?.headers.authorization, "Bearer iac_org_test");
    assert.equal(received[0]?.headers["x-app-now"], undefined);
  });
});
