// Credentials (issue 26, ADR 016): `npm run admin -- <command>`
//
//   import-completions <file.csv> [--edition ID]        the training provider's completions → certifications
//   revoke-credential <id> --reason "…"                  revoke one credential (its status-list bit flips)
//   issue-result-credentials [--edition ID]             finalist and award credentials from published_results
//   issue-innovator-credentials [--edition ID]          AI Innovator, once the submission deadline has passed
//
// The CLI holds no signing key: it writes each credential's unsigned facts
// with a fixed issuance instant, and the worker signs on first serve (the
// legacy path of app/credentials/credential.server.ts, until the organizers'
// desk moves these commands into the worker, which signs as it issues).
// Only verified accounts receive credentials (app/credentials/eligibility.ts).
import { readFileSync } from "node:fs";
import { cliNow, currentEditionId, queryAll, sqlText } from "../admin.mjs";

// Loaded after admin.mjs has taught Node to resolve the app's extensionless imports.
const content = /** @type {typeof import("../../app/content/credentials.ts")} */ (
  await import(new URL("../../app/content/credentials.ts", import.meta.url).href)
);
const issuance = /** @type {typeof import("../../app/credentials/issuance-sql.ts")} */ (
  await import(new URL("../../app/credentials/issuance-sql.ts", import.meta.url).href)
);
const eligibility = /** @type {typeof import("../../app/credentials/eligibility.ts")} */ (
  await import(new URL("../../app/credentials/eligibility.ts", import.meta.url).href)
);
const editions = /** @type {typeof import("../../app/content/editions/index.ts")} */ (
  await import(new URL("../../app/content/editions/index.ts", import.meta.url).href)
);

/** @typedef {{ remote: boolean, env?: string, stateDir?: string }} Target */

/** A strict RFC 4180 reader (quoted fields, doubled quotes, CRLF or LF). @param {string} text */
export function parseCsv(text) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let field = "";
  let quoted = false;
  const source = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
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

const headerNames = {
  email: ["email", "e-mail", "email address"],
  certification: ["certification", "certificate", "course"],
  date: ["completion date", "completion_date", "completed on", "completed_on", "date", "completed"],
};

/** A calendar date as YYYY-MM-DD from "2026-03-02" or "3/2/2026"; null when it is not a real date. @param {string} value */
export function completionDate(value) {
  const text = value.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  let year, month, day;
  if (match) [, year, month, day] = match.map(Number);
  else {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    if (!match) return null;
    [, month, day, year] = match.map(Number);
  }
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Reads the completions file: each data row either a completion to record or
 * a problem with its line number (never dropped silently).
 * @param {string} text
 * @param {string} editionId
 * @param {Date} now
 */
export function readCompletions(text, editionId, now) {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error("the file is empty");
  const names = header.map((cell) => cell.trim().toLowerCase());
  /** @param {string[]} wanted */
  const column = (wanted) => names.findIndex((name) => wanted.includes(name));
  const columns = {
    email: column(headerNames.email),
    certification: column(headerNames.certification),
    date: column(headerNames.date),
  };
  const missing = Object.entries(columns)
    .filter(([, index]) => index < 0)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(
      `the header row lacks ${missing.join(", ")} (expected columns: email, certification, completion date)`,
    );
  }
  const today = now.toISOString().slice(0, 10);
  /** @type {{ line: number, email: string, achievement: string, completedOn: string }[]} */
  const completions = [];
  /** @type {{ line: number, email: string, certification: string, reason: string }[]} */
  const problems = [];
  rows.forEach((cells, i) => {
    const line = i + 2;
    const email = (cells[columns.email] ?? "").trim().toLowerCase();
    const certification = (cells[columns.certification] ?? "").trim();
    const date = (cells[columns.date] ?? "").trim();
    const found = content.certificationNamed(editionId, certification);
    const completedOn = completionDate(date);
    const reason = !/^[^\s@]+@[^\s@]+$/.test(email)
      ? `bad e-mail "${email}"`
      : !found
        ? `unknown certification "${certification}" (expected ${content.certificationIds.join(", ")})`
        : !completedOn
          ? `bad date "${date}" (expected YYYY-MM-DD or M/D/YYYY)`
          : completedOn > today
            ? `date ${completedOn} is in the future`
            : null;
    if (reason || !found || !completedOn) problems.push({ line, email, certification, reason: reason ?? "unreadable" });
    else completions.push({ line, email, achievement: found.id, completedOn });
  });
  return { completions, problems };
}

