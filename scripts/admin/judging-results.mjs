// Judging's results for organizers (issue 24, ADR 015):
//
//   judging-report [--edition ID] [--out report.csv]      coverage, each project's raw and normalized result, the ranking
//     (a client of the organizer API's judging.report query, like the desk's /organize/report)
//   publish-finalists --top N | <teamId…> [--force]        the finalists on the site, an e-mail to each member
//   publish-awards <award-id> <teamId> […]                 finals awards, at or after the finals start
//   appeals [--edition ID] [--out appeals.csv]             the teams' appeals and their status
//   decide-appeal <id> --decision "…"                      the committee's decision, shown to the team and e-mailed
//
// appeals and decide-appeal are clients of the organizer API, like the desk's
// /organize/appeals (ORGANIZER_API_TOKEN, --base-url or ORGANIZER_API_URL;
// ADR 018). Every other command reads and writes D1 through `query` (wrangler
// d1 execute), the same database as `npm start` locally, or with --remote
// [--env staging]. The clock is the CLI's one clock (`cliNow` in scripts/admin.mjs).
import { userInfo } from "node:os";
import { writeFileSync } from "node:fs";
import { cliNow, currentEditionId, query, sqlText, toCsv } from "../admin.mjs";
import { callApi, requireToken, terminalSafe, withApi } from "./api.mjs";
import { issueResultCredentials } from "./credentials.mjs";

/** @param {string} path */
const app = (path) => import(new URL(`../../app/${path}`, import.meta.url).href);

const { judgingReport, editionScoresSql } = /** @type {typeof import("../../app/judging/report.ts")} */ (
  await app("judging/report.ts")
);
const { criterionIds, formatScore } = /** @type {typeof import("../../app/judging/normalize.ts")} */ (
  await app("judging/normalize.ts")
);
const { editionById, milestoneOf } = /** @type {typeof import("../../app/content/editions/index.ts")} */ (
  await app("content/editions/index.ts")
);
const {
  awards,
  finalsAwards,
  appeals: appealRules,
} = /** @type {typeof import("../../app/content/program.ts")} */ (await app("content/program.ts"));
const { site } = /** @type {typeof import("../../app/content/site.ts")} */ (await app("content/site.ts"));
const { publicCredit } = /** @type {typeof import("../../app/showcase/credit.ts")} */ (await app("showcase/credit.ts"));
const { formatMountain } = /** @type {typeof import("../../app/clock/format.ts")} */ (await app("clock/format.ts"));

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @param {Options} options @param {Date} now */
async function editionOf(options, now) {
  return editionById(typeof options.edition === "string" ? options.edition : await currentEditionId(now));
}

/** Who acts: --by, else the operator's login. @param {Options} options */
function actorOf(options) {
  return typeof options.by === "string" && options.by !== "true" ? options.by : `cli:${userInfo().username}`;
}

/**
 * A team's name and organizations in the organizers' own report (never
 * published): the team's name, or for a participant working alone their
 * registered name; the members' organizations (the one whose company code
 * enrolled them, else the company they registered with), distinct. What the
 * site publishes is `publicFaces`: only what each member chose to show.
 * @param {string} teamExpr SQL for the team id
 */
const reportNameSql = (teamExpr) => `COALESCE(
    (SELECT name FROM teams WHERE id = ${teamExpr}),
    (SELECT r.first_name || ' ' || r.last_name FROM team_members m
       JOIN registrations r ON r.user_id = m.user_id AND r.edition_id = m.edition_id
         AND r.registration_type = 'individual' AND r.status IN ('paid', 'enrolled')
     WHERE m.team_id = ${teamExpr} ORDER BY m.role = 'lead' DESC, r.created_at LIMIT 1),
    'Participant')`;
