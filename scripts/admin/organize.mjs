// The organizers' desk from the terminal (issue 32, ADR 018). Documented in
// docs/admin.md ("The organizers' desk").
//
//   grant-organizer <email> --role <role> [--base-url URL]
//       with ORGANIZER_API_TOKEN: a director grants (or changes) a role, as on /organize/organizers;
//       without it, while no director exists: the one bootstrap step that makes the first director
//       (ORGANIZER_BOOTSTRAP_SECRET, or the development default against a local site).
//
// Every command here is a client of the organizer API (./api.mjs): no SQL.
import { apiBase, callApi, terminalSafe, withApi } from "./api.mjs";

// The development secret is the worker's own constant (Node 22 reads the TypeScript module as is).
const { DEVELOPMENT_BOOTSTRAP_SECRET } = /** @type {typeof import("../../app/organize/bootstrap.ts")} */ (
  await import(new URL("../../app/organize/bootstrap.ts", import.meta.url).href)
);

/** A site on this machine, where the development bootstrap secret works. @param {string} base */
const isLocal = (base) => ["localhost", "127.0.0.1", "[::1]"].includes(new URL(base).hostname);

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  "grant-organizer": {
    usage: "grant-organizer <email> --role director|coordinator|registrar|viewer [--base-url URL]",
    async run(args, options) {
      const email = args[0]?.trim();
      const role = typeof options.role === "string" && options.role !== "true" ? options.role : "";
      if (!email || !role) {
        console.error(`usage: npm run admin -- ${commands["grant-organizer"].usage}`);
        return 2;
      }
      return withApi(async () => {
        if (process.env.ORGANIZER_API_TOKEN) {
          const done = await callApi("POST", "/actions/organizers.grant", { options, body: { email, role } });
          console.log(terminalSafe(done.message));
          return 0;
        }
        const base = apiBase(options);
        const secret = process.env.ORGANIZER_BOOTSTRAP_SECRET ?? (isLocal(base) ? DEVELOPMENT_BOOTSTRAP_SECRET : null);
        if (!secret) {
          console.error(
            `No ORGANIZER_API_TOKEN: granting needs a director's token (create one at ${base}/organize/tokens).\n` +
              'For the very first director of a deployed site, set ORGANIZER_BOOTSTRAP_SECRET (docs/admin.md, "The first director").',
          );
          return 2;
        }
        const done = await callApi("POST", "/bootstrap", { options, body: { email, role }, token: secret });
        console.log(terminalSafe(done.message));
        return 0;
      });
    },
  },
};