/**
 * Imports completions: unknown and unverified accounts are reported with the
 * file's other problems (issue 31: whoever signed up first with a learner's
 * address must not receive the learner's certification); a completion
 * already recorded changes nothing (idempotent).
 * @param {string} text
 * @param {{ editionId: string, now: Date }} options
 * @param {Target} target
 */
export function importCompletions(text, { editionId, now }, target) {
  const { completions, problems } = readCompletions(text, editionId, now);
  const rowsRead = completions.length + problems.length;
  const emails = [...new Set(completions.map((c) => c.email))];
  /** @type {Map<string, { id: string, emailVerified: number }>} */
  const users = new Map();
  for (let i = 0; i < emails.length; i += 200) {
    const chunk = emails.slice(i, i + 200);
    const [rows = []] = queryAll(
      `SELECT id, lower(email) AS email, email_verified FROM "user" WHERE lower(email) IN (${chunk.map(sqlText).join(", ")})`,
      target,
    );
    for (const row of rows) {
      users.set(String(row.email), { id: String(row.id), emailVerified: Number(row.email_verified) });
    }
  }
  const issuedAt = now.toISOString();
  const matched = [];
  for (const completion of completions) {
    const account = users.get(completion.email);
    const refusal = eligibility.holderRefusal(account);
    if (!account || refusal) {
      problems.push({
        line: completion.line,
        email: completion.email,
        certification: completion.achievement,
        reason: `${refusal ?? eligibility.HOLDER_REFUSALS.noAccount}: ${completion.email}`,
      });
    } else matched.push({ ...completion, userId: account.id });
  }
  let issued = 0;
  for (let i = 0; i < matched.length; i += 50) {
    const statements = matched
      .slice(i, i + 50)
      .flatMap((row) => issuance.completionSql(sqlText, { editionId, ...row }, issuedAt));
    const results = queryAll(statements.join(";\n"), target);
    issued += results.reduce((sum, rows) => sum + rows.length, 0);
  }
  problems.sort((a, b) => a.line - b.line);
  const innovators = issueInnovatorCredentials(editionId, target, now);
  return { rowsRead, matched: matched.length, issued, problems, innovators };
}

/**
 * AI Innovator credentials, once the edition's submission deadline has
 * passed (before it, none: the project can still change). Null before.
 * @param {string} editionId
 * @param {Target} target
 * @param {Date} [now]
 */
export function issueInnovatorCredentials(editionId, target, now = new Date()) {
  const deadline = editions.editionById(editionId).submissionDeadline.closesAt;
  if (now.getTime() < deadline.getTime()) return null;
  const sql = issuance.innovatorCredentialsSql(sqlText, editionId, deadline.toISOString(), now.toISOString());
  return queryAll(sql, target)[0] ?? [];
}

/**
 * THE entry point for publishing results (issue 26): after a command inserts
 * rows into `published_results` (judging's publish-finalists and
 * publish-awards, the showcase's publish-audience-choice), it calls this to
 * issue the finalist credential (award "finalist") or the award's credential
 * to every member of each published team. Idempotent: calling it again
 * issues only what is missing. Returns the credentials it issued.
 * @param {string} editionId
 * @param {Target} target
 * @param {Date} [now]
 * @returns {{ id: string, achievement: string, user_id: string }[]}
 */
export function recordResultCredentials(editionId, target, now = new Date()) {
  const ids = content
    .achievementsFor(editionId)
    .filter((achievement) => achievement.kind === "finalist" || achievement.kind === "award")
    .map((achievement) => achievement.id);
  const sql = issuance.resultCredentialsSql(sqlText, editionId, ids, now.toISOString());
  return /** @type {{ id: string, achievement: string, user_id: string }[]} */ (queryAll(sql, target)[0] ?? []);
}