/** @param {string} teamExpr SQL for the team id */
const organizationSql = (teamExpr) => `(SELECT group_concat(org, ', ') FROM (
    SELECT DISTINCT COALESCE(o.company_name, r.company_name) AS org FROM team_members m
      JOIN registrations r ON r.user_id = m.user_id AND r.edition_id = m.edition_id
        AND r.registration_type = 'individual' AND r.status IN ('paid', 'enrolled')
      LEFT JOIN registrations o ON o.id = r.organization_registration_id
    WHERE m.team_id = ${teamExpr} AND COALESCE(o.company_name, r.company_name) IS NOT NULL ORDER BY org))`;

/**
 * Everything the report needs from D1, computed by app/judging/report.ts.
 * @param {string} editionId @param {Options} target
 */
export function loadReport(editionId, target) {
  const edition = sqlText(editionId);
  const projects = query(
    `SELECT t.id AS teamId, ${reportNameSql("t.id")} AS name, ${organizationSql("t.id")} AS organization
     FROM teams t JOIN submissions s ON s.team_id = t.id AND s.status = 'submitted'
     WHERE t.edition_id = ${edition} ORDER BY t.id`,
    target,
  ).map((row) => ({ teamId: String(row.teamId), name: String(row.name), organization: row.organization ?? null }));
  const assignments = query(
    `SELECT team_id AS teamId, judge_user_id AS judgeId FROM judging_assignments
     WHERE edition_id = ${edition} AND released_at IS NULL`,
    target,
  ).map((row) => ({ teamId: String(row.teamId), judgeId: String(row.judgeId) }));
  const judges = query(`SELECT user_id AS judgeId, name FROM judges WHERE edition_id = ${edition}`, target).map(
    (row) => ({ judgeId: String(row.judgeId), name: String(row.name) }),
  );
  const scores = query(editionScoresSql.replace("?1", edition), target).map((row) => ({
    judgeId: String(row.judgeId),
    teamId: String(row.teamId),
    criterion: String(row.criterion),
    score: Number(row.score),
  }));
  return { report: judgingReport({ projects, assignments, judges, scores }), projects };
}

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

/** @param {ReturnType<typeof judgingReport>} report @param {string} editionName */
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

/** Production links use the worker's BASE_URL; this origin is the fallback (locally). @param {Options} options */
function originOf(options) {
  if (typeof options.baseUrl === "string") return options.baseUrl.replace(/\/+$/, "");
  return options.remote ? "" : `http://localhost:${process.env.PORT ?? "8787"}`;
}

/**
 * One judging_events row: who did what, when.
 * @param {string} editionId @param {string} actor @param {string} kind @param {unknown} detail @param {Date} now @param {Options} target
 */
function recordEvent(editionId, actor, kind, detail, now, target) {
  query(
    `INSERT INTO judging_events (edition_id, actor, kind, detail, created_at)
     VALUES (${sqlText(editionId)}, ${sqlText(actor)}, ${sqlText(kind)}, ${sqlText(JSON.stringify(detail))}, ${sqlText(now.toISOString())})`,
    target,
  );
}

/**
 * The project's title as published: only when the team consented to a public
 * face on /portal/submission (issue 25); NULL otherwise.
 * @param {string} teamSql
 */
function publicTitleSql(teamSql) {
  return `(SELECT title FROM submissions WHERE team_id = ${teamSql} AND public_consent = 1)`;
}

/**
 * Each team's public face for a published result (issue 31): its name and
 * organizations as its members chose them shown on the showcase (nobody's
 * choice yet shows no name and no organization), by the showcase's own rule.
 * @param {string[]} teamIds @param {Options} target
 * @returns {Map<string, { name: string, organization: string | null }>}
 */
