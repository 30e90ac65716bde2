/**
 * The one CSV writer: the organization dashboard's employees download and the
 * operators' `npm run admin -- export` (scripts/admin.mjs imports this file;
 * Node 22 strips its types, so it uses only erasable syntax and no `~/` paths).
 *
 * RFC 4180: every field is quoted (quotes inside doubled), so no separator a
 * locale uses (`,` or `;`) can split a cell; lines end with CRLF; NULL is an
 * empty field.
 *
 * Safe to open in a spreadsheet (OWASP "CSV injection"): a text cell that
 * starts with =, +, -, @, a tab or a carriage return could be read as a
 * formula, and so could one starting with their full-width forms ＝ ＋ － ＠
 * (spreadsheets in East Asian locales read those as the ASCII ones, issue 50), and one that starts with a comma or semicolon could start a new
 * cell in a locale that splits on it, so each gets a leading single quote.
 * Numbers are not prefixed (a negative number stays a number).
 */

export type CsvRow = Record<string, unknown>;

const DANGEROUS_START = /^[=+\-@\t\r,;\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One cell's text, neutralized and quoted. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === "string" && DANGEROUS_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A header line of `columns`, then one line per row (each row read by column name). */
export function toCsv(rows: readonly CsvRow[], columns: readonly string[] = Object.keys(rows[0] ?? {})): string {
  return [columns.map(csvField).join(","), ...rows.map((row) => columns.map((c) => csvField(row[c])).join(","))]
    .map((line) => `${line}\r\n`)
    .join("");
}
