// The admin CLI against a real local D1 (Node's test runner: these tests run
// Wrangler the way an operator does, which workerd-hosted vitest cannot).
// `export` is a client of the organizer API (issue 33): its tests run it
// against one real local server on the same database, with a registrar's token.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { toCsv } from "../../scripts/admin.mjs";
import { query, queryAll } from "./local-d1.mjs";
import { migratedState } from "../migrated-state.mjs";
import { startLocalServer } from "./local-server.mjs";
// Node 22 reads the TypeScript module as is.
const { organizerSql } = /** @type {typeof import("../judging-seed.ts")} */ (
  await import(new URL("../judging-seed.ts", import.meta.url).href)
);

const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "admin-cli-"));
const target = { remote: false, stateDir };

/** @param {string[]} args @param {Record<string, string>} [extra] the API's address and token, for `export` */
function admin(args, extra = {}) {
  const env = { ...process.env, STATE_DIR: stateDir, ...extra };
  if (!("ORGANIZER_API_TOKEN" in extra)) delete env.ORGANIZER_API_TOKEN;
  return spawnSync("node", ["scripts/admin.mjs", ...args], { cwd: root, encoding: "utf8", env });
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
  migratedState(stateDir);
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

describe("npm run admin -- export, through the organizer API (issue 33)", () => {
  /** @type {Record<string, string>} */
  let api = {};
  let stopServer = () => {};

  before(async () => {
    // Inside the 2026 edition: the server's clock (the CLI sends none).
    const server = await startLocalServer({ stateDir, appNow: "2026-03-25T12:00:00-06:00" });
    stopServer = server.stop;
    // A registrar with a token, as /organize/tokens stores one (its SHA-256).
    const token = `iac_org_${"r".repeat(43)}`;
    query(
      organizerSql({
        userId: "registrar",
        email: "reg@example.com",
        name: "Reg",
        role: "registrar",
        tokenId: "t1",
        tokenName: "CLI",
        tokenHash: createHash("sha256").update(token).digest("hex"),
      }).join(";\n"),
      target,
    );
    api = { ORGANIZER_API_URL: server.base, ORGANIZER_API_TOKEN: token };
  });

  after(() => stopServer());

  test("writes every contact message as UTF-8 CSV that round-trips, formulas neutralized", () => {
    const tricky = 'Quotes "here", commas, and\nnewlines — Zoë ✓';
    query(
      `INSERT INTO contact_submissions (name, email, subject, message) VALUES ('Ada, Countess', 'ada@example.com', NULL, '${tricky.replaceAll("'", "''")}')`,
      target,
    );
    query(
      "INSERT INTO contact_submissions (name, email, subject, message) VALUES ('=HYPERLINK(\"http://evil.example\")', 'eve@example.com', NULL, 'a message long enough')",
      target,
    );
    const run = admin(["export", "contacts"], api);
    assert.equal(run.status, 0, run.stderr);
    const [header, ...rows] = parseCsv(run.stdout);
    // Every column of the table, as the SQL export had them, and the two of migration 0022.
    assert.deepEqual(header, ["id", "name", "email", "subject", "message", "created_at", "handled_at", "handled_by"]);
    const record = Object.fromEntries(
      (header ?? []).map((name, i) => [name, rows.find((row) => row.includes("ada@example.com"))?.[i]]),
    );
    assert.equal(record.name, "Ada, Countess");
    assert.equal(record.subject, "");
    assert.equal(record.message, tricky);
    // Spreadsheet-safe (OWASP CSV injection): the formula arrives as text.
    const hostile = rows.find((row) => row.includes("eve@example.com"));
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
      const run = admin(["export", "registrations", ...args], api);
      assert.equal(run.status, 0, run.stderr);
      const [header, ...rows] = parseCsv(run.stdout);
      for (const column of [
        "id",
        "edition_id",
        "user_id",
        "plan",
        "pricing_phase",
        "amount_cents",
        "status",
        "paid_at",
      ])
        assert.ok(header?.includes(column), column);
      const at = (header ?? []).indexOf("id");
      return rows.map((row) => row[at]).sort();
    };
    // Today's edition (the published 2026 one, since no later edition is published).
    assert.deepEqual(ids([]), ["reg-2026"]);
    assert.deepEqual(ids(["--edition", "fixture"]), ["reg-next"]);
    assert.deepEqual(ids(["--edition", "all"]), ["reg-2026", "reg-next"]);
    assert.deepEqual(ids(["--edition", "all", "--status", "pending"]), []);
    const refused = admin(["export", "contacts", "--edition", "2026"], api);
    assert.equal(refused.status, 2);
  });

  test("export subscribers writes the confirmed addresses only, interests joined", () => {
    const run = admin(["export", "subscribers"], api);
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

  test("writes --out, and refuses an unknown table with the usage, and a call without a token", () => {
    const dir = mkdtempSync(join(tmpdir(), "export-"));
    const out = join(dir, "sponsorships.csv");
    const run = admin(["export", "sponsorships", "--out", out], api);
    assert.equal(run.status, 0, run.stderr);
    assert.match(parseCsv(readFileSync(out, "utf8"))[0]?.join(",") ?? "", /company_url/);
    rmSync(dir, { recursive: true, force: true });
    const unknown = admin(["export", "users"], api);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown table/);
    const tokenless = admin(["export", "contacts"], { ORGANIZER_API_URL: api.ORGANIZER_API_URL ?? "" });
    assert.equal(tokenless.status, 2);
    assert.match(tokenless.stderr, /ORGANIZER_API_TOKEN/);
  });
});