function publicFaces(teamIds, target) {
  const rows = query(
    `SELECT m.team_id, t.name AS team_name, u.name AS account_name, r.first_name, r.last_name,
       COALESCE(o.company_name, r.company_name) AS organization, d.name_display, d.show_organization
     FROM team_members m
     JOIN teams t ON t.id = m.team_id
     LEFT JOIN user u ON u.id = m.user_id
     LEFT JOIN registrations r ON r.user_id = m.user_id AND r.edition_id = m.edition_id
       AND r.registration_type = 'individual' AND r.status IN ('paid', 'enrolled')
     LEFT JOIN registrations o ON o.id = r.organization_registration_id
     LEFT JOIN showcase_member_display d ON d.team_id = m.team_id AND d.user_id = m.user_id
     WHERE m.team_id IN (${teamIds.map(sqlText).join(", ")})
     ORDER BY m.team_id, m.role = 'lead' DESC, m.joined_at`,
    target,
  );
  /** @type {Map<string, { teamName: string | null, members: import("../../app/showcase/credit.ts").CreditedMember[] }>} */
  const teams = new Map();
  for (const row of rows) {
    const teamId = String(row.team_id);
    const team = teams.get(teamId) ?? { teamName: row.team_name === null ? null : String(row.team_name), members: [] };
    const [first, ...rest] = String(row.account_name ?? "").split(" ");
    team.members.push({
      firstName: String(row.first_name ?? first ?? ""),
      lastName: String(row.last_name ?? rest.join(" ")),
      nameDisplay: /** @type {"full" | "initial" | "team" | null} */ (row.name_display ?? null),
      showOrganization: Number(row.show_organization) === 1,
      organization: row.organization === null ? null : String(row.organization),
    });
    teams.set(teamId, team);
  }
  return new Map(
    teamIds.map((id) => {
      const team = teams.get(id);
      const { name, organizations } = publicCredit(team?.teamName ?? null, team?.members ?? []);
      return [id, { name, organization: organizations.length > 0 ? organizations.join(", ") : null }];
    }),
  );
}

/**
 * Publishes finalists: one published_results row per team (INSERT OR IGNORE:
 * a team already published stays as it was), then one outbox row per member
 * with a deterministic id (a second run sends nothing twice), then the event.
 * @param {{ editionId: string, editionName: string, finals: string, teams: { teamId: string, place: number }[], now: Date, actor: string, origin: string }} publication
 * @param {Options} target
 * @returns {{ published: string[], emails: number }}
 */
export function publishFinalists(publication, target) {
  const { editionId, teams, now, actor } = publication;
  const edition = sqlText(editionId);
  const at = sqlText(now.toISOString());
  if (teams.length === 0) return { published: [], emails: 0 };
  const faces = publicFaces(
    teams.map((t) => t.teamId),
    target,
  );
  const published = query(
    `INSERT OR IGNORE INTO published_results (edition_id, award, team_id, place, team_name, project_title, organization, published_at, published_by)
     ${teams
       .map((t) => {
         const face = /** @type {{ name: string, organization: string | null }} */ (faces.get(t.teamId));
         return `SELECT ${edition}, 'finalist', ${sqlText(t.teamId)}, ${t.place}, ${sqlText(face.name)}, ${publicTitleSql(sqlText(t.teamId))}, ${face.organization === null ? "NULL" : sqlText(face.organization)}, ${at}, ${sqlText(actor)}`;
       })
       .join(" UNION ALL ")}
     RETURNING team_id`,
    target,
  ).map((row) => String(row.team_id));
  const subject = `Your project is a finalist in the ${site.name} (${publication.editionName})`;
  const emails = query(
    `INSERT OR IGNORE INTO notifications (id, kind, recipient, subject, payload, status, created_at, updated_at)
     SELECT 'finalist-announced:' || pr.edition_id || ':' || m.team_id || ':' || m.user_id, 'finalist-announced', u.email, ${sqlText(subject)},
       json_object('editionName', ${sqlText(publication.editionName)}, 'teamName', pr.team_name,
         'finals', ${sqlText(publication.finals)}, 'origin', ${sqlText(publication.origin)}),
       'pending', ${at}, '1970-01-01T00:00:00.000Z'
     FROM published_results pr
     JOIN team_members m ON m.team_id = pr.team_id
     JOIN user u ON u.id = m.user_id
     WHERE pr.edition_id = ${edition} AND pr.award = 'finalist' AND pr.team_id IN (${teams.map((t) => sqlText(t.teamId)).join(", ")})
     RETURNING id`,
    target,
  ).length;
  if (published.length > 0 || emails > 0) {
    recordEvent(editionId, actor, "finalists-published", { teams: published, emails }, now, target);
  }
  return { published, emails };
}

