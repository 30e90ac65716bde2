// The local database path of the seeder and the tests (scripts/local-d1.mjs): the statements
// of one call split where D1 would split them, run in one transaction, and
// answered with the rows `wrangler d1 execute --json` gives for the same SQL
// on the same database (issue 30: no Wrangler process per local query).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  localDatabase,
  localDatabaseFile,
  pendingMigrations,
  runBound,
  splitStatements,
} from "../../scripts/local-d1.mjs";
import { queryAll } from "./local-d1.mjs";
import { migratedState } from "../migrated-state.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "local-d1-"));
const target = { remote: false, stateDir };

before(() => migratedState(stateDir));
after(() => rmSync(stateDir, { recursive: true, force: true }));

test("pending migrations: every one before the database exists, none once Wrangler applied them, a missing one by name", () => {
  const migrationsDir = join(root, "migrations");
  const files = readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  assert.ok(files.length > 1);
  const fresh = mkdtempSync(join(tmpdir(), "local-d1-fresh-"));
  const copy = mkdtempSync(join(tmpdir(), "local-d1-copy-"));
  try {
    assert.deepEqual(pendingMigrations(fresh, migrationsDir), files);
    assert.deepEqual(pendingMigrations(stateDir, migrationsDir), []);
    // A state from before the newest migration: only that one is pending (`npm start` then runs Wrangler).
    cpSync(stateDir, copy, { recursive: true });
    const older = localDatabase(copy);
    assert.ok(older);
    runBound(older, [{ sql: "DELETE FROM d1_migrations WHERE name = ?", params: [files.at(-1) ?? ""] }]);
    assert.deepEqual(pendingMigrations(copy, migrationsDir), [files.at(-1)]);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
});

test("statements split at semicolons outside strings, quoted names and comments", () => {
  assert.deepEqual(
    splitStatements(`SELECT 1; SELECT 'a;b', 'it''s;' -- note; more
; /* ; */ SELECT "c;" FROM [d;e];;  -- only a comment
`),
    ["SELECT 1", "SELECT 'a;b', 'it''s;' -- note; more", '/* ; */ SELECT "c;" FROM [d;e]'],
  );
  assert.deepEqual(splitStatements("  ;\n  "), []);
});

test("bound values are stored as given, and a failing statement undoes the ones before it", () => {
  const database = localDatabase(stateDir);
  assert.ok(database);
  const insert = (id, name) => ({
    sql: "INSERT INTO contact_submissions (id, name, email, subject, message, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    params: [id, name, "bound@example.com", "Hello", "x", "2026-01-02T03:04:05.000Z"],
  });
  const tricky = "Robert'); DROP TABLE contact_submissions; --";
  runBound(database, [insert(9101, tricky)]);
  assert.deepEqual(
    database
      .prepare("SELECT name FROM contact_submissions WHERE id = ?")
      .all(9101)
      .map((r) => r.name),
    [tricky],
  );
  // The second row reuses the first's id: the whole call is undone.
  assert.throws(() => runBound(database, [insert(9102, "kept?"), insert(9101, "again")]), /UNIQUE/);
  assert.equal(database.prepare("SELECT count(*) AS n FROM contact_submissions WHERE id = ?").get(9102)?.n, 0);
  // The other tests count this table's rows.
  database.prepare("DELETE FROM contact_submissions WHERE id = ?").run(9101);
});

test("a migrated state directory has one database file, found without Wrangler", () => {
  const file = localDatabaseFile(stateDir);
  assert.ok(file?.startsWith(stateDir) && file.endsWith(".sqlite"), String(file));
  assert.equal(localDatabaseFile(join(stateDir, "nothing-here")), null);
});

test("rows as Wrangler gives them: the same SQL, the same answer", () => {
  const sql = [
    "INSERT INTO contact_submissions (id, name, email, subject, message, created_at) VALUES (9001, 'Ada; \"Quote\"', 'ada@example.com', 'Hello', 'It''s a test; really', '2026-01-02T03:04:05.000Z')",
    "SELECT id, name, message, length(message) AS characters, 1.5 AS ratio, NULL AS missing FROM contact_submissions WHERE id = 9001",
    "SELECT count(*) AS n FROM contact_submissions",
  ].join(";\n");
  const local = queryAll(sql, target);
  assert.deepEqual(local, [
    [],
    [
      {
        id: 9001,
        name: 'Ada; "Quote"',
        message: "It's a test; really",
        characters: 19,
        ratio: 1.5,
        missing: null,
      },
    ],
    [{ n: 1 }],
  ]);
  const read = local[1];
  const wrangler = spawnSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      stateDir,
      "--json",
      "--command",
      sql.split(";\n")[1],
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } },
  );
  assert.equal(wrangler.status, 0, wrangler.stderr);
  assert.deepEqual(JSON.parse(wrangler.stdout)[0].results, read);
});

test("a trigger's body keeps its semicolons: one statement, created and firing", () => {
  queryAll(
    `CREATE TRIGGER local_d1_test AFTER INSERT ON contact_submissions WHEN NEW.id = 9003 BEGIN UPDATE contact_submissions SET subject = 'seen; once' WHERE id = NEW.id; UPDATE contact_submissions SET message = 'and; twice' WHERE id = NEW.id; END;
     INSERT INTO contact_submissions (id, name, email, subject, message, created_at) VALUES (9003, 'C', 'c@example.com', 'S', 'M', '2026-01-02T03:04:05.000Z');
     DROP TRIGGER local_d1_test`,
    target,
  );
  assert.deepEqual(queryAll("SELECT subject, message FROM contact_submissions WHERE id = 9003", target), [
    [{ subject: "seen; once", message: "and; twice" }],
  ]);
  assert.throws(
    () => queryAll("CREATE TRIGGER never AFTER INSERT ON contact_submissions BEGIN SELECT 1;", target),
    /unfinished/,
  );
});

test("one call is one transaction: a failing statement undoes the ones before it", () => {
  assert.throws(
    () =>
      queryAll(
        "INSERT INTO contact_submissions (id, name, email, subject, message, created_at) VALUES (9002, 'B', 'b@example.com', 'S', 'M', '2026-01-02T03:04:05.000Z'); SELECT * FROM no_such_table",
        target,
      ),
    /no such table/,
  );
  assert.deepEqual(queryAll("SELECT id FROM contact_submissions WHERE id = 9002", target), [[]]);
});
