// Credentials (issue 26, issue 33): `npm run admin -- <command>`. Documented
// in docs/admin.md ("Credentials").
//
//   import-completions <file.csv> [--confirm <fingerprint>] [--base-url URL]
//       the training provider's completions → certifications: previews and prints the
//       preview's fingerprint; imports only with --confirm and that fingerprint
//   revoke-credential <id> --reason "…" [--base-url URL]          revoke one credential (its status-list bit flips)
//
// Clients of the organizer API (./api.mjs), like the desk's
// /organize/credentials: the `credentials.import-preview` query and the
// `credentials.import` and `credentials.revoke` actions
// (app/credentials/) read the file, match accounts, sign and write the
// audit row. ORGANIZER_API_TOKEN, --base-url or ORGANIZER_API_URL; the
// site's clock and edition. No SQL here, and no copy of the CSV rules.
//
// Finalist, award and Audience Choice credentials are issued, signed, by the
// publication that confirms them (app/results/), and AI Innovator by the
// daily job: no command issues them any more.
import { readFileSync } from "node:fs";
import { callApi, confirmedFingerprint, requireToken, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @typedef {{ line: number, kindLabel: string, email: string, certification: string, detail: string }} Problem */

/**
 * The preview as the site computed it: what confirming issues, and every
 * row it would not, with why.
 * @param {{ rowsRead: number, counts: { matched: number }, problems: Problem[] }} preview
 */
function printPreview(preview) {
  console.log(
    terminalText(
      `${preview.rowsRead} row(s) read: ${preview.counts.matched} certification(s) to be issued, ${preview.problems.length} row(s) not imported.`,
    ),
  );
  printProblems(preview.problems);
}

/** @param {Problem[]} problems */
function printProblems(problems) {
  for (const problem of problems) {
    console.error(
      terminalText(
        `  line ${problem.line}: ${problem.kindLabel}: ${problem.email}${problem.certification ? `, ${problem.certification}` : ""} (${problem.detail})`,
      ),
    );
  }
}

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  "import-completions": {
    usage: "import-completions <file.csv> [--confirm <fingerprint>] [--base-url URL]",
    async run([file], options) {
      const confirmed = confirmedFingerprint(options);
      if (confirmed && "refused" in confirmed) {
        console.error(confirmed.refused);
        return 2;
      }
      if (!file) {
        console.error(`usage: npm run admin -- ${commands["import-completions"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      const csv = readFileSync(file, "utf8");
      return withApi(async () => {
        if (confirmed) {
          // No second preview: the site imports only if the file still issues what the printed one showed.
          const done = await callApi("POST", "/actions/credentials.import", {
            options,
            body: { csv, expected: confirmed.fingerprint },
          });
          console.log(terminalText(done.message));
          /** @type {Problem[]} */
          const problems = done.result?.problems ?? [];
          printProblems(problems);
          if (problems.length > 0) {
            console.error("Fix the rows above and import the same file again: rows already imported change nothing.");
          }
          return problems.length > 0 ? 1 : 0;
        }
        const { result: preview } = await callApi("POST", "/queries/credentials.import-preview", {
          options,
          body: { csv },
        });
        if (typeof preview.error === "string") {
          console.error(terminalText(preview.error));
          return 2;
        }
        printPreview(preview);
        console.log(terminalText(`Fingerprint: ${preview.fingerprint}`));
        console.log(
          terminalText(
            `Nothing written. Check the rows above, then import exactly these with: npm run admin -- import-completions ${file} --confirm ${preview.fingerprint}`,
          ),
        );
        return preview.problems.length > 0 ? 1 : 0;
      });
    },
  },
  "revoke-credential": {
    usage: 'revoke-credential <id> --reason "…" [--base-url URL]',
    async run([id], options) {
      const reason = typeof options.reason === "string" && options.reason !== "true" ? options.reason.trim() : "";
      if (!id || !reason) {
        console.error(
          'usage: npm run admin -- revoke-credential <id> --reason "why, as the holder and verifiers will read it"',
        );
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/credentials.revoke", {
          options,
          body: { credentialId: id, reason },
        });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
};
