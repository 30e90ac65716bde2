/**
 * The one CSV writer: the organization dashboard's employees download and the
 * operators' `npm run admin -- export` (scripts/admin.mjs imports this file;
 * Node 22 strips its types, so it uses only erasable syntax and no `~/` paths).
 *
 * RFC 4180: a field is quoted when it holds a comma, quote, CR or LF; quotes
 * are doubled; lines end with CRLF; NULL is an empty field.
 *
 * Safe to open in a spreadsheet (OWASP "CSV injection"): a text cell that
 * starts with =, +, -, @, a tab or a carriage return would be read as a
 * formula, so it gets a leading single quote. Numbers stay numbers.
 */

export type CsvRow = Record<string, unknown>;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell's text, neutralized and quoted as needed. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line of `columns`, then one line per row (each row read by column name). */
export function toCsv(rows: readonly CsvRow[], columns: readonly string[] = Object.keys(rows[0] ?? {})): string {
  return [columns.map(csvField).join(","), ...rows.map((row) => columns.map((c) => csvField(row[c])).join(","))]
    .map((line) => `${line}\r\n`)
    .join("");
}
