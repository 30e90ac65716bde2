// The local D1 that `npm start` serves, read and written in this process.
//
// `wrangler d1 execute --local` starts Wrangler and a workerd for every call
// (about 2 s, nearly all of it CPU); the database it reaches is one SQLite
// file in the state directory, in WAL mode, which any SQLite may share with
// a running server. So the seeder (./seed-projects.mjs) and the tests' own
// set-up open that file with Node's own SQLite and run a call's statements
// in one transaction, as D1 runs a batch. The admin CLI sends no SQL at all
// (it is a client of the organizer API); remote databases are Wrangler's.
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** Where miniflare keeps D1 databases under a state directory (`--persist-to`). */
const D1_DIRECTORY = join("v3", "d1", "miniflare-D1DatabaseObject");
/** How long a statement waits for the server's write to finish before it fails. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * The project's one D1 database file under `stateDir`, or null when there is
 * none yet; more than one is a state directory this CLI does not know.
 * @param {string} stateDir
 */
export function localDatabaseFile(stateDir) {
  const directory = join(stateDir, D1_DIRECTORY);
  if (!existsSync(directory)) return null;
  const files = readdirSync(directory).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length > 1) throw new Error(`${directory} holds ${files.length} databases; expected the one D1 binding`);
  return files.length === 1 ? join(directory, files[0]) : null;
}

/** @type {Map<string, import("node:sqlite").DatabaseSync>} */
const open = new Map();

/**
 * The local D1 of `stateDir`, opened once per process, or null before it exists.
 * @param {string} stateDir
 */
export function localDatabase(stateDir) {
  const file = localDatabaseFile(stateDir);
  if (file === null) return null;
  let database = open.get(file);
  if (!database) {
    const { DatabaseSync } = loadSqlite();
    database = new DatabaseSync(file);
    database.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    open.set(file, database);
  }
  return database;
}

/**
 * The migrations in `migrationsDir` that the local D1 of `stateDir` has not
 * applied (Wrangler's `d1_migrations` table names them); every one before the
 * database exists. `npm start` asks Wrangler to apply them only when some are
 * pending: a restart, or a state the tests prepared, skips a Wrangler run.
 * @param {string} stateDir
 * @param {string} migrationsDir
 * @returns {string[]}
 */
export function pendingMigrations(stateDir, migrationsDir) {
  const migrations = readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const file = localDatabaseFile(stateDir);
  if (file === null) return migrations;
  const { DatabaseSync } = loadSqlite();
  // Read-only and closed at once: the server about to start is the file's writer.
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    const listed = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'");
    if (listed.all().length === 0) return migrations;
    const applied = new Set(
      database
        .prepare("SELECT name FROM d1_migrations")
        .all()
        .map((row) => String(row.name)),
    );
    return migrations.filter((name) => !applied.has(name));
  } finally {
    database.close();
  }
}

/**
 * Runs the statements of `sql` (separated by ";") in one transaction and
 * returns every statement's rows, in order, as `wrangler d1 execute --json`
 * does. A failing statement rolls back the call's earlier ones, as a D1
 * batch would.
 * @param {import("node:sqlite").DatabaseSync} database
 * @param {string} sql
 * @returns {Record<string, unknown>[][]}
 */
export function runStatements(database, sql) {
  /** @type {Record<string, unknown>[][]} */
  const results = [];
  database.exec("BEGIN IMMEDIATE");
  try {
    // A trigger's body holds semicolons of its own: SQLite's parser says when a
    // piece is not a whole statement yet ("incomplete input"), and the next joins it.
    let pending = "";
    for (const piece of splitStatements(sql)) {
      const statement = pending ? `${pending};\n${piece}` : piece;
      let prepared;
      try {
        prepared = database.prepare(statement);
      } catch (error) {
        if (error instanceof Error && error.message === "incomplete input") {
          pending = statement;
          continue;
        }
        throw error;
      }
      pending = "";
      // Plain objects, as JSON.parse gives Wrangler's rows (Node's have no prototype).
      results.push(prepared.all().map((row) => ({ ...row })));
    }
    if (pending) throw new Error(`an unfinished statement: ${pending.slice(0, 200)}`);
    database.exec("COMMIT");
    return results;
  } catch (error) {
    database.exec("ROLLBACK");
    throw error;
  }
}

