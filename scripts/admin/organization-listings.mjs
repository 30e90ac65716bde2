// Organizations' public listings on /employer-recognition (issue 54): what
// organizations that asked to be listed gave (name, website, logo),
// approved or returned with a reason. Documented in docs/admin.md
// ("Recognized organizations").
//
//   organization-listings                                   the edition's listings, waiting ones first
//   approve-organization <organization-id>                  the given copy becomes the one the site shows; the organization is e-mailed
//   return-organization <organization-id> --reason "…"      sent back to the organization with the reason, by e-mail
//     (clients of the organizer API, like the desk's /organize/organizations: ORGANIZER_API_TOKEN,
//     --base-url or ORGANIZER_API_URL; the site's clock and edition)
import { callApi, requireToken, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";

/** @param {Record<string, unknown>} options @param {string} name A required `--name "…"` option's text, or "". */
function textOption(options, name) {
  const value = options[name];
  return typeof value === "string" && value !== "true" ? value.trim() : "";
}

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  "organization-listings": {
    usage: "organization-listings [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const { result } = await callApi("GET", "/queries/organizations.listings", { options });
        const { listings } = result;
        for (const l of listings) {
          console.log(terminalText(`${l.organizationId}  ${l.status.padEnd(9)}  ${l.displayName}  <${l.email}>`));
        }
        if (listings.length === 0) console.log("No organization listing yet.");
        return 0;
      });
    },
  },
  "approve-organization": {
    usage: "approve-organization <organization-id> [--base-url URL]",
    async run(args, options) {
      const organizationId = args[0]?.trim() ?? "";
      if (!organizationId) {
        console.error(`usage: npm run admin -- ${commands["approve-organization"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/organizations.approve-listing", {
          options,
          body: { organizationId },
        });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
  "return-organization": {
    usage: 'return-organization <organization-id> --reason "…" [--base-url URL]',
    async run(args, options) {
      const organizationId = args[0]?.trim() ?? "";
      const reason = textOption(options, "reason");
      if (!organizationId || !reason) {
        console.error(
          `usage: npm run admin -- ${commands["return-organization"].usage} (the organization reads the reason)`,
        );
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/organizations.return-listing", {
          options,
          body: { organizationId, reason },
        });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
};
