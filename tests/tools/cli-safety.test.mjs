// The admin CLI's clock and its terminal (issue 31, ADR 017): one clock for
// every admin module, which never honours APP_NOW against a remote database,
// and every line printed to the organizer's terminal with control and bidi
// characters escaped, so a stored title or name cannot move the cursor,
// rewrite earlier lines, set the window title or reorder what is shown.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { cliNow, terminalText, writeOutput } from "../../scripts/admin.mjs";
import { ApiError, withApi } from "../../scripts/admin/api.mjs";

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

  test("the Arabic letter mark and the line separators are escaped too, and escaping twice changes nothing", () => {
    const escaped = terminalText(`a\u061cb\u2028c\u2029d${ESC}]0;title\u0007`);
    assert.equal(escaped, "a\\u061cb\\u2028c\\u2029d\\x1b]0;title\\x07");
    assert.equal(terminalText(escaped), escaped);
  });

  test("a refusal from the site is printed through the same escaper", async () => {
    const printed = /** @type {string[]} */ ([]);
    const error = console.error;
    console.error = (/** @type {string} */ line) => printed.push(line);
    try {
      const code = await withApi(async () => {
        throw new ApiError(`No team \u061c"${ESC}[2J"`, 404, { name: [`bad\u202ename`] });
      });
      assert.equal(code, 1);
    } finally {
      console.error = error;
    }
    assert.deepEqual(printed, [`No team \\u061c"\\x1b[2J"\n  name: bad\\u202ename`]);
  });

  test("the CLI has one escaper: no other script matches control characters itself", () => {
    const scripts = [
      ...readdirSync(join(root, "scripts"))
        .filter((name) => name.endsWith(".mjs"))
        .map((name) => join("scripts", name)),
      ...readdirSync(join(root, "scripts/admin"))
        .filter((name) => name.endsWith(".mjs") && name !== "terminal.mjs")
        .map((name) => join("scripts/admin", name)),
    ];
    for (const file of scripts) {
      const source = readFileSync(join(root, file), "utf8");
      assert.doesNotMatch(source, /\\u0000-|\\x00-|no-control-regex/, `${file} escapes control characters itself`);
    }
  });
});

// A stored name printed by a command (a hostile team name through `conflicts`) is checked where the CLI
// meets the organizer API: tests/tools/organize.test.mjs.
