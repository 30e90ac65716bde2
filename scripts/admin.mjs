#!/usr/bin/env node
// `npm run admin -- <command> [--remote] [--env staging|production] [--out file]`
//
//   export <contacts|interests|registrations|sponsorships>   CSV of the table to stdout (or --out)
//   requeue-dead                                             hand dead notifications back to the outbox sweep
//
// Everything goes through the Wrangler CLI (`wrangler d1 execute --json`), so
// it needs no credentials of its own: locally it reads the same D1 as
// `npm start`; with --remote it uses your `wrangler login`.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** What `export` may read: a name an organizer would use → the table. */
export const exportableTables = {
  contacts: "contact_submissions",
  interests: "judge_advisor_interests",
  registrations: "registrations",
  sponsorships: "sponsorships",
};

/**
 * RFC 4180 CSV: every field quoted when it holds a comma, quote, CR or LF;
 * quotes doubled; CRLF line ends; NULL as an empty field.
 * @param {Record<string, unknown>[]} rows
 * @param {string[]} [columns]
 */
export function toCsv(rows, columns = Object.keys(rows[0] ?? {})) {
  /** @param {unknown} value */
  const field = (value) => {
    if (value === null || value === undefined) return "";
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [columns.map(field).join(","), ...rows.map((row) => columns.map((c) => field(row[c])).join(","))]
    .map((line) => `${line}\r\n`)
    .join("");
}

/**
 * @param {string} sql
 * @param {{ remote: boolean, env?: string, stateDir?: string }} target
 * @returns {Record<string, unknown>[]}
 */
export function query(sql, target) {
  const args = ["wrangler", "d1", "execute", "DB", "--json", "--command", sql];
  if (target.remote) args.push("--remote");
  else args.push("--local", "--persist-to", target.stateDir ?? ".wrangler/state");
  if (target.env) args.push("--env", target.env);
  const run = spawnSync("npx", args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    maxBuffer: 512 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`wrangler d1 execute failed:\n${run.stderr || run.stdout}`);
  const parsed = JSON.parse(run.stdout);
  return Array.isArray(parsed) ? (parsed[0]?.results ?? []) : (parsed.results ?? []);
}

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ remote: boolean, env?: string, out?: string, stateDir?: string }} */
  const options = { remote: false, stateDir: process.env.STATE_DIR };
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--remote") options.remote = true;
    else if (arg === "--env") options.env = argv[++i];
    else if (arg === "--out") options.out = argv[++i];
    else if (arg !== undefined) positional.push(arg);
  }
  return { positional, options };
}

const usage = `usage: npm run admin -- export <${Object.keys(exportableTables).join("|")}> [--remote] [--env name] [--out file.csv]
       npm run admin -- requeue-dead [--remote] [--env name]`;

function main() {
  const { positional, options } = parseArgs(process.argv.slice(2));
  const [command, name] = positional;
  if (command === "export") {
    const table = exportableTables[/** @type {keyof typeof exportableTables} */ (name)];
    if (!table) {
      console.error(`unknown table "${name ?? ""}"\n${usage}`);
      return 2;
    }
    const columns = query(`SELECT name FROM pragma_table_info('${table}')`, options).map((c) => String(c.name));
    const csv = toCsv(query(`SELECT * FROM ${table} ORDER BY rowid`, options), columns);
    if (options.out) writeFileSync(options.out, csv, "utf8");
    else process.stdout.write(csv);
    return 0;
  }
  if (command === "requeue-dead") {
    // The outbox sweep (cron) re-queues rows that have been pending for a few
    // minutes; making a dead row pending again, with an old timestamp, hands
    // it back to that sweep. Its attempts are kept for the record.
    const rows = query(
      "UPDATE notifications SET status = 'pending', updated_at = '1970-01-01T00:00:00.000Z' WHERE status = 'dead' RETURNING id",
      options,
    );
    console.log(`${rows.length} dead notification(s) handed back to the outbox; the next sweep sends them.`);
    return 0;
  }
  console.error(usage);
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main());
