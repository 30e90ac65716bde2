// The admin CLI against a real local D1 (Node's test runner: these tests run
// Wrangler the way an operator does, which workerd-hosted vitest cannot).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { query, toCsv } from "../../scripts/admin.mjs";

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
  const migrate = spawnSync(
    "npx",
    ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
    },
  );
  assert.equal(migrate.status, 0, migrate.stderr);
});

after(() => rmSync(stateDir, { recursive: true, force: true }));

describe("toCsv", () => {
  test("quotes only what needs quoting and writes NULL as empty", () => {
    const csv = toCsv([{ a: "plain", b: 'say "hi", twice', c: null, d: "line1\nline2" }]);
    assert.equal(csv, 'a,b,c,d\r\nplain,"say ""hi"", twice",,"line1\nline2"\r\n');
  });
});

describe("npm run admin -- export", () => {
  test("writes every contact message as UTF-8 CSV that round-trips", () => {
    const tricky = 'Quotes "here", commas, and\nnewlines — Zoë ✓';
    query(
      `INSERT INTO contact_submissions (name, email, subject, message) VALUES ('Ada, Countess', 'ada@example.com', NULL, '${tricky.replaceAll("'", "''")}')`,
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
  });

  test("refuses an unknown table with the usage", () => {
    const run = admin(["export", "users"]);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /unknown table/);
  });
});

describe("npm run admin -- requeue-dead", () => {
  test("hands dead notifications back to the outbox and leaves the others alone", () => {
    query(
      "INSERT INTO notifications (id, kind, recipient, subject, payload, status, attempts) VALUES ('dead-1', 'contact', 'a@example.com', 's', '{}', 'dead', 6), ('sent-1', 'contact', 'a@example.com', 's', '{}', 'sent', 1)",
      target,
    );
    const run = admin(["requeue-dead"]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^1 dead notification/);
    const rows = query("SELECT id, status FROM notifications ORDER BY id", target);
    assert.deepEqual(
      rows.map((r) => [r.id, r.status]),
      [
        ["dead-1", "pending"],
        ["sent-1", "sent"],
      ],
    );
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

  for (const sql of queries) {
    test(`runs: ${sql.slice(0, 70)}…`, () => {
      assert.doesNotThrow(() => query(sql, target));
    });
  }
});
