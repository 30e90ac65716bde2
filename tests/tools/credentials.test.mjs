// The credentials commands of the admin CLI (issue 26) against a real local D1,
// as an operator runs them: importing completions (idempotent, with a report of
// every row it could not match), the entry point that issues finalist and award
// credentials from published_results, and revocation.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { query } from "../../scripts/admin.mjs";
import {
  completionDate,
  parseCsv,
  recordResultCredentials,
  revokeCredential,
} from "../../scripts/admin/credentials.mjs";
import { applyMigrations } from "./local-d1.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "credentials-cli-"));
const target = { remote: false, stateDir };

/** @param {string[]} args */
function admin(args) {
  return spawnSync("node", ["scripts/admin.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, STATE_DIR: stateDir },
  });
}

/** @param {string} id @param {string} email @param {string} name @param {boolean} [verified] */
function user(id, email, name, verified = true) {
  query(
    `INSERT INTO "user" (id, name, email, email_verified) VALUES ('${id}', '${name}', '${email}', ${verified ? 1 : 0})`,
    target,
  );
}

/** @param {string} sql */
const count = (sql) => Number(query(sql, target)[0]?.n);

before(() => {
  applyMigrations(stateDir);
  user("u-ada", "ada@example.com", "Ada");
  user("u-bo", "Bo@Example.com", "Bo");
  user("u-cy", "cy@example.com", "Cy");
  // Signed up with the address but never proved the mailbox: receives nothing (issue 31).
  user("u-dee", "dee@example.com", "Dee", false);
});

after(() => rmSync(stateDir, { recursive: true, force: true }));

describe("reading the completions file", () => {
  test("reads quoted fields and both date forms, and refuses dates that do not exist", () => {
    assert.deepEqual(parseCsv('email,certification\r\n"a@x.org","AI Creator, Stage 2"\n'), [
      ["email", "certification"],
      ["a@x.org", "AI Creator, Stage 2"],
    ]);
    assert.equal(completionDate("2026-02-28"), "2026-02-28");
    assert.equal(completionDate("3/2/2026"), "2026-03-02");
    assert.equal(completionDate("2026-02-30"), null);
    assert.equal(completionDate("yesterday"), null);
  });
});

describe("npm run admin -- import-completions", () => {
  test("issues each certification once, reports every row it could not match, and changes nothing the second time", () => {
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
    const first = admin(["import-completions", file, "--edition", "2026"]);
    assert.equal(first.status, 1, "rows that could not be imported make the exit code 1");
    assert.match(
      first.stdout,
      /8 row\(s\) read; 3 completion\(s\) matched an account; 3 new certification credential\(s\) issued/,
    );
    assert.match(first.stderr, /5 row\(s\) could not be imported/);
    assert.match(first.stderr, /line 5: no account with that e-mail: nobody@example\.com/);
    assert.match(first.stderr, /line 9: account not verified: dee@example\.com/);
    assert.equal(count("SELECT count(*) AS n FROM credentials WHERE user_id = 'u-dee'"), 0);
    assert.match(first.stderr, /line 6: unknown certification "AI Wizard"/);
    assert.match(first.stderr, /line 7: bad date "2026-13-01"/);
    assert.match(first.stderr, /line 8: bad e-mail "not-an-email"/);
    assert.equal(count("SELECT count(*) AS n FROM credentials WHERE user_id = 'u-ada'"), 2);
    assert.equal(
      count("SELECT count(*) AS n FROM credentials WHERE user_id = 'u-bo' AND achievement = 'ai-builder'"),
      1,
    );
    assert.equal(count("SELECT count(*) AS n FROM credential_completions"), 3);
    const [row] = query(
      "SELECT earned_at, recipient_email, length(id) AS idLength FROM credentials WHERE user_id = 'u-bo'",
      target,
    );
    assert.deepEqual(row, { earned_at: "2026-02-01", recipient_email: "Bo@Example.com", idLength: 32 });

    const second = admin(["import-completions", file, "--edition", "2026"]);
    assert.match(second.stdout, /0 new certification credential\(s\) issued/);
    assert.equal(count("SELECT count(*) AS n FROM credentials"), 3);
  });

  test("refuses a file without the expected columns", () => {
    const file = join(stateDir, "wrong.csv");
    writeFileSync(file, "name,course\nAda,AI Creator\n");
    const run = admin(["import-completions", file, "--edition", "2026"]);
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /lacks email, date/);
  });
});

describe("recordResultCredentials (the publish commands' entry point)", () => {
  test("issues finalist and award credentials to every verified member of each published team, once", () => {
    query(
      `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('t-1', '2026', 'Spud Labs', 'u-ada', '2026-02-01T00:00:00Z');
       INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES ('t-1', 'u-ada', '2026', 'lead', '2026-02-01T00:00:00Z'), ('t-1', 'u-cy', '2026', 'member', '2026-02-02T00:00:00Z'), ('t-1', 'u-dee', '2026', 'member', '2026-02-03T00:00:00Z');
       INSERT INTO published_results (edition_id, award, team_id, team_name, published_at, published_by) VALUES
         ('2026', 'finalist', 't-1', 'Spud Labs', '2026-04-10T18:00:00Z', 'organizer'),
         ('2026', 'innovation-award', 't-1', 'Spud Labs', '2026-04-25T20:00:00Z', 'organizer')`,
      target,
    );
    const issued = recordResultCredentials("2026", target, new Date("2026-04-25T21:00:00Z"));
    assert.deepEqual(issued.map((row) => `${row.user_id}:${row.achievement}`).sort(), [
      "u-ada:finalist",
      "u-ada:innovation-award",
      "u-cy:finalist",
      "u-cy:innovation-award",
    ]);
    assert.deepEqual(recordResultCredentials("2026", target), []);
    const cli = admin(["issue-result-credentials", "--edition", "2026"]);
    assert.equal(cli.status, 0, cli.stderr);
    assert.match(cli.stdout, /^0 new finalist or award credential/);
  });
});

describe("npm run admin -- revoke-credential", () => {
  test("revokes once with its reason, and says so for an unknown id", () => {
    const [row] = query("SELECT id FROM credentials WHERE user_id = 'u-cy' AND achievement = 'finalist'", target);
    const id = String(row?.id);
    assert.equal(admin(["revoke-credential", id]).status, 2, "the reason is required");
    const run = admin(["revoke-credential", id, "--reason", "disqualified after an appeal"]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /revoked: disqualified after an appeal/);
    const [revoked] = query(`SELECT revoked_reason FROM credentials WHERE id = '${id}'`, target);
    assert.equal(revoked?.revoked_reason, "disqualified after an appeal");
    assert.equal(revokeCredential(id, "again", target), "already-revoked");
    assert.equal(admin(["revoke-credential", "0".repeat(32), "--reason", "x"]).status, 1);
  });
});
