// The admin CLI's clock and its terminal (issue 31, ADR 017): one clock for
// every admin module, which never honours APP_NOW against a remote database,
// and every line printed to the organizer's terminal with control and bidi
// characters escaped, so a stored title or name cannot move the cursor,
// rewrite earlier lines, set the window title or reorder what is shown.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { cliNow, query, terminalText, writeOutput } from "../../scripts/admin.mjs";
import { applyMigrations } from "./local-d1.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const ESC = "\u001b";
const PRETEND = "2026-03-21T10:00:00-06:00";

/** @param {string} value @param {() => void} act */
function withAppNow(value, act) {
  const saved = process.env.APP_NOW;
  process.env.APP_NOW = value;
  try {
    act();
  } finally {
    if (saved === undefined) delete process.env.APP_NOW;
    else process.env.APP_NOW = saved;
  }
}

/** @param {Date} at */
const isRealTime = (at) => Math.abs(at.getTime() - Date.now()) < 5_000;

describe("one CLI clock", () => {
  test("locally, APP_NOW is the time, as for the local site", () => {
    withAppNow(PRETEND, () => assert.equal(cliNow({ remote: false }).toISOString(), "2026-03-21T16:00:00.000Z"));
  });

  test("against any remote database it is the real time, whatever --env says", () => {
    withAppNow(PRETEND, () => {
      for (const env of [undefined, "staging", "production", "anything"]) {
        assert.ok(isRealTime(cliNow({ remote: true, env })), `--remote --env ${env}`);
      }
    });
  });

  test("a malformed APP_NOW is refused locally rather than read as some other day", () => {
    withAppNow("next tuesday", () => assert.throws(() => cliNow({ remote: false }), /APP_NOW/));
  });

  test("no admin module keeps a clock of its own", () => {
    const dir = join(root, "scripts/admin");
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".mjs"))) {
      const source = readFileSync(join(dir, file), "utf8");
      assert.doesNotMatch(source, /APP_NOW/, `${file} reads APP_NOW itself`);
      assert.doesNotMatch(source, /function (cliNow|commandNow|now)\b|const now = \(/, `${file} defines a clock`);
    }
  });
});

describe("the terminal", () => {
  test("control and bidi characters are shown escaped; line breaks and tabs stay", () => {
    assert.equal(
      terminalText(`a${ESC}[2Jb\u0007c\rd\u009be\u202ef\u2066g\u007fh\n\ti`),
      "a\\x1b[2Jb\\x07c\\x0dd\\x9be\\u202ef\\u2066g\\x7fh\n\ti",
    );
    assert.equal(terminalText("Zoë Nguyễn 👩‍💻"), "Zoë Nguyễn 👩‍💻");
  });

  test("a CSV written to a terminal is escaped; to a file or a pipe it is the data as stored", () => {
    /** @param {boolean} isTTY */
    const stream = (isTTY) => {
      const chunks = /** @type {string[]} */ ([]);
      return { isTTY, chunks, write: (/** @type {string} */ chunk) => chunks.push(chunk) };
    };
    const tty = stream(true);
    writeOutput(`"title"\r\n"A${ESC}[31m"\r\n`, tty);
    assert.equal(tty.chunks.join(""), `"title"\r\n"A\\x1b[31m"\r\n`);
    const pipe = stream(false);
    writeOutput(`"title"\r\n"A${ESC}[31m"\r\n`, pipe);
    assert.equal(pipe.chunks.join(""), `"title"\r\n"A${ESC}[31m"\r\n`);
  });
});

describe("a stored name printed by a command", () => {
  const stateDir = mkdtempSync(join(tmpdir(), "cli-safety-"));
  const target = { remote: false, stateDir };
  before(() => applyMigrations(stateDir));
  after(() => rmSync(stateDir, { recursive: true, force: true }));

  test("reaches the organizer's terminal escaped", () => {
    // A team's name, as `conflicts` prints it (judges' names are the organizer API's now: terminalSafe).
    const hostile = `Mallory${ESC}[2K${ESC}]0;owned\u0007\r\u202eSpoofed`;
    query(
      [
        `INSERT INTO "user" (id, name, email, email_verified) VALUES ('u1', '', 'judge@judges.example', 1)`,
        `INSERT INTO teams (id, edition_id, name, created_by, created_at)
         VALUES ('t1', '2026', CAST(X'${Buffer.from(hostile, "utf8").toString("hex")}' AS TEXT), 'u2', '2026-03-01')`,
        `INSERT INTO judging_conflicts (edition_id, judge_user_id, team_id, source, detail, created_at, created_by)
         VALUES ('2026', 'u1', 't1', 'organizer', 'knows the team', '2026-03-02', 'organizer:x')`,
      ].join(";\n"),
      target,
    );
    const run = spawnSync("node", ["scripts/admin.mjs", "conflicts", "--edition", "2026"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, STATE_DIR: stateDir },
    });
    assert.equal(run.status, 0, run.stderr);
    const output = run.stdout + run.stderr;
    assert.match(run.stdout, /Mallory\\x1b\[2K\\x1b\]0;owned\\x07\\x0d\\u202eSpoofed/);
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    assert.doesNotMatch(output, /[\u001b\u0007\r\u202e]/);
  });
});
