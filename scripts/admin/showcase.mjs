// The audience vote's organizer commands (issues 25 and 33). Documented in
// docs/admin.md ("Vote review and the Audience Choice").
//
//   votes-review                                       the flags (bursts, one address or network, new accounts,
//                                                      throwaway mail), the exclusions and the tally so far
//   exclude-votes <voteId…> | --flag <flagId> --reason "…" [--category C]
//                                                      excludes votes after the close, with the reason and its category
//   publish-audience-choice                            PROPOSES the Audience Choice (the ledger, the winner, the
//                                                      credentials); a second director confirms it on the desk
//
// Clients of the organizer API (./api.mjs), like the desk's /organize/votes:
// the rules (the flags, the close, the tally, who may) are the worker's,
// app/showcase/vote-review.server.ts, on the site's clock and edition, and
// each change writes its audit row. ORGANIZER_API_TOKEN, --base-url or
// ORGANIZER_API_URL. No SQL here.
import { callApi, requireToken, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";
import { printProposal } from "./judging-results.mjs";

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */
/**
 * What `votes.review` answers (app/showcase/vote-review.server.ts), as far as this prints it.
 * @typedef {{
 *   editionId: string, voting: string, closesAt: string, publishedAt: string | null,
 *   counts: { votes: number, excluded: number, flags: number },
 *   flags: { id: string, description: string, project: string | null, voteIds: string[], excluded: number }[],
 *   exclusions: { category: string, reason: string, by: string, at: string, voteIds: string[] }[],
 *   tally: { title: string, cast: number, excluded: Record<string, number | undefined>, final: number }[],
 * }} VoteReview
 */

/** @param {Options} options @param {string} name A `--name "…"` option's text, or "". */
const textOption = (options, name) =>
  typeof options[name] === "string" && options[name] !== "true" ? String(options[name]).trim() : "";

/** @param {Record<string, number | undefined>} excluded */
const excludedText = (excluded) =>
  Object.entries(excluded)
    .map(([category, n]) => `${n} ${category}`)
    .join(", ") || "none";

/** @param {VoteReview} review */
function reviewText(review) {
  const lines = [
    `Edition ${review.editionId}: ${review.counts.votes} vote(s), ${review.counts.excluded} excluded; ${review.counts.flags} flag(s).`,
  ];
  if (review.publishedAt) lines.push(`The Audience Choice was published ${review.publishedAt}.`);
  else if (review.voting !== "closed")
    lines.push(`Voting is still open until ${review.closesAt}: the review may change.`);
  for (const flag of review.flags) {
    lines.push(
      "",
      flag.id,
      `  ${flag.description}${flag.project ? ` ("${flag.project}")` : ""}; ${flag.excluded} of ${flag.voteIds.length} excluded`,
      `  votes: ${flag.voteIds.join(" ")}`,
    );
  }
  if (review.flags.length === 0) lines.push("Nothing flagged.");
  if (review.exclusions.length > 0) {
    lines.push("", "Excluded:");
    for (const e of review.exclusions) {
      lines.push(`  ${e.voteIds.length} ${e.category} by ${e.by} at ${e.at}: ${e.reason}`);
    }
  }
  lines.push("", "Tally so far (cast, excluded, counted):");
  for (const t of review.tally)
    lines.push(`  ${t.title}: ${t.cast} cast, ${excludedText(t.excluded)} excluded, ${t.final} counted`);
  if (review.flags.length > 0 && !review.publishedAt) {
    lines.push("", 'Exclude with: npm run admin -- exclude-votes --flag <flag id> --reason "…"');
  }
  return lines.join("\n");
}

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  "votes-review": {
    usage: "votes-review [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const { result } = await callApi("GET", "/queries/votes.review", { options });
        console.log(terminalText(reviewText(result)));
        return 0;
      });
    },
  },

  "exclude-votes": {
    usage: 'exclude-votes <voteId…> | --flag <flagId> --reason "…" [--category C] [--base-url URL]',
    async run(args, options) {
      const reason = textOption(options, "reason");
      const flagId = textOption(options, "flag");
      if (!reason || (args.length === 0 && !flagId)) {
        console.error(`usage: npm run admin -- ${commands["exclude-votes"].usage} (the reason is kept with each vote)`);
        return 2;
      }
      if (!requireToken()) return 2;
      const category = textOption(options, "category");
      return withApi(async () => {
        const done = await callApi("POST", "/actions/votes.exclude", {
          options,
          body: {
            ...(args.length > 0 ? { voteIds: args.join(" ") } : {}),
            ...(flagId ? { flagId } : {}),
            reason,
            ...(category ? { category } : {}),
          },
        });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },

  "publish-audience-choice": {
    usage: "publish-audience-choice [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        printProposal(await callApi("POST", "/actions/votes.publish-audience-choice", { options, body: {} }), options);
        return 0;
      });
    },
  },
};
