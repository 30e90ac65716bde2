// The editions' commands (issue 52). Documented in docs/admin.md ("Opening
// the next edition").
//
//   publish-edition <id> --version N --rules-version V   proposes publishing a draft version
//   change-edition <id> --milestone M --date D [--time T] [--end-date D] [--end-time T] --note "…"
//                                                        proposes moving one milestone of a published edition
//
// Both PROPOSE (the two-person rule): a different director confirms on the
// desk with their code. Clients of the organizer API (./api.mjs): the
// `editions.publish` and `editions.change` actions
// (app/editions/actions.server.ts) hold every rule and write the audit rows.
// Drafts are saved on the desk's forms (or POST /api/organize/actions/editions.draft-*).
// ORGANIZER_API_TOKEN, --base-url or ORGANIZER_API_URL. No SQL here.
import { callApi, requireToken, withApi } from "./api.mjs";
import { printProposal } from "./judging-results.mjs";

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @param {unknown} value */
const given = (value) => (typeof value === "string" && value !== "true" ? value : undefined);

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  "publish-edition": {
    usage: "publish-edition <id> --version N --rules-version V [--base-url URL]",
    async run(args, options) {
      const version = given(options.version);
      const rulesVersion = given(options.rulesVersion);
      if (!args[0] || !version || !rulesVersion) {
        console.error(`usage: npm run admin -- ${this.usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const body = { editionId: args[0], version, rulesVersion };
        printProposal(await callApi("POST", "/actions/editions.publish", { options, body }), options);
        return 0;
      });
    },
  },
  "change-edition": {
    usage:
      'change-edition <id> --milestone M --date YYYY-MM-DD [--time HH:MM] [--end-date YYYY-MM-DD] [--end-time HH:MM] --note "…" [--base-url URL]',
    async run(args, options) {
      const milestone = given(options.milestone);
      const note = given(options.note);
      if (!args[0] || !milestone || !given(options.date) || !note) {
        console.error(`usage: npm run admin -- ${this.usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const body = {
          editionId: args[0],
          milestone,
          startDate: given(options.date),
          startTime: given(options.time),
          endDate: given(options.endDate),
          endTime: given(options.endTime),
          note,
        };
        printProposal(await callApi("POST", "/actions/editions.change", { options, body }), options);
        return 0;
      });
    },
  },
};
