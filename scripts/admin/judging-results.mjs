// Judging's results for organizers (issue 24, ADR 015):
//
//   judging-report [--edition ID] [--out report.csv]      coverage, each project's raw and normalized result, the ranking
//     (a client of the organizer API's judging.report query, like the desk's /organize/report)
//   publish-finalists --top N | <teamId…> [--force]        PROPOSES the finalists (site, e-mails, credentials)
//   publish-awards <award-id> <teamId> […]                 PROPOSES finals awards, from the finals' start
//   appeals [--edition ID] [--out appeals.csv]             the teams' appeals and their status
//   decide-appeal <id> --decision "…"                      the committee's decision, shown to the team and e-mailed
//
// publish-finalists, publish-awards, appeals and decide-appeal are clients of
// the organizer API, like the desk's /organize/results and /organize/appeals
// (ORGANIZER_API_TOKEN, --base-url or ORGANIZER_API_URL; ADR 018): the
// publications are one-way, so the CLI only PROPOSES them, and a different
// director confirms on the desk with their authenticator code; the site's
// clock and edition decide. This file holds no SQL.
import { writeFileSync } from "node:fs";
import { toCsv } from "../admin.mjs";
import { apiBase, callApi, requireToken, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";

/** @param {string} path */
const app = (path) => import(new URL(`../../app/${path}`, import.meta.url).href);

/** @typedef {ReturnType<typeof import("../../app/judging/report.ts").judgingReport>} Report */
const { criterionIds, formatScore } = /** @type {typeof import("../../app/judging/normalize.ts")} */ (
  await app("judging/normalize.ts")
);
const {
  awards,
  finalsAwards,
  appeals: appealRules,
} = /** @type {typeof import("../../app/content/program.ts")} */ (await app("content/program.ts"));

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @param {string[][]} rows */
function table(rows) {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** @param {Report} report @param {string} editionName */
export function reportText(report, editionName) {
  const lines = [`Judging report, ${editionName}: ${report.projects.length} submitted project(s)`, ""];
  if (report.projectsMissing.length === 0) lines.push("Coverage: every project has its complete score sets.");
  else {
    lines.push(`Coverage: ${report.projectsMissing.length} project(s) missing complete score sets:`);
    for (const p of report.projectsMissing) {
      lines.push(`  ${p.name} (${p.teamId}): ${p.missing} missing — ${p.judges} complete, ${p.assigned} assigned`);
    }
  }
  if (report.judgesBehind.length > 0) {
    lines.push(`Judges behind: ${report.judgesBehind.length}`);
    for (const j of report.judgesBehind) lines.push(`  ${j.name}: ${j.complete} of ${j.assigned} complete`);
  } else lines.push("Judges behind: none");
  const notRescaled = report.normalization.judges.filter((j) => !j.rescaled);
  if (notRescaled.length > 0) {
    lines.push(
      `Not rescaled (raw totals kept): ${notRescaled
        .map(
          (j) =>
            `${report.judges.find((l) => l.judgeId === j.judgeId)?.name ?? j.judgeId} (${j.reason === "too-few" ? `${j.count} set(s)` : "no spread"})`,
        )
        .join(", ")}`,
    );
  }
  lines.push("", "Ranking (normalized weighted total; raw beside; per criterion normalized/raw):");
  lines.push(
    table([
      ["rank", "team", "normalized", "raw", "judges", ...criterionIds],
      ...report.projects.map((p) => [
        p.rank === null ? "—" : String(p.rank),
        p.name,
        formatScore(p.normalized),
        formatScore(p.raw),
        `${p.judges}/${p.assigned}`,
        ...criterionIds.map((id) => `${formatScore(p.criteria[id].normalized)}/${formatScore(p.criteria[id].raw)}`),
      ]),
    ]),
  );
  return lines.join("\n");
}

/**
 * Prints a proposal as the site answered it: what will be published, sent
 * and issued once a different director confirms it on the desk.
 * @param {{ message: string, proposalId: string, preview: { summary: string, tables: { caption: string, columns: string[], rows: (string | number | null)[][] }[], notes?: string[] } }} answer
 * @param {Options} options
 */
export function printProposal(answer, options) {
  const { preview } = answer;
  const lines = [`Proposed: ${preview.summary}.`];
  for (const t of preview.tables) {
    lines.push("", `${t.caption}:`);
    if (t.rows.length === 0) lines.push("  (none)");
    else
      lines.push(table([t.columns, ...t.rows.map((row) => row.map((cell) => (cell === null ? "—" : String(cell))))]));
  }
  for (const note of preview.notes ?? []) lines.push("", note);
  lines.push(
    "",
    answer.message,
    `Nothing is published, sent or issued until then: ${apiBase(options)}/organize/proposals/${answer.proposalId}`,
  );
  console.log(terminalText(lines.join("\n")));
}

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  "judging-report": {
    usage: "judging-report [--edition ID] [--out report.csv] [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const query =
          typeof options.edition === "string" ? `?${new URLSearchParams({ edition: options.edition })}` : "";
        const { result } = await callApi("GET", `/queries/judging.report${query}`, { options });
        /** @type {{ editionName: string, report: Report, rows: Record<string, unknown>[] }} */
        const { editionName, report, rows } = result;
        console.log(terminalText(reportText(report, editionName)));
        if (typeof options.out === "string") {
          writeFileSync(options.out, toCsv(rows), "utf8");
          console.error(`CSV written to ${options.out}`);
        }
        return 0;
      });
    },
  },
  "publish-finalists": {
    usage: "publish-finalists --top N | <teamId…> [--force] [--base-url URL]",
    async run(args, options) {
      const top = typeof options.top === "string" ? options.top : undefined;
      if ((top === undefined) === (args.length === 0) || (top !== undefined && !/^[1-9]\d*$/.test(top))) {
        console.error(
          `Name the finalists: --top N (a whole number above 0) or their team ids, not both.\nusage: npm run admin -- ${this.usage}`,
        );
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const body = { ...(top ? { top } : { teamIds: args.join(" ") }), ...(options.force ? { force: "true" } : {}) };
        printProposal(await callApi("POST", "/actions/results.publish-finalists", { options, body }), options);
        return 0;
      });
    },
  },
  "publish-awards": {
    usage: "publish-awards <award-id> <teamId> [<award-id> <teamId> …] [--base-url URL]",
    async run(args, options) {
      const ids = [...awards, ...finalsAwards].map((a) => a.id);
      if (args.length === 0 || args.length % 2 !== 0) {
        console.error(
          `Give award ids and team ids in pairs.\nusage: npm run admin -- ${this.usage}\nawards: ${ids.join(", ")}`,
        );
        return 2;
      }
      /** @type {Record<string, string>} */
      const body = {};
      for (let i = 0; i < args.length; i += 2) {
        const award = /** @type {string} */ (args[i]);
        if (!ids.includes(/** @type {never} */ (award))) {
          console.error(`Unknown award "${award}"; awards: ${ids.join(", ")}`);
          return 2;
        }
        body[award] = [body[award], args[i + 1]].filter(Boolean).join(" ");
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        printProposal(await callApi("POST", "/actions/results.publish-awards", { options, body }), options);
        return 0;
      });
    },
  },
  // appeals and decide-appeal are the organizer API's (the desk's /organize/appeals): no SQL here.
  appeals: {
    usage: "appeals [--edition ID] [--out appeals.csv] [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const query =
          typeof options.edition === "string" ? `?${new URLSearchParams({ edition: options.edition })}` : "";
        const { result } = await callApi("GET", `/queries/appeals.list${query}`, { options });
        /** @type {{ id: string, team: string, teamId: string, submittedBy: string | null, createdAt: string, filed: string, decideBy: string, body: string, decidedAt: string | null, decided: string | null, decidedBy: string | null, decision: string | null }[]} */
        const appeals = result.appeals;
        if (appeals.length === 0) console.log(`No appeals in edition ${terminalText(result.editionId)}.`);
        for (const appeal of appeals) {
          console.log(
            terminalText(
              [
                `${appeal.id} — ${appeal.team} (${appeal.teamId}), filed ${appeal.filed} by ${appeal.submittedBy ?? "?"}`,
                appeal.decidedAt
                  ? `  decided ${appeal.decided} by ${appeal.decidedBy}: ${appeal.decision}`
                  : `  open: a committee of ${appealRules.committeeSize} decides by ${appeal.decideBy}`,
                ...appeal.body.split("\n").map((line) => `  | ${line}`),
              ].join("\n"),
            ),
          );
        }
        if (typeof options.out === "string") {
          const rows = appeals.map((a) => ({
            id: a.id,
            team: a.team,
            team_id: a.teamId,
            submitted_by: a.submittedBy,
            created_at: a.createdAt,
            decide_by: a.decideBy,
            decided_at: a.decidedAt,
            decided_by: a.decidedBy,
            decision: a.decision,
            body: a.body,
          }));
          writeFileSync(options.out, toCsv(rows), "utf8");
          console.error(`CSV written to ${options.out}`);
        }
        return 0;
      });
    },
  },
  "decide-appeal": {
    usage: 'decide-appeal <id> --decision "…" [--base-url URL]',
    async run(args, options) {
      const [appealId] = args;
      const decision = typeof options.decision === "string" && options.decision !== "true" ? options.decision : "";
      if (!appealId || !decision.trim()) {
        console.error(`usage: npm run admin -- ${this.usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/appeals.decide", { options, body: { appealId, decision } });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
};
