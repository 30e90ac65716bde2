// The credentials commands of the admin CLI (issues 26, 33) as clients of the
// organizer API, against one real local server and its own database, as an
// operator runs them with a registrar's token: `import-completions` shows
// the site's preview (every row it could not match, with why) and its
// fingerprint and writes nothing; a bare --confirm is refused; with
// --confirm <fingerprint> it imports only the matched rows, signed, with one
// audit row, refuses that fingerprint once it is stale, and changes nothing
// the second time; `revoke-credential`
// needs a reason, records who revoked, and says so for an unknown id. The
// CSV rules are the worker's (app/credentials/completions.ts): none here.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { query } from "./local-d1.mjs";
import { migratedState } from "../migrated-state.mjs";
import { startLocalServer } from "./local-server.mjs";
// Node 22 reads the TypeScript module as is.
const { organizerSql, userSql } = /** @type {typeof import("../judging-seed.ts")} */ (
  await import(new URL("../judging-seed.ts", import.meta.url).href)
);

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "credentials-cli-"));
const target = { remote: false, stateDir };
const APP_NOW = "2026-03-25T12:00:00-06:00";
const REGISTRAR = "rae.registrar@example.com";
const TOKEN = `iac_org_${"R".repeat(43)}`;

let base = "";
let stopServer = () => {};

