// The audience vote's organizer commands (issue 25, docs/admin.md):
//
//   votes-review [--edition ID]                       flagged votes: bursts, one address or network, new accounts, throwaway mail
//   exclude-votes <voteId…> | --flag <flagId>  --reason "…" [--category C] [--by NAME] [--edition ID]
//                                                     excludes votes, recording who, when, why and the reason's category
//   publish-audience-choice [--edition ID] [--by NAME]
//                                                     after the close: the counts, the winner (published_results,
//                                                     award "audience-choice") and the anonymized ledger
//
// The rules are the site's own: app/showcase/review.ts (flags and tallies),
// app/showcase/window.ts (the close), thresholds in app/content/showcase.ts.
// The time is the CLI's one clock (`cliNow` in scripts/admin.mjs).
import { cliNow, currentEditionId, query, sqlText } from "../admin.mjs";

const load = (/** @type {string} */ path) => import(new URL(path, import.meta.url).href);
/** @type {typeof import("../../app/showcase/review.ts")} */
const review = await load("../../app/showcase/review.ts");
/** @type {typeof import("../../app/showcase/window.ts")} */
const clock = await load("../../app/showcase/window.ts");
/** @type {typeof import("../../app/content/editions/index.ts")} */
const editions = await load("../../app/content/editions/index.ts");
/** @type {typeof import("../../app/content/showcase.ts")} */
const content = await load("../../app/content/showcase.ts");

/** @param {Record<string, unknown> & Target} options */
async function editionOf(options) {
  const id = typeof options.edition === "string" ? options.edition : await currentEditionId(cliNow(options));
  return editions.editionById(id);
}

/** @typedef {{ remote: boolean, env?: string, stateDir?: string }} Target */

/** @param {string} editionId @param {Target} target */
function votesOf(editionId, target) {
  return query(
    `SELECT id, team_id, client_ip, ip_prefix, account_created_at, email_domain, cast_at, excluded_at, excluded_category, excluded_reason
     FROM showcase_votes WHERE edition_id = ${sqlText(editionId)} ORDER BY cast_at, id`,
    target,
  ).map((r) => ({
    id: String(r.id),
    teamId: String(r.team_id),
    clientIp: String(r.client_ip),
    ipPrefix: String(r.ip_prefix),
    accountCreatedAt: String(r.account_created_at),
    emailDomain: String(r.email_domain),
    castAt: String(r.cast_at),
    excludedAt: r.excluded_at == null ? null : String(r.excluded_at),
    excludedCategory: r.excluded_category == null ? null : String(r.excluded_category),
  }));
}

/** @param {string} editionId @param {Target} target */
function projectNames(editionId, target) {
  const rows = query(
    `SELECT s.team_id, s.title, s.slug FROM submissions s WHERE s.edition_id = ${sqlText(editionId)}`,
    target,
  );
  return new Map(rows.map((r) => [String(r.team_id), { title: String(r.title ?? "(untitled)"), slug: r.slug }]));
}

/** @param {string} by */
const byWhom = (by) => (typeof by === "string" && by !== "true" ? by : (process.env.USER ?? "organizer"));

