// Judging's commands (issue 24): judges, their invitations, assignments and
// conflicts of interest. Documented in docs/admin.md ("Judging").
//
//   invite-judge <email> [--name "…"] [--base-url URL]   a single-use link to become a judge, through the outbox
//   invite-judge --interest <id> [--name "…"]            the same, for a judge/advisor interest form
//   invite-judge … --advisor <group-id>                  the same invitation to advise (industry-experts,
//                                                        academic-leaders, business-leaders): never scores
//   judges [--out file.csv]                              every judge with their progress
//   remove-judge <email>                                 the judge steps down; their unscored projects are reassigned
//     (these three are clients of the organizer API, like the desk's /organize/judges: ORGANIZER_API_TOKEN,
//     --base-url or ORGANIZER_API_URL; the site's clock and edition)
//   assign                                               gives every submitted project its judges (idempotent)
//   conflicts [--out file.csv]                           every conflict of interest, live or dismissed
//   dismiss-conflict <id> --reason "…"                   a detected conflict is not one; the judge becomes assignable
//   add-conflict <judge-email> <team-id> --reason "…"    a conflict the data cannot show; reassigns that project
//     (these seven are clients of the organizer API, like the desk's /organize/judges and
//     /organize/assignments: ORGANIZER_API_TOKEN, --base-url or ORGANIZER_API_URL; the site's clock
//     and edition. No SQL here: the rules are the worker's, app/judging/assignment-actions.server.ts.)
import { writeFileSync } from "node:fs";
import { toCsv } from "../admin.mjs";
import { callApi, requireToken, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";

/** @param {Record<string, unknown>} options The `?edition=` of a query, when asked. */
const editionQuery = (options) =>
  typeof options.edition === "string" ? `?${new URLSearchParams({ edition: options.edition })}` : "";

/** @param {Record<string, unknown>} options @param {string} name A required `--name "…"` option's text, or "". */
const textOption = (options, name) =>
  typeof options[name] === "string" && options[name] !== "true" ? String(options[name]).trim() : "";

/** @param {Record<string, unknown>[]} rows @param {string[]} columns */
function printTable(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? "").length)));
  const line = (/** @type {unknown[]} */ cells) =>
    cells
      .map((cell, i) => String(cell ?? "").padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => row[c])));
}