/** `npm run admin -- …` with the registrar's token (or none). @param {string[]} args @param {{ token?: string | null }} [init] */
async function admin(args, { token = TOKEN } = {}) {
  const env = { ...process.env, STATE_DIR: stateDir, ORGANIZER_API_URL: base };
  delete env.ORGANIZER_API_TOKEN;
  if (token) env.ORGANIZER_API_TOKEN = token;
  try {
    const { stdout, stderr } = await run("node", ["scripts/admin.mjs", ...args], { cwd: root, env });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = /** @type {{ code: number, stdout: string, stderr: string }} */ (error);
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** @param {string} sql */
const count = (sql) => Number(query(sql, target)[0]?.n);

before(async () => {
  migratedState(stateDir);
  // A registrar with two-step sign-in on and an API token, as the desk leaves them.
  const hash = createHash("sha256").update(TOKEN).digest("hex");
  query(
    [
      ...organizerSql({
        userId: "u-rae",
        email: REGISTRAR,
        name: "Rae",
        role: "registrar",
        tokenId: "t-rae",
        tokenName: "CLI",
        tokenHash: hash,
      }),
      userSql({ id: "u-ada", name: "Ada", email: "ada@example.com" }),
      userSql({ id: "u-bo", name: "Bo", email: "Bo@Example.com" }),
      userSql({ id: "u-cy", name: "Cy", email: "cy@example.com" }),
      userSql({ id: "u-dee", name: "Dee", email: "dee@example.com", verified: false }),
    ].join(";\n"),
    target,
  );
  ({ base, stop: stopServer } = await startLocalServer({ stateDir, appNow: APP_NOW }));
});

after(() => {
  stopServer();
  rmSync(stateDir, { recursive: true, force: true });
});

describe("npm run admin -- import-completions", () => {
  test("previews without writing, imports the matched rows with --confirm, and changes nothing the second time", async () => {
    const file = join(stateDir, "completions.csv");
    writeFileSync(
      file,
      [
        "Email,Certification,Completion Date",
        "ada@example.com,AI Communicator,2026-01-20",
        "ADA@example.com,ai-creator,1/25/2026",
        "bo@example.com,Stage 3,2026-02-01",
        "nobody@example.com,AI Builder,2026-02-01",
        "cy@example.com,AI Wizard,2026-02-01",
        "cy@example.com,AI Builder,2026-13-01",
        "not-an-email,AI Builder,2026-02-01",
        "dee@example.com,AI Communicator,2026-01-20",
        "",
      ].join("\r\n"),
    );
    const preview = await admin(["import-completions", file]);
    assert.equal(preview.status, 1, "rows that cannot be imported make the exit code 1");
    assert.match(preview.stdout, /8 row\(s\) read: 3 certification\(s\) to be issued, 5 row\(s\) not imported/);
    assert.match(preview.stdout, /Nothing written/);
    const fingerprint = /Fingerprint: ([0-9a-f]{64})/.exec(preview.stdout)?.[1];
    assert.ok(fingerprint, preview.stdout);
    assert.match(preview.stdout, new RegExp(`--confirm ${fingerprint}`));
    assert.match(preview.stderr, /line 5: No account with that e-mail: nobody@example\.com/);
    assert.match(preview.stderr, /line 6: Unknown certification: cy@example\.com, AI Wizard/);
    assert.match(preview.stderr, /line 7: Bad date: .*"2026-13-01"/);
    assert.match(preview.stderr, /line 8: Bad e-mail: not-an-email/);
    assert.match(preview.stderr, /line 9: Account not verified \(refused\): dee@example\.com/);
    assert.equal(count("SELECT count(*) AS n FROM credentials"), 0);
    assert.equal(count("SELECT count(*) AS n FROM events"), 0);

    // A bare --confirm (issue 50): previewing and importing in one run would import what nobody reviewed.
    for (const args of [
      ["import-completions", file, "--confirm"],
      ["import-completions", "--confirm", file],
    ]) {
      const bare = await admin(args);
      assert.equal(bare.status, 2, args.join(" "));
      assert.match(bare.stderr, /--confirm takes the fingerprint the preview printed/);
    }
    assert.equal(count("SELECT count(*) AS n FROM credentials"), 0);
    assert.equal(count("SELECT count(*) AS n FROM events"), 0);

    const confirmed = await admin(["import-completions", file, "--confirm", String(fingerprint)]);
    assert.equal(confirmed.status, 1, confirmed.stderr);
    assert.match(confirmed.stderr, /line 5: No account with that e-mail: nobody@example\.com/);
    assert.match(confirmed.stdout, /3 new certification credential\(s\) issued; 5 row\(s\) not imported/);
    assert.equal(count("SELECT count(*) AS n FROM credentials WHERE user_id = 'u-ada' AND signed_json IS NOT NULL"), 2);
    assert.equal(
      count("SELECT count(*) AS n FROM credentials WHERE user_id = 'u-bo' AND achievement = 'ai-builder'"),
      1,
    );
    assert.equal(count("SELECT count(*) AS n FROM credentials WHERE user_id = 'u-dee'"), 0);
    assert.equal(count("SELECT count(*) AS n FROM credential_completions"), 3);
    const [row] = query(
      "SELECT earned_at, recipient_email, length(id) AS idLength FROM credentials WHERE user_id = 'u-bo'",
      target,
    );
    assert.deepEqual(row, { earned_at: "2026-02-01", recipient_email: "Bo@Example.com", idLength: 32 });
    assert.deepEqual(query("SELECT action, actor_kind, actor_label, token_id FROM events", target), [
      { action: "credentials.import", actor_kind: "token", actor_label: REGISTRAR, token_id: "t-rae" },
    ]);

    // The same fingerprint again: what the file issues changed (everything is imported), so it is refused.
    const stale = await admin(["import-completions", file, "--confirm", String(fingerprint)]);
    assert.equal(stale.status, 1);
    assert.match(stale.stderr, /changed since its preview/);
    const repreview = await admin(["import-completions", file]);
    const fresh = /Fingerprint: ([0-9a-f]{64})/.exec(repreview.stdout)?.[1];
    assert.notEqual(fresh, fingerprint);
    const second = await admin(["import-completions", file, "--confirm", String(fresh)]);
    assert.match(second.stdout, /0 new certification credential\(s\) issued/);
    assert.equal(count("SELECT count(*) AS n FROM credentials"), 3);
  });

  test("refuses a file without the expected columns, and a call without a token", async () => {
    const file = join(stateDir, "wrong.csv");
    writeFileSync(file, "name,course\nAda,AI Creator\n");
    const run = await admin(["import-completions", file]);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /lacks email, date/);
    const noToken = await admin(["import-completions", file], { token: null });
    assert.equal(noToken.status, 2);
    assert.match(noToken.stderr, /ORGANIZER_API_TOKEN/);
  });
});

describe("npm run admin -- revoke-credential", () => {
  test("revokes once with its reason and who revoked, and says so for an unknown id", async () => {
    const [row] = query("SELECT id FROM credentials WHERE user_id = 'u-bo'", target);
    const id = String(row?.id);
    assert.equal((await admin(["revoke-credential", id])).status, 2, "the reason is required");
    const revoked = await admin(["revoke-credential", id, "--reason", "disqualified after an appeal"]);
    assert.equal(revoked.status, 0, revoked.stderr);
    assert.match(revoked.stdout, /Revoked AI Builder of Bo@Example\.com/);
    assert.deepEqual(query(`SELECT revoked_reason, revoked_by FROM credentials WHERE id = '${id}'`, target), [
      { revoked_reason: "disqualified after an appeal", revoked_by: `organizer:${REGISTRAR}` },
    ]);
    const again = await admin(["revoke-credential", id, "--reason", "again"]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /already revoked/);
    assert.equal((await admin(["revoke-credential", "0".repeat(32), "--reason", "x"])).status, 1);
  });
});
