// The outbox's command (issue 17, issue 33). Documented in docs/admin.md
// ("E-mail").
//
//   requeue-dead [--base-url URL]   hands every dead e-mail back to the outbox's sweep
//
// A client of the organizer API (./api.mjs), like the desk's overview: the
// `notifications.requeue` action (app/notifications/actions.server.ts) holds
// the rule and writes the audit row. ORGANIZER_API_TOKEN, --base-url or
// ORGANIZER_API_URL. No SQL here.
import { callApi, requireToken, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  "requeue-dead": {
    usage: "requeue-dead [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/notifications.requeue", { options, body: {} });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
};