/** @param {Record<string, unknown>[]} rows @param {string[]} columns @param {Record<string, unknown>} options */
function output(rows, columns, options) {
  if (options.out) {
    writeFileSync(String(options.out), toCsv(rows, columns), "utf8");
    console.error(`${rows.length} row(s) written to ${options.out}`);
  } else printTable(rows, columns);
}

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  // invite-judge, judges and remove-judge are the organizer API's (the desk's own actions): no SQL here.
  "invite-judge": {
    usage: 'invite-judge <email> [--name "…"] | --interest <id>   [--advisor <group-id>] [--base-url URL]',
    async run(args, options) {
      const email = args[0]?.trim();
      const interestId = options.interest === undefined ? undefined : String(options.interest);
      const name = typeof options.name === "string" && options.name !== "true" ? options.name : undefined;
      const advisoryGroup = textOption(options, "advisor");
      if ((!email && !interestId) || interestId === "true" || options.advisor === "true") {
        console.error(`usage: npm run admin -- ${commands["invite-judge"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/judges.invite", {
          options,
          body: {
            ...(email ? { email } : {}),
            ...(name ? { name } : {}),
            ...(interestId ? { interestId } : {}),
            ...(advisoryGroup ? { standing: "advisor", advisoryGroup } : {}),
          },
        });
        console.log(terminalText(done.message));
        console.log("Accepting needs a verified account with this address and two-step sign-in on.");
        return 0;
      });
    },
  },

  judges: {
    usage: "judges [--out file.csv] [--edition ID] [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const query =
          typeof options.edition === "string" ? `?${new URLSearchParams({ edition: options.edition })}` : "";
        const { result } = await callApi("GET", `/queries/judges.list${query}`, { options });
        /** @type {{ name: string, email: string, leftAt: string | null, assigned: number, scored: number, joinedAt: string }[]} */
        const judges = result.judges;
        const table = judges.map((r) => ({
          name: terminalText(r.name),
          email: terminalText(r.email),
          status: r.leftAt ? `left ${String(r.leftAt).slice(0, 10)}` : "active",
          assigned: r.assigned,
          scored: r.scored,
          left: r.assigned - r.scored,
          joined_at: r.joinedAt,
        }));
        console.error(`Judges of edition ${terminalText(result.editionId)}: ${table.length}`);
        output(table, ["name", "email", "status", "assigned", "scored", "left", "joined_at"], options);
        return 0;
      });
    },
  },

  "remove-judge": {
    usage: "remove-judge <email> [--base-url URL]",
    async run(args, options) {
      const email = args[0]?.trim();
      if (!email) {
        console.error(`usage: npm run admin -- ${commands["remove-judge"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/judges.remove", { options, body: { email } });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },

  assign: {
    usage: "assign [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/assignments.run", { options, body: { confirm: "run" } });
        console.log(terminalText(done.message));
        /** @type {{ newConflicts: { email: string, teamId: string, source: string, detail: string }[], shortfall: { teamId: string, name: string, missing: number }[] }} */
        const result = done.result;
        for (const c of result.newConflicts)
          console.log(
            `  conflict: ${terminalText(c.email)} / ${terminalText(c.teamId)} (${terminalText(c.source)}: ${terminalText(c.detail)})`,
          );
        for (const s of result.shortfall)
          console.log(
            `  short: ${terminalText(s.teamId)} ${terminalText(s.name || "(solo project)")}: ${s.missing} judge(s) missing`,
          );
        const { result: loads } = await callApi("GET", "/queries/assignments.list", { options });
        console.log("Projects per judge:");
        for (const j of /** @type {{ email: string, load: number }[]} */ (loads.judges))
          console.log(`  ${terminalText(j.email)}: ${j.load}`);
        return 0;
      });
    },
  },

  conflicts: {
    usage: "conflicts [--out file.csv] [--edition ID] [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const { result } = await callApi("GET", `/queries/conflicts.list${editionQuery(options)}`, { options });
        /** @type {Record<string, unknown>[]} */
        const conflicts = result.conflicts;
        const table = conflicts.map((c) => ({
          id: c.id,
          judge: terminalText(c.judge),
          team_id: terminalText(c.teamId),
          team: terminalText(c.team),
          source: terminalText(c.source),
          detail: terminalText(c.detail),
          status: c.status,
          created_at: c.createdAt,
          created_by: terminalText(c.createdBy),
          dismissed_at: c.dismissedAt,
          dismissed_by: terminalText(c.dismissedBy),
          dismissed_reason: terminalText(c.dismissedReason),
        }));
        console.error(`Conflicts of edition ${terminalText(result.editionId)}: ${table.length}`);
        const columns = Object.keys(table[0] ?? { id: 0 });
        output(
          table,
          options.out ? columns : ["id", "judge", "team_id", "team", "source", "status", "detail"],
          options,
        );
        return 0;
      });
    },
  },

  "dismiss-conflict": {
    usage: 'dismiss-conflict <id> --reason "…" [--base-url URL]',
    async run(args, options) {
      const id = args[0]?.trim() ?? "";
      const reason = textOption(options, "reason");
      if (!/^\d+$/.test(id) || !reason) {
        console.error(`usage: npm run admin -- ${commands["dismiss-conflict"].usage} (the reason is kept)`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/conflicts.dismiss", { options, body: { conflictId: id, reason } });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },

  "add-conflict": {
    usage: 'add-conflict <judge-email> <team-id> --reason "…" [--base-url URL]',
    async run(args, options) {
      const [email, teamId] = args.map((a) => a.trim());
      const reason = textOption(options, "reason");
      if (!email || !teamId || !reason) {
        console.error(`usage: npm run admin -- ${commands["add-conflict"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/conflicts.add", { options, body: { email, teamId, reason } });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
};