/**
 * What every publishing command runs after it wrote published_results rows:
 * the credentials of every member of each published team, and one line saying
 * how many are new (a second run issues none).
 * @param {string} editionId
 * @param {Target} target
 * @param {Date} now
 */
export function issueResultCredentials(editionId, target, now) {
  const issued = recordResultCredentials(editionId, target, now);
  console.log(`${issued.length} new finalist or award credential(s) issued from the published results.`);
  return issued;
}

/**
 * Revokes a credential: its status-list bit is set from now on, and its page
 * and /verify say so with the reason.
 * @param {string} id
 * @param {string} reason
 * @param {Target} target
 * @param {Date} [now]
 */
export function revokeCredential(id, reason, target, now = new Date()) {
  const [rows = []] = queryAll(
    `UPDATE credentials SET revoked_at = ${sqlText(now.toISOString())}, revoked_reason = ${sqlText(reason)}
     WHERE id = ${sqlText(id)} AND revoked_at IS NULL RETURNING id`,
    target,
  );
  if (rows.length > 0) return "revoked";
  const [existing = []] = queryAll(`SELECT revoked_at FROM credentials WHERE id = ${sqlText(id)}`, target);
  return existing.length > 0 ? "already-revoked" : "not-found";
}

/** @param {Record<string, unknown> & Target} options */
async function editionOf(options) {
  const id = typeof options.edition === "string" ? options.edition : await currentEditionId(cliNow(options));
  editions.editionById(id);
  return id;
}

/** @param {ReturnType<typeof importCompletions>} result */
function printImport(result) {
  console.log(
    `${result.rowsRead} row(s) read; ${result.matched} completion(s) matched an account; ${result.issued} new certification credential(s) issued.`,
  );
  if (result.innovators === null) console.log("AI Innovator: not before the submission deadline.");
  else console.log(`AI Innovator: ${result.innovators.length} new credential(s).`);
  if (result.problems.length > 0) {
    console.error(`${result.problems.length} row(s) could not be imported:`);
    for (const problem of result.problems) console.error(`  line ${problem.line}: ${problem.reason}`);
    console.error("Fix them and import the same file again: rows already imported change nothing.");
  }
}

/** @type {Record<string, { usage: string, run: (args: string[], options: Record<string, unknown> & Target) => Promise<number> }>} */
export const commands = {
  "import-completions": {
    usage: "import-completions <file.csv> [--edition ID] [--remote] [--env name]",
    async run([file], options) {
      if (!file) {
        console.error("usage: npm run admin -- import-completions <file.csv> [--edition ID]");
        return 2;
      }
      const editionId = await editionOf(options);
      const result = importCompletions(readFileSync(file, "utf8"), { editionId, now: cliNow(options) }, options);
      printImport(result);
      return result.problems.length > 0 ? 1 : 0;
    },
  },
  "revoke-credential": {
    usage: 'revoke-credential <id> --reason "…" [--remote] [--env name]',
    async run([id], options) {
      const reason = typeof options.reason === "string" && options.reason !== "true" ? options.reason.trim() : "";
      if (!id || !reason) {
        console.error(
          'usage: npm run admin -- revoke-credential <id> --reason "why, as the holder and verifiers will read it"',
        );
        return 2;
      }
      const outcome = revokeCredential(id, reason, options, cliNow(options));
      if (outcome === "not-found") {
        console.error(`no credential ${id}`);
        return 1;
      }
      console.log(
        outcome === "revoked" ? `credential ${id} revoked: ${reason}` : `credential ${id} was already revoked`,
      );
      return 0;
    },
  },
  "issue-result-credentials": {
    usage: "issue-result-credentials [--edition ID] [--remote] [--env name]",
    async run(_, options) {
      issueResultCredentials(await editionOf(options), options, cliNow(options));
      return 0;
    },
  },
  "issue-innovator-credentials": {
    usage: "issue-innovator-credentials [--edition ID] [--remote] [--env name]",
    async run(_, options) {
      const issued = issueInnovatorCredentials(await editionOf(options), options, cliNow(options));
      if (issued === null) {
        console.error("the submission deadline has not passed: AI Innovator is issued after it");
        return 1;
      }
      console.log(`${issued.length} new AI Innovator credential(s) issued.`);
      return 0;
    },
  },
};
