/**
 * The training provider's completions file (issue 26, issue 33): the one
 * reader of its CSV and its dates, for the desk's import, the organizer API
 * and so `npm run admin -- import-completions`, which posts the file's text.
 * Reading never touches the database: each data row becomes a completion to
 * look up, or a problem with its line number (never dropped silently).
 */
import {
  certificationIds,
  certificationNamed,
  completionImportRules,
  type CompletionProblemKind,
} from "~/content/credentials";
import { credentialDeskMessages } from "~/content/credentials";

/** A strict RFC 4180 reader (quoted fields, doubled quotes, CRLF or LF); blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const source = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && source[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ""));
}

/** A calendar date as YYYY-MM-DD from "2026-03-02" or "3/2/2026"; null when it is not a real date. */
export function completionDate(value: string): string | null {
  const text = value.trim();
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

export interface CompletionRow {
  line: number;
  /** Lower-cased, as accounts are matched. */
  email: string;
  achievement: string;
  completedOn: string;
}

export interface CompletionProblem {
  line: number;
  email: string;
  /** The certification as the file names it (or its id once recognised). */
  certification: string;
  kind: CompletionProblemKind;
  /** The detail the organizer needs: the value refused, or the line it duplicates. */
  detail: string;
}

export type ReadCompletions =
  { ok: true; completions: CompletionRow[]; problems: CompletionProblem[] } | { ok: false; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Reads the file: every data row is a completion or a problem (a bad e-mail,
 * an unknown certification, a bad or future date, or the same person and
 * certification again later in the file: the first line wins). `today` is
 * the worker's date (YYYY-MM-DD).
 */
export function readCompletions(text: string, editionId: string, today: string): ReadCompletions {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { ok: false, message: credentialDeskMessages.emptyFile };
  if (rows.length > completionImportRules.maxRows) {
    return { ok: false, message: credentialDeskMessages.tooManyRows(rows.length) };
  }
  const names = header.map((cell) => cell.trim().toLowerCase());
  const { headerNames } = completionImportRules;
  const column = (wanted: readonly string[]) => names.findIndex((name) => wanted.includes(name));
  const columns = {
    email: column(headerNames.email),
    certification: column(headerNames.certification),
    date: column(headerNames.date),
  };
  const missing = Object.entries(columns)
    .filter(([, index]) => index < 0)
    .map(([name]) => name);
  if (missing.length > 0) return { ok: false, message: credentialDeskMessages.headerMissing(missing.join(", ")) };

  const completions: CompletionRow[] = [];
  const problems: CompletionProblem[] = [];
  const firstLine = new Map<string, number>();
  rows.forEach((cells, i) => {
    const line = i + 2;
    const email = (cells[columns.email] ?? "").trim().toLowerCase();
    const certification = (cells[columns.certification] ?? "").trim();
    const date = (cells[columns.date] ?? "").trim();
    const problem = (kind: CompletionProblemKind, detail: string) =>
      problems.push({ line, email, certification, kind, detail });
    if (!EMAIL.test(email)) return problem("badEmail", `"${email}"`);
    const found = certificationNamed(editionId, certification);
    if (!found) return problem("unknownCertification", `"${certification}" (expected ${certificationIds.join(", ")})`);
    const completedOn = completionDate(date);
    if (!completedOn) return problem("badDate", `"${date}" (expected YYYY-MM-DD or M/D/YYYY)`);
    if (completedOn > today) return problem("badDate", `${completedOn} is in the future`);
    const key = `${email} ${found.id}`;
    const earlier = firstLine.get(key);
    if (earlier !== undefined) return problem("duplicate", `the same as line ${earlier}`);
    firstLine.set(key, line);
    completions.push({ line, email, achievement: found.id, completedOn });
  });
  return { ok: true, completions, problems };
}
