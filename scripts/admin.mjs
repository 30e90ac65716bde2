#!/usr/bin/env node
// `npm run admin -- <command> [--base-url URL] [--out file]` (ORGANIZER_API_TOKEN, ORGANIZER_API_URL)
//
// Every command is one of scripts/admin/'s (`npm run admin` lists them), and
// every one is a client of the organizer API (./admin/api.mjs, issue 33): it
// holds no SQL and no copy of an app rule, and needs a token, not database
// rights. The one local-only writer is the seeder (./seed-projects.mjs).
//
// No command sends a time: every date is the site's clock (app/clock), so a
// terminal cannot rehearse another day; a local site started with APP_NOW
// can (docs/admin.md, "From a terminal"). Every command prints through the
// console, which `main` escapes (`terminalText`, ./admin/terminal.mjs): what
// people typed on the site never reaches the organizer's terminal as a
// control sequence (issue 31).
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";
import { format } from "node:util";
import { terminalText } from "./admin/terminal.mjs";

// The app's TypeScript modules import each other without extensions, as Vite
// resolves them; Node reads TypeScript as is but needs the file. Only the
// modules this script imports from app/ (editions, the clock, the CSV writer).
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (/^\.\.?\//.test(specifier) && !/\.[cm]?[jt]sx?$/.test(specifier) && context.parentURL?.endsWith(".ts")) {
      for (const candidate of [`${specifier}.ts`, `${specifier}/index.ts`]) {
        try {
          return nextResolve(candidate, context);
        } catch {
          // not this one: try the next
        }
      }
    }
    return nextResolve(specifier, context);
  },
});

/**
 * The CLI's one clock (issue 31). Locally APP_NOW moves it, as it moves the
 * local site (tests, previews); against any remote database (--remote,
 * whatever --env names) it is the real time, as the production worker's
 * clock is: a pretend date must never publish results, record decisions or
 * issue credentials in a shared database.
 * @param {{ remote: boolean, env?: string }} target
 * @returns {Date}
 */
export function cliNow(target) {
  const pretend = process.env.APP_NOW;
  if (target.remote || !pretend) return new Date();
  const at = new Date(pretend);
  if (Number.isNaN(at.getTime())) throw new Error(`APP_NOW must be an ISO 8601 timestamp, got "${pretend}"`);
  return at;
}

export { terminalText };

/**
 * Writes a command's output (a CSV) to stdout: to a terminal, escaped like
 * every printed line; to a file or a pipe, the data exactly as stored.
 * @param {string} text
 * @param {{ isTTY?: boolean, write(chunk: string): unknown }} [stream]
 */
export function writeOutput(text, stream = process.stdout) {
  stream.write(stream.isTTY ? terminalText(text).replace(/\\x0d\n/g, "\r\n") : text);
}

/** Every console line the CLI prints, escaped (see `terminalText`). */
function escapeConsole() {
  for (const method of /** @type {const} */ (["log", "error", "warn", "info"])) {
    const print = console[method].bind(console);
    console[method] = (...args) => print(terminalText(format(...args)));
  }
}

// The one CSV writer (RFC 4180, spreadsheet-safe), shared with the desk's CSV
// downloads and the exports (./admin/exports.mjs); Node 22 reads the TypeScript module as is.
export const { toCsv } = /** @type {typeof import("../app/lib/csv.ts")} */ (
  await import(new URL("../app/lib/csv.ts", import.meta.url).href)
);

/**
 * `--remote` is the one switch; every other `--name value` is an option
 * (`--batch-size 5` → batchSize). A flag with no value after it reads "true".
 * @param {string[]} argv
 */
export function parseArgs(argv) {
  /** @type {{ remote: boolean, env?: string, out?: string, stateDir?: string, baseUrl?: string, id?: string, batchSize?: number, maxBatches?: number, edition?: string, [option: string]: unknown }} */
  const options = { remote: false, stateDir: process.env.STATE_DIR };
  const numeric = new Set(["batchSize", "maxBatches"]);
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === undefined) continue;
    if (arg === "--remote") options.remote = true;
    else if (arg.startsWith("--")) {
      const key = arg.slice(2).replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
      const next = argv[i + 1];
      const value = next === undefined || next.startsWith("--") ? "true" : argv[++i];
      options[key] = numeric.has(key) ? Number(value) : value;
    } else positional.push(arg);
  }
  return { positional, options };
}

/**
 * Commands of the Challenge's later stages, one module per concern in
 * scripts/admin/, each exporting `commands`: { name: { usage, run(args, options) → exit code } }.
 */
const commandModules = [
  "./admin/organize.mjs",
  "./admin/judging.mjs",
  "./admin/judging-results.mjs",
  "./admin/showcase.mjs",
  "./admin/credentials.mjs",
  "./admin/outbox.mjs",
  "./admin/exports.mjs",
  "./admin/messages.mjs",
  "./admin/editions.mjs",
  "./admin/sponsors.mjs",
  "./admin/organization-listings.mjs",
  "./admin/profiles.mjs",
  "./admin/invoices.mjs",
];

async function loadCommands() {
  /** @type {Record<string, { usage: string, run: (args: string[], options: ReturnType<typeof parseArgs>["options"]) => Promise<number> | number }>} */
  const commands = {};
  for (const path of commandModules)
    Object.assign(commands, (await import(new URL(path, import.meta.url).href)).commands);
  return commands;
}

async function main() {
  escapeConsole();
  const { positional, options } = parseArgs(process.argv.slice(2));
  const [command] = positional;
  const commands = await loadCommands();
  const extra = command === undefined ? undefined : commands[command];
  if (extra) return extra.run(positional.slice(1), options);
  console.error(
    Object.values(commands)
      .map((c, i) => `${i === 0 ? "usage:" : "      "} npm run admin -- ${c.usage}`)
      .join("\n"),
  );
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
