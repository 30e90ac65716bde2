// The organizers' desk from the terminal (issue 32, ADR 018). Documented in
// docs/admin.md ("The organizers' desk").
//
//   grant-organizer <email> --role director [--base-url URL]
//       while no director exists: the one bootstrap step that makes the first director
//       (ORGANIZER_BOOTSTRAP_SECRET, or the development default against a local site).
//       Every later role is granted on the desk only (/organize/organizers, ADR 021): a token never changes roles.
//
// Every command here is a client of the organizer API (./api.mjs): no SQL.
import { apiBase, callApi, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";

// The development secret and production's minimum are the worker's own (Node 22 reads the TypeScript module as is).
const { DEVELOPMENT_BOOTSTRAP_SECRET, BOOTSTRAP_SECRET_MIN_CHARS, bootstrapSecretTooWeak } =
  /** @type {typeof import("../../app/organize/bootstrap.ts")} */ (
    await import(new URL("../../app/organize/bootstrap.ts", import.meta.url).href)
  );

/** A site on this machine, where the development bootstrap secret works. @param {string} base */
const isLocal = (base) => ["localhost", "127.0.0.1", "[::1]"].includes(new URL(base).hostname);

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  "grant-organizer": {
    usage: "grant-organizer <email> --role director [--base-url URL]   (the first director only)",
    async run(args, options) {
      const email = args[0]?.trim();
      const role = typeof options.role === "string" && options.role !== "true" ? options.role : "";
      if (!email || !role) {
        console.error(`usage: npm run admin -- ${commands["grant-organizer"].usage}`);
        return 2;
      }
      return withApi(async () => {
        const base = apiBase(options);
        const secret = process.env.ORGANIZER_BOOTSTRAP_SECRET ?? (isLocal(base) ? DEVELOPMENT_BOOTSTRAP_SECRET : null);
        if (!secret) {
          console.error(
            `Roles are granted on the desk only (${base}/organize/organizers), with your authenticator code: an API token never changes roles.\n` +
              'For the very first director of a deployed site, set ORGANIZER_BOOTSTRAP_SECRET (docs/admin.md, "The first director").',
          );
          return 2;
        }
        if (!isLocal(base) && bootstrapSecretTooWeak(secret)) {
          console.error(
            `ORGANIZER_BOOTSTRAP_SECRET is too weak: production accepts at least ${BOOTSTRAP_SECRET_MIN_CHARS} characters, never the development one (openssl rand -base64 32).`,
          );
          return 2;
        }
        const done = await callApi("POST", "/bootstrap", { options, body: { email, role }, token: secret });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
};