export const commands = {
  "votes-review": {
    usage: "votes-review [--edition ID] [--remote] [--env name]",
    run: async (/** @type {string[]} */ _args, /** @type {any} */ options) => {
      const edition = await editionOf(options);
      const votes = votesOf(edition.id, options);
      const flags = review.reviewVotes(votes, clock.showcaseOpensAt(edition));
      const names = projectNames(edition.id, options);
      const excluded = new Set(votes.filter((v) => v.excludedAt).map((v) => v.id));
      console.log(
        `Edition ${edition.id}: ${votes.length} vote(s), ${excluded.size} excluded; ${flags.length} flag(s).`,
      );
      if (clock.votingWindow(cliNow(options), edition) === "open")
        console.log("Voting is still open: the review may change.");
      for (const flag of flags) {
        const project = flag.kind === "burst" ? names.get(flag.id.slice(6).split("@")[0] ?? "") : undefined;
        const done = flag.voteIds.filter((id) => excluded.has(id)).length;
        console.log(`\n${flag.id}`);
        console.log(
          `  ${flag.description}${project ? ` ("${project.title}")` : ""}; ${done} of ${flag.voteIds.length} excluded`,
        );
        console.log(`  votes: ${flag.voteIds.join(" ")}`);
      }
      if (flags.length === 0) console.log("Nothing flagged.");
      else console.log(`\nExclude with: npm run admin -- exclude-votes --flag <flag id> --reason "…"`);
      return 0;
    },
  },
  "exclude-votes": {
    usage: 'exclude-votes <voteId…> | --flag <flagId> --reason "…" [--category C] [--by NAME] [--edition ID]',
    run: async (/** @type {string[]} */ args, /** @type {any} */ options) => {
      const reason = typeof options.reason === "string" && options.reason !== "true" ? options.reason.trim() : "";
      if (!reason) {
        console.error('exclude-votes needs --reason "…" (it is recorded with each vote)');
        return 2;
      }
      const edition = await editionOf(options);
      const votes = votesOf(edition.id, options);
      /** @type {string[]} */
      let ids = args;
      /** @type {string} */
      let category = typeof options.category === "string" ? options.category : "other";
      if (typeof options.flag === "string" && options.flag !== "true") {
        const flag = review.reviewVotes(votes, clock.showcaseOpensAt(edition)).find((f) => f.id === options.flag);
        if (!flag) {
          console.error(`no flag "${options.flag}" in the review of edition ${edition.id} (run votes-review)`);
          return 2;
        }
        ids = [...ids, ...flag.voteIds];
        if (typeof options.category !== "string") category = flag.kind;
      }
      if (!(/** @type {readonly string[]} */ (content.exclusionCategories).includes(category))) {
        console.error(`--category is one of ${content.exclusionCategories.join(", ")}`);
        return 2;
      }
      const known = new Set(votes.map((v) => v.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (ids.length === 0 || unknown.length > 0) {
        console.error(
          ids.length === 0 ? "name vote ids or --flag" : `not votes of edition ${edition.id}: ${unknown.join(" ")}`,
        );
        return 2;
      }
      const changed = query(
        `UPDATE showcase_votes SET excluded_at = ${sqlText(cliNow(options).toISOString())}, excluded_by = ${sqlText(byWhom(options.by))},
           excluded_reason = ${sqlText(reason)}, excluded_category = ${sqlText(category)}
         WHERE edition_id = ${sqlText(edition.id)} AND excluded_at IS NULL AND id IN (${[...new Set(ids)].map(sqlText).join(", ")})
         RETURNING id`,
        options,
      );
      console.log(
        `${changed.length} vote(s) excluded (${category}: ${reason}); ${new Set(ids).size - changed.length} already were.`,
      );
      return 0;
    },
  },
  "publish-audience-choice": {
    usage: "publish-audience-choice [--edition ID] [--by NAME] [--remote] [--env name]",
    run: async (/** @type {string[]} */ _args, /** @type {any} */ options) => {
      const edition = await editionOf(options);
      const closes = clock.votingClosesAt(edition);
      if (cliNow(options).getTime() < closes.getTime()) {
        console.error(
          `Voting closes ${closes.toISOString()}: the Audience Choice can be published only after the close.`,
        );
        return 1;
      }
      const already = query(
        `SELECT published_at FROM showcase_ledger WHERE edition_id = ${sqlText(edition.id)} LIMIT 1`,
        options,
      );
      if (already.length > 0) {
        console.error(`The Audience Choice of edition ${edition.id} was published at ${already[0]?.published_at}.`);
        return 1;
      }
      const shown = query(
        `SELECT s.team_id, s.title, s.slug, t.name AS team_name FROM submissions s JOIN teams t ON t.id = s.team_id
         WHERE s.edition_id = ${sqlText(edition.id)} AND s.status = 'submitted' AND s.public_consent = 1
           AND s.title IS NOT NULL AND s.slug IS NOT NULL`,
        options,
      );
      const tallies = new Map(review.tallyVotes(votesOf(edition.id, options)).map((t) => [t.teamId, t]));
      const at = cliNow(options).toISOString();
      const by = byWhom(options.by);
      const ledger = shown.map((p) => {
        const t = tallies.get(String(p.team_id));
        return {
          teamId: String(p.team_id),
          title: String(p.title),
          slug: String(p.slug),
          teamName: p.team_name == null ? null : String(p.team_name),
          cast: t?.cast ?? 0,
          excluded: t?.excluded ?? {},
          final: t?.final ?? 0,
        };
      });
      const top = Math.max(0, ...ledger.map((row) => row.final));
      const winners = top > 0 ? ledger.filter((row) => row.final === top) : [];
      const statements = [
        ...ledger.map(
          (row) =>
            `INSERT INTO showcase_ledger (edition_id, team_id, project_title, slug, votes_cast, votes_excluded, final_count, published_at, published_by)
             VALUES (${sqlText(edition.id)}, ${sqlText(row.teamId)}, ${sqlText(row.title)}, ${sqlText(row.slug)},
               ${row.cast}, ${sqlText(JSON.stringify(row.excluded))}, ${row.final}, ${sqlText(at)}, ${sqlText(by)})`,
        ),
        ...winners.map(
          (row) =>
            `INSERT INTO published_results (edition_id, award, team_id, place, team_name, project_title, organization, published_at, published_by)
             VALUES (${sqlText(edition.id)}, ${sqlText(content.AUDIENCE_CHOICE_AWARD)}, ${sqlText(row.teamId)}, 1,
               ${sqlText(row.teamName ?? row.title)}, ${sqlText(row.title)}, NULL, ${sqlText(at)}, ${sqlText(by)})`,
        ),
      ];
      if (statements.length > 0) query(statements.join(";\n"), options);
      console.log(`Audience Choice of edition ${edition.id} published: ${ledger.length} project(s) in the ledger.`);
      for (const row of [...ledger].sort((a, b) => b.final - a.final)) {
        const excluded = Object.entries(row.excluded)
          .map(([k, n]) => `${n} ${k}`)
          .join(", ");
        console.log(
          `  ${row.final === top && top > 0 ? "★" : " "} ${row.title}: ${row.cast} cast, ${excluded || "none"} excluded, ${row.final} counted`,
        );
      }
      if (winners.length === 0) console.log("No vote was counted: no winner is published.");
      // The Audience Choice credentials are issued, signed, by the worker's publication (issue 33), not here.
      return 0;
    },
  },
};