/**
 * Runs statements whose values are bound (`?` in the text, `params` beside
 * it) in one transaction: the seeder's rows, never written into SQL text.
 * @param {import("node:sqlite").DatabaseSync} database
 * @param {{ sql: string, params: (string | number | null)[] }[]} statements
 */
export function runBound(database, statements) {
  // A seed of thousands of projects repeats a few statements tens of thousands of times: each is prepared once.
  /** @type {Map<string, import("node:sqlite").StatementSync>} */
  const prepared = new Map();
  database.exec("BEGIN IMMEDIATE");
  try {
    for (const { sql, params } of statements) {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        prepared.set(sql, statement);
      }
      statement.run(...params);
    }
    database.exec("COMMIT");
  } catch (error) {
    database.exec("ROLLBACK");
    throw error;
  }
}

/**
 * One row to insert once (the seeder's fixed ids): the statement names the
 * table and columns (our constants), every value is bound, never written
 * into the SQL text.
 * @param {string} table
 * @param {Record<string, string | number | null>} row
 * @returns {{ sql: string, params: (string | number | null)[] }}
 */
export function insertOnce(table, row) {
  const columns = Object.keys(row);
  return {
    sql: `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    params: Object.values(row),
  };
}

/**
 * The pieces of an SQL text, split at the semicolons outside quotes,
 * quoted identifiers and comments; empty ones dropped. A trigger's body is
 * split too: `runStatements` joins its pieces again.
 * @param {string} sql
 * @returns {string[]}
 */
export function splitStatements(sql) {
  const statements = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === "`") {
      // A quote ends at its next twin that is not doubled.
      i += 1;
      while (i < sql.length && !(sql[i] === c && sql[i + 1] !== c)) i += sql[i] === c ? 2 : 1;
      i += 1;
    } else if (c === "[") {
      i = through(sql, "]", i + 1);
    } else if (c === "-" && sql[i + 1] === "-") {
      i = through(sql, "\n", i + 2);
    } else if (c === "/" && sql[i + 1] === "*") {
      i = through(sql, "*/", i + 2);
    } else if (c === ";") {
      statements.push(sql.slice(start, i));
      i += 1;
      start = i;
    } else i += 1;
  }
  statements.push(sql.slice(start));
  return statements
    .map((statement) => statement.trim())
    .filter((statement) => !/^(\s|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*$/.test(statement));
}

/** Just past the next `end` from `from`, or the text's end. @param {string} sql @param {string} end @param {number} from */
function through(sql, end, from) {
  const at = sql.indexOf(end, from);
  return at === -1 ? sql.length : at + end.length;
}

/** Node's SQLite, without its "experimental" warning on the organizer's terminal. */
function loadSqlite() {
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (String(warning).includes("SQLite")) return;
    emitWarning.call(process, warning, .../** @type {[]} */ (rest));
  };
  try {
    return /** @type {typeof import("node:sqlite")} */ (createRequire(import.meta.url)("node:sqlite"));
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** An ISO 8601 instant as app/editions/document.ts writes them. */
const STORED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The published editions of a local database (ADR 024), their instants as
 * Dates, as the site reads them: the seeder writes rows for the edition the
 * site's own clock picks among these.
 * @param {import("node:sqlite").DatabaseSync} database
 * @returns {import("../app/content/editions/types.ts").Edition[]}
 */
export function publishedEditionsIn(database) {
  const rows = database
    .prepare(
      "SELECT v.document FROM edition_versions v JOIN editions e ON e.id = v.edition_id AND e.published_version = v.version ORDER BY v.edition_id",
    )
    .all();
  return rows.map((row) =>
    JSON.parse(String(row.document), (_key, value) =>
      typeof value === "string" && STORED_INSTANT.test(value) ? new Date(value) : value,
    ),
  );
}
