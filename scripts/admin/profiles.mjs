// Judges' and advisors' public profiles (issue 54): what judges and advisors
// gave with their consent, and the coordinator's publication on
// /judges-advisors. Documented in docs/admin.md ("Judges' and advisors' profiles").
//
//   profiles                 the edition's profiles: published, changed since, or waiting
//   publish-profiles         every profile's current copy becomes the one /judges-advisors shows (audited)
//     (clients of the organizer API, like the desk's /organize/judges: ORGANIZER_API_TOKEN,
//     --base-url or ORGANIZER_API_URL; the site's clock and edition)
import { callApi, requireToken, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  profiles: {
    usage: "profiles [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const { result } = await callApi("GET", "/queries/profiles.list", { options });
        /** @type {{ userId: string, status: string, group: string | null, name: string }[]} */
        const profiles = result.profiles;
        for (const p of profiles) {
          console.log(
            terminalText(`${p.userId}  ${p.status.padEnd(9)}  ${(p.group ?? "Judge").padEnd(17)}  ${p.name}`),
          );
        }
        if (profiles.length === 0) console.log("No profile yet.");
        console.log(result.publishedAt ? `Last published ${result.publishedAt}.` : "Never published.");
        return 0;
      });
    },
  },
  "publish-profiles": {
    usage: "publish-profiles [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/profiles.publish", { options, body: { confirm: "publish" } });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
};
