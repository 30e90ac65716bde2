// Judging's commands (issue 24): judges, their invitations, assignments and
// conflicts of interest. Documented in docs/admin.md ("Judging").
//
//   invite-judge <email> [--name "…"] [--base-url URL]   a single-use link to become a judge, through the outbox
//   invite-judge --interest <id> [--name "…"]            the same, for a judge/advisor interest form
//   judges [--out file.csv]                              every judge with their progress
//   remove-judge <email>                                 the judge steps down; their unscored projects are reassigned
//     (these three are clients of the organizer API, like the desk's /organize/judges: ORGANIZER_API_TOKEN,
//     --base-url or ORGANIZER_API_URL; the site's clock and edition)
//   assign                                               gives every submitted project its judges (idempotent)
//   conflicts [--out file.csv]                           every conflict of interest, live or dismissed
//   dismiss-conflict <id> --reason "…"                   a detected conflict is not one; the judge becomes assignable
//   add-conflict <judge-email> <team-id> --reason "…"    a conflict the data cannot show; reassigns that project
//
// The other commands act on the current edition (or --edition ID) at the
// CLI's one clock (`cliNow` in scripts/admin.mjs), through `wrangler d1
// execute` (the next wave moves them to the organizer API too). The assignment's
// rules and SQL are the worker's own (app/judging/assign.ts), run here through
// `wrangler d1 execute`.
import { writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { cliNow, currentEditionId, queryAll, sqlText, toCsv } from "../admin.mjs";
import { callApi, requireToken, terminalSafe, withApi } from "./api.mjs";

/** @param {string} path */
const load = (path) => import(new URL(path, import.meta.url).href);
/** @type {typeof import("../../app/judging/assign.ts")} */
const assign = await load("../../app/judging/assign.ts");
/** @type {typeof import("../../app/content/judging.ts")} */
const judgingContent = await load("../../app/content/judging.ts");

/**
 * Several statements in one `wrangler d1 execute` (one process, not one per
 * statement); the result set of each, in order.
 * @param {string[]} statements
 * @param {{ remote: boolean, env?: string, stateDir?: string }} target
 * @returns {Record<string, unknown>[][]}
 */
export function queryMany(statements, target) {
  return queryAll(statements.join(";\n"), target);
}

/** @param {import("../../app/judging/assign.ts").Statement} statement */
const inline = (statement) => assign.inlineStatement(statement, sqlText);
/** @param {string} sql @param {string} editionId */
const forEdition = (sql, editionId) => inline({ sql, params: [editionId] });

/** Who ran the command, on every row it writes. */
const actor = () => `organizer:${process.env.ADMIN_ACTOR ?? userInfo().username}`;
/** @param {Record<string, unknown> & Target} options */
const editionOf = async (options) => String(options.edition ?? (await currentEditionId(cliNow(options))));

/**
 * Plans and writes the edition's assignments: one wrangler call reads the
 * state, one writes the plan.
 * @param {string} editionId
 * @param {string} reason
 * @param {{ remote: boolean, env?: string, stateDir?: string }} target
 */
export function runAssignments(editionId, reason, target) {
  const names = /** @type {(keyof typeof assign.snapshotQueries)[]} */ (Object.keys(assign.snapshotQueries));
  const results = queryMany(
    names.map((name) => forEdition(assign.snapshotQueries[name], editionId)),
    target,
  );
  const snapshot = /** @type {import("../../app/judging/assign.ts").Snapshot} */ (
    /** @type {unknown} */ (Object.fromEntries(names.map((name, i) => [name, results[i] ?? []])))
  );
  const plan = assign.planAssignments(snapshot);
  queryMany(
    assign.planStatements(plan, { editionId, actor: actor(), now: cliNow(target), reason }).map(inline),
    target,
  );
  return { plan, snapshot };
}

/** @param {ReturnType<typeof runAssignments>} run */
function printPlan({ plan, snapshot }) {
  const emailOf = Object.fromEntries(snapshot.judges.map((j) => [j.userId, j.email]));
  const nameOf = Object.fromEntries(snapshot.projects.map((p) => [p.teamId, p.name || "(solo project)"]));
  console.log(
    `${snapshot.projects.length} submitted project(s), ${Object.keys(plan.loads).length} active judge(s): ` +
      `${plan.adds.length} new assignment(s), ${plan.releases.length} released, ${plan.conflicts.length} new conflict(s) detected.`,
  );
  for (const c of plan.conflicts)
    console.log(`  conflict: ${emailOf[c.judgeUserId]} / ${c.teamId} (${c.source}: ${c.detail})`);
  for (const r of plan.releases) console.log(`  released: ${emailOf[r.judgeUserId]} / ${r.teamId} (${r.reason})`);
  console.log("Projects per judge:");
  for (const [userId, load] of Object.entries(plan.loads)) console.log(`  ${emailOf[userId]}: ${load}`);
  if (plan.shortfall.length > 0) {
    console.log(
      `SHORTFALL: ${plan.shortfall.length} project(s) have fewer than ${judgingContent.judgingRules.judgesPerProject} judges without a conflict. Invite more judges (or dismiss a conflict that is not one), then run assign again:`,
    );
    for (const s of plan.shortfall) console.log(`  ${s.teamId} ${nameOf[s.teamId]}: ${s.missing} judge(s) missing`);
  } else console.log(`Every project has ${judgingContent.judgingRules.judgesPerProject} judges.`);
}

/**
 * After a change: reassign at once if the assignment has run, else the first run picks it up.
 * @param {string} editionId @param {string} reason @param {Target} target
 */
function reassignIfStarted(editionId, reason, target) {
  const [[row]] = queryMany([forEdition(assign.assignmentsRunQuery, editionId)], target);
  if (!row || Number(row.n) === 0) {
    console.log("Assignments have not run yet for this edition: `assign` takes this into account.");
    return;
  }
  printPlan(runAssignments(editionId, reason, target));
}

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

/** @param {string} editionId @param {string} email */
const judgeIdSql = (editionId, email) =>
  `(SELECT j.user_id FROM judges j JOIN "user" u ON u.id = j.user_id WHERE j.edition_id = ${sqlText(editionId)} AND lower(u.email) = ${sqlText(email)})`;

/** @param {string} editionId @param {string} kind @param {Record<string, unknown>} detail @param {string} at */
const eventSql = (editionId, kind, detail, at) =>
  `INSERT INTO judging_events (edition_id, actor, kind, detail, created_at) VALUES (${sqlText(editionId)}, ${sqlText(actor())}, ${sqlText(kind)}, ${sqlText(JSON.stringify(detail))}, ${sqlText(at)})`;

/** @typedef {{ remote: boolean, env?: string, stateDir?: string }} Target */
/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  // invite-judge, judges and remove-judge are the organizer API's (the desk's own actions): no SQL here.
  "invite-judge": {
    usage: 'invite-judge <email> [--name "…"] | --interest <id>   [--base-url URL]',
    async run(args, options) {
      const email = args[0]?.trim();
      const interestId = options.interest === undefined ? undefined : String(options.interest);
      const name = typeof options.name === "string" && options.name !== "true" ? options.name : undefined;
      if ((!email && !interestId) || interestId === "true") {
        console.error(`usage: npm run admin -- ${commands["invite-judge"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/judges.invite", {
          options,
          body: { ...(email ? { email } : {}), ...(name ? { name } : {}), ...(interestId ? { interestId } : {}) },
        });
        console.log(terminalSafe(done.message));
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
          name: terminalSafe(r.name),
          email: terminalSafe(r.email),
          status: r.leftAt ? `left ${String(r.leftAt).slice(0, 10)}` : "active",
          assigned: r.assigned,
          scored: r.scored,
          left: r.assigned - r.scored,
          joined_at: r.joinedAt,
        }));
        console.error(`Judges of edition ${terminalSafe(result.editionId)}: ${table.length}`);
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
        console.log(terminalSafe(done.message));
        return 0;
      });
    },
  },

  assign: {
    usage: "assign [--edition ID]",
    async run(_args, options) {
      const editionId = await editionOf(options);
      console.error(`Assigning edition ${editionId}…`);
      printPlan(runAssignments(editionId, "assign", options));
      return 0;
    },
  },

  conflicts: {
    usage: "conflicts [--out file.csv] [--edition ID]",
    async run(_args, options) {
      const editionId = await editionOf(options);
      const [rows] = queryMany(
        [
          `SELECT c.id, lower(u.email) AS judge, c.team_id, coalesce(t.name, '') AS team, c.source, c.detail, c.created_at, c.created_by,
             CASE WHEN c.dismissed_at IS NULL THEN 'live' ELSE 'dismissed' END AS status, c.dismissed_at, c.dismissed_by, c.dismissed_reason
           FROM judging_conflicts c JOIN "user" u ON u.id = c.judge_user_id LEFT JOIN teams t ON t.id = c.team_id
           WHERE c.edition_id = ${sqlText(editionId)} ORDER BY c.id`,
        ],
        options,
      );
      const columns = [
        "id",
        "judge",
        "team_id",
        "team",
        "source",
        "detail",
        "status",
        "created_at",
        "created_by",
        "dismissed_at",
        "dismissed_by",
        "dismissed_reason",
      ];
      output(
        rows ?? [],
        options.out ? columns : ["id", "judge", "team_id", "team", "source", "status", "detail"],
        options,
      );
      return 0;
    },
  },

  "dismiss-conflict": {
    usage: 'dismiss-conflict <id> --reason "…" [--edition ID]',
    async run(args, options) {
      const id = Number(args[0]);
      const reason = typeof options.reason === "string" && options.reason !== "true" ? options.reason.trim() : "";
      if (!Number.isInteger(id) || id <= 0 || !reason) {
        console.error(`usage: npm run admin -- ${commands["dismiss-conflict"].usage} (the reason is kept)`);
        return 2;
      }
      const editionId = await editionOf(options);
      const at = cliNow(options).toISOString();
      const [dismissed] = queryMany(
        [
          `UPDATE judging_conflicts SET dismissed_at = ${sqlText(at)}, dismissed_by = ${sqlText(actor())}, dismissed_reason = ${sqlText(reason)}
           WHERE id = ${id} AND edition_id = ${sqlText(editionId)} AND dismissed_at IS NULL RETURNING id, source`,
        ],
        options,
      );
      if (!dismissed?.length) {
        console.error(`no live conflict ${id} in edition ${editionId} (npm run admin -- conflicts lists them)`);
        return 1;
      }
      queryMany([eventSql(editionId, "conflict-dismissed", { conflictId: id, reason }, at)], options);
      console.log(
        `Conflict ${id} dismissed; it will not be detected again. The judge may be assigned to that project.`,
      );
      reassignIfStarted(editionId, "conflict-dismissed", options);
      return 0;
    },
  },

  "add-conflict": {
    usage: 'add-conflict <judge-email> <team-id> --reason "…" [--edition ID]',
    async run(args, options) {
      const [rawEmail, teamId] = args;
      const email = rawEmail?.trim().toLowerCase();
      const reason = typeof options.reason === "string" && options.reason !== "true" ? options.reason.trim() : "";
      if (!email || !teamId || !reason) {
        console.error(`usage: npm run admin -- ${commands["add-conflict"].usage}`);
        return 2;
      }
      const editionId = await editionOf(options);
      const at = cliNow(options).toISOString();
      const [[judge], [team]] = queryMany(
        [
          `SELECT ${judgeIdSql(editionId, email)} AS userId`,
          `SELECT id FROM teams WHERE id = ${sqlText(teamId)} AND edition_id = ${sqlText(editionId)}`,
        ],
        options,
      );
      if (!judge?.userId) {
        console.error(`${email} is not a judge of edition ${editionId}.`);
        return 1;
      }
      if (!team) {
        console.error(`no team ${teamId} in edition ${editionId}.`);
        return 1;
      }
      queryMany(
        [
          `INSERT INTO judging_conflicts (edition_id, judge_user_id, team_id, source, detail, created_at, created_by)
           VALUES (${sqlText(editionId)}, ${sqlText(String(judge.userId))}, ${sqlText(teamId)}, 'organizer', ${sqlText(reason)}, ${sqlText(at)}, ${sqlText(actor())})
           ON CONFLICT (edition_id, judge_user_id, team_id, source)
           DO UPDATE SET detail = excluded.detail, dismissed_at = NULL, dismissed_by = NULL, dismissed_reason = NULL`,
          eventSql(editionId, "conflict-added", { email, teamId, reason }, at),
        ],
        options,
      );
      console.log(`Conflict recorded: ${email} will not judge ${teamId}.`);
      reassignIfStarted(editionId, "conflict-added", options);
      return 0;
    },
  },
};
