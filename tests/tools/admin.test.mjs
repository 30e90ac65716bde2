// The admin CLI against a real local D1 (Node's test runner: these tests run
// Wrangler the way an operator does, which workerd-hosted vitest cannot).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { query, queryAll, toCsv } from "../../scripts/admin.mjs";
import { applyMigrations } from "./local-d1.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "admin-cli-"));
const target = { remote: false, stateDir };

/** @param {string[]} args */
function admin(args) {
  return spawnSync("node", ["scripts/admin.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, STATE_DIR: stateDir },
  });
}

/** A strict RFC 4180 reader, to prove the CSV round-trips. @param {string} csv */
function parseCsv(csv) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && csv[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

before(() => {
  applyMigrations(stateDir);
});

after(() => rmSync(stateDir, { recursive: true, force: true }));

describe("toCsv", () => {
  test("quotes every field and writes NULL as empty", () => {
    const csv = toCsv([{ a: "plain", b: 'say "hi", twice', c: null, d: "line1\nline2" }]);
    assert.equal(csv, '"a","b","c","d"\r\n"plain","say ""hi"", twice","","line1\nline2"\r\n');
  });

  test("is the dashboard's writer: a cell that would run as a spreadsheet formula gets a leading quote", () => {
    const csv = toCsv([{ a: "=1+2", b: "+x", c: "-y", d: "@z", e: "\tt", f: "x=1", g: -3 }]);
    assert.equal(csv, `"a","b","c","d","e","f","g"\r\n"'=1+2","'+x","'-y","'@z","'\tt","x=1","-3"\r\n`);
  });
});

describe("npm run admin -- export", () => {
  test("writes every contact message as UTF-8 CSV that round-trips", () => {
    const tricky = 'Quotes "here", commas, and\nnewlines — Zoë ✓';
    query(
      `INSERT INTO contact_submissions (name, email, subject, message) VALUES ('Ada, Countess', 'ada@example.com', NULL, '${tricky.replaceAll("'", "''")}')`,
      target,
    );
    query(
      "INSERT INTO contact_submissions (name, email, subject, message) VALUES ('=HYPERLINK(\"http://evil.example\")', 'eve@example.com', NULL, 'a message long enough')",
      target,
    );
    const run = admin(["export", "contacts"]);
    assert.equal(run.status, 0, run.stderr);
    const [header, first] = parseCsv(run.stdout);
    assert.ok(header?.includes("message"));
    const record = Object.fromEntries((header ?? []).map((name, i) => [name, first?.[i]]));
    assert.equal(record.name, "Ada, Countess");
    assert.equal(record.subject, "");
    assert.equal(record.message, tricky);
    // Spreadsheet-safe (OWASP CSV injection): the formula arrives as text.
    const hostile = parseCsv(run.stdout).find((row) => row.includes("eve@example.com"));
    assert.ok(hostile?.includes(`'=HYPERLINK("http://evil.example")`), JSON.stringify(hostile));
  });

  test("exports one edition's registrations: the current one by default, another with --edition (issue 23)", () => {
    for (const [id, edition] of [
      ["reg-2026", "2026"],
      ["reg-next", "fixture"],
    ]) {
      query(
        `INSERT INTO registrations (id, edition_id, user_id, registration_type, plan, pricing_phase, amount_cents, status, first_name, last_name, email, phone)
         VALUES ('${id}', '${edition}', 'u1', 'individual', 'individual', 'regular', 30000, 'paid', 'Ada', 'Lovelace', 'ada@example.com', '208-555-0100')`,
        target,
      );
    }
    const ids = (/** @type {string[]} */ args) => {
      const run = admin(["export", "registrations", ...args]);
      assert.equal(run.status, 0, run.stderr);
      const [header, ...rows] = parseCsv(run.stdout);
      const at = (header ?? []).indexOf("id");
      return rows.map((row) => row[at]).sort();
    };
    // Today's edition (the published 2026 one, since no later edition is published).
    assert.deepEqual(ids([]), ["reg-2026"]);
    assert.deepEqual(ids(["--edition", "fixture"]), ["reg-next"]);
    assert.deepEqual(ids(["--edition", "all"]), ["reg-2026", "reg-next"]);
    const refused = admin(["export", "contacts", "--edition", "2026"]);
    assert.equal(refused.status, 2);
  });

  test("refuses an unknown table with the usage", () => {
    const run = admin(["export", "users"]);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /unknown table/);
  });
});

describe("docs/admin.md", () => {
  const guide = readFileSync(join(root, "docs/admin.md"), "utf8");
  const queries = [
    ...guide.matchAll(/wrangler d1 execute DB --remote --env production --command "((?:[^"\\]|\\.)*)"/g),
  ].map((match) => (match[1] ?? "").replaceAll('\\"', '"'));

  test("has the organizers' queries", () => {
    assert.ok(queries.length >= 8, `found ${queries.length} queries`);
  });

  // One wrangler call for all of them (each call costs a second); on a failure, one by one, to name it.
  test("runs every one of them", () => {
    try {
      queryAll(queries.map((sql) => sql.trim().replace(/;$/, "")).join(";\n"), target);
    } catch {
      for (const sql of queries) assert.doesNotThrow(() => query(sql, target), sql);
    }
  });
});

describe("the next-edition list", () => {
  before(() => {
    query(
      `INSERT INTO next_edition_subscribers (id, email, name, interests, status, unsubscribe_nonce, confirmed_at) VALUES
        ('s1', 'ann@example.com', 'Ann, "the planner"', '["judge","sponsor"]', 'confirmed', 'n1', '2026-11-01T00:00:00.000Z'),
        ('s2', 'bo@example.com', NULL, '["participant"]', 'confirmed', 'n2', '2026-11-02T00:00:00.000Z'),
        ('s3', 'cy@example.com', NULL, '["advisor"]', 'confirmed', 'n3', '2026-11-03T00:00:00.000Z'),
        ('s4', 'unconfirmed@example.com', NULL, '["judge"]', 'unconfirmed', 'n4', NULL),
        ('s5', 'gone@example.com', NULL, '[]', 'unsubscribed', 'n5', NULL)`,
      target,
    );
  });

  test("export subscribers writes the confirmed addresses only, interests joined", () => {
    const run = admin(["export", "subscribers"]);
    assert.equal(run.status, 0, run.stderr);
    const [header, ...rows] = parseCsv(run.stdout);
    assert.deepEqual(header, ["email", "name", "interests", "confirmed_at", "created_at"]);
    assert.deepEqual(
      rows.map((row) => row.slice(0, 3)),
      [
        ["ann@example.com", 'Ann, "the planner"', "judge;sponsor"],
        ["bo@example.com", "", "participant"],
        ["cy@example.com", "", "advisor"],
      ],
    );
  });

  test("announce refuses a file without a subject line", () => {
    const dir = mkdtempSync(join(tmpdir(), "announce-"));
    const file = join(dir, "bad.md");
    writeFileSync(file, "No heading here.\n", "utf8");
    const run = admin(["announce", file]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /# Subject/);
    rmSync(dir, { recursive: true, force: true });
  });
});