/** @param {ReturnType<typeof editionById>} edition */
function finalsText(edition) {
  const finals = milestoneOf(edition, "finals");
  return `${edition.finalsVenue.name}, ${formatMountain(finals.start, "longDate")} in ${edition.finalsVenue.city}`;
}

/** @param {string} message */
function refuse(message) {
  console.error(message);
  return 1;
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
        /** @type {{ editionId: string, report: ReturnType<typeof judgingReport>, rows: Record<string, unknown>[] }} */
        const { editionId, report, rows } = result;
        console.log(terminalSafe(reportText(report, editionById(editionId).name)));
        if (typeof options.out === "string") {
          writeFileSync(options.out, toCsv(rows), "utf8");
          console.error(`CSV written to ${options.out}`);
        }
        return 0;
      });
    },
  },
  "publish-finalists": {
    usage:
      "publish-finalists --top N | <teamId…> [--force] [--base-url URL] [--by NAME] [--edition ID] [--remote] [--env name]",
    async run(args, options) {
      const now = cliNow(options);
      const edition = await editionOf(options, now);
      const announced = milestoneOf(edition, "finalists-announced").start;
      if (now < announced) {
        return refuse(
          `Refused: the ${edition.name}'s finalists are announced ${formatMountain(announced, "dateTime")}; it is ${formatMountain(now, "dateTime")}.`,
        );
      }
      const top = options.top === undefined ? undefined : Number(options.top);
      if ((top === undefined) === (args.length === 0) || (top !== undefined && !(Number.isInteger(top) && top > 0))) {
        return refuse(
          `Name the finalists: --top N (a whole number above 0) or their team ids, not both.\nusage: npm run admin -- ${this.usage}`,
        );
      }
      const { report } = loadReport(edition.id, options);
      if (!report.complete) {
        const missing = report.projectsMissing.map((p) => `${p.name} (${p.missing} missing)`).join(", ");
        if (options.force !== "true") {
          return refuse(
            `Refused: scores are missing for ${report.projectsMissing.length} project(s): ${missing || "no submitted project"}.\nRun judging-report for details, or add --force to publish anyway.`,
          );
        }
        console.error(
          `Warning: publishing with scores missing for ${report.projectsMissing.length} project(s): ${missing}.`,
        );
      }
      /** @type {{ teamId: string, place: number }[]} */
      let teams;
      if (top !== undefined) {
        const ranked = report.projects.filter((p) => p.rank !== null);
        if (ranked.length < top) console.error(`Warning: only ${ranked.length} project(s) have a result.`);
        teams = ranked.slice(0, top).map((p) => ({ teamId: p.teamId, place: /** @type {number} */ (p.rank) }));
      } else {
        const unknown = args.filter((id) => !report.projects.some((p) => p.teamId === id));
        if (unknown.length > 0)
          return refuse(`Refused: not a submitted project of the ${edition.name}: ${unknown.join(", ")}`);
        teams = args.map((id, i) => ({
          teamId: id,
          place: report.projects.find((p) => p.teamId === id)?.rank ?? i + 1,
        }));
      }
      const result = publishFinalists(
        {
          editionId: edition.id,
          editionName: edition.name,
          finals: finalsText(edition),
          teams,
          now,
          actor: actorOf(options),
          origin: originOf(options),
        },
        options,
      );
      const names = new Map(report.projects.map((p) => [p.teamId, p.name]));
      for (const t of teams) {
        const isNew = result.published.includes(t.teamId);
        console.log(
          `${isNew ? "published" : "already published"}: #${t.place} ${names.get(t.teamId) ?? t.teamId} (${t.teamId})`,
        );
      }
      console.log(
        `${result.published.length} new finalist(s), ${result.emails} new e-mail(s) in the outbox (the sweep sends them).`,
      );
      console.log("The site shows them within five minutes (public pages are edge-cached for 300 s).");
      // Every member of a finalist team holds the finalist credential (issue 26).
      issueResultCredentials(edition.id, options, now);
      return 0;
    },
  },
  "publish-awards": {
    usage:
      "publish-awards <award-id> <teamId> [<award-id> <teamId> …] [--by NAME] [--edition ID] [--remote] [--env name]",
    async run(args, options) {
      const now = cliNow(options);
      const edition = await editionOf(options, now);
      const finals = milestoneOf(edition, "finals").start;
      if (now < finals) {
        return refuse(
          `Refused: awards are presented at the ${edition.finalsVenue.name}, ${formatMountain(finals, "dateTime")}.`,
        );
      }
      const ids = new Set(/** @type {string[]} */ ([...awards, ...finalsAwards].map((a) => a.id)));
      if (args.length === 0 || args.length % 2 !== 0) {
        return refuse(
          `Give award ids and team ids in pairs.\nusage: npm run admin -- ${this.usage}\nawards: ${[...ids].join(", ")}`,
        );
      }
      /** @type {[string, string][]} */
      const pairs = [];
      for (let i = 0; i < args.length; i += 2)
        pairs.push([/** @type {string} */ (args[i]), /** @type {string} */ (args[i + 1])]);
      const badAward = pairs.find(([award]) => !ids.has(award));
      if (badAward) return refuse(`Unknown award "${badAward[0]}"; awards: ${[...ids].join(", ")}`);
      const teamIds = [...new Set(pairs.map(([, team]) => team))];
      const known = query(
        `SELECT id FROM teams WHERE edition_id = ${sqlText(edition.id)} AND id IN (${teamIds.map(sqlText).join(", ")})`,
        options,
      ).map((row) => String(row.id));
      const unknown = teamIds.filter((id) => !known.includes(id));
      if (unknown.length > 0) return refuse(`Refused: not a team of the ${edition.name}: ${unknown.join(", ")}`);
      const actor = actorOf(options);
      const at = sqlText(now.toISOString());
      const published = [];
      const faces = publicFaces(teamIds, options);
      for (const [award, team] of pairs) {
        const face = /** @type {{ name: string, organization: string | null }} */ (faces.get(team));
        const inserted = query(
          `INSERT OR IGNORE INTO published_results (edition_id, award, team_id, place, team_name, project_title, organization, published_at, published_by)
           SELECT ${sqlText(edition.id)}, ${sqlText(award)}, ${sqlText(team)},
             (SELECT COUNT(*) + 1 FROM published_results WHERE edition_id = ${sqlText(edition.id)} AND award = ${sqlText(award)}),
             ${sqlText(face.name)}, ${publicTitleSql(sqlText(team))}, ${face.organization === null ? "NULL" : sqlText(face.organization)}, ${at}, ${sqlText(actor)}
           RETURNING award, team_name`,
          options,
        );
        for (const row of inserted)
          published.push({ award: String(row.award), team: team, name: String(row.team_name) });
        console.log(`${inserted.length > 0 ? "published" : "already published"}: ${award} → ${team}`);
      }
      if (published.length > 0) recordEvent(edition.id, actor, "awards-published", { awards: published }, now, options);
      console.log(`${published.length} new award result(s). The site shows them within five minutes.`);
      // Every member of an awarded team holds the award's credential (issue 26).
      issueResultCredentials(edition.id, options, now);
      return 0;
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
        if (appeals.length === 0) console.log(`No appeals in edition ${terminalSafe(result.editionId)}.`);
        for (const appeal of appeals) {
          console.log(
            terminalSafe(
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
        console.log(terminalSafe(done.message));
        return 0;
      });
    },
  },
};
