// Sponsors' presences on the site (issue 54): what paid sponsors gave for the
// site (name, website, description, logo), approved or returned with a reason.
// Documented in docs/admin.md ("Sponsors' logos").
//
//   sponsor-presences                                  the edition's presences, waiting ones first
//   approve-sponsor <sponsorship-id>                   the given copy becomes the one the site shows; the sponsor is e-mailed
//   return-sponsor <sponsorship-id> --reason "…"       sent back to the sponsor with the reason, by e-mail
//     (clients of the organizer API, like the desk's /organize/sponsorships: ORGANIZER_API_TOKEN,
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
  "sponsor-presences": {
    usage: "sponsor-presences [--base-url URL]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const { result } = await callApi("GET", "/queries/sponsors.presences", { options });
        const { presences } = result;
        for (const p of presences) {
          console.log(
            terminalText(
              `${p.sponsorshipId}  ${p.status.padEnd(9)}  ${p.tier.padEnd(8)}  ${p.displayName}  <${p.email}>`,
            ),
          );
        }
        if (presences.length === 0) console.log("No sponsor presence yet.");
        return 0;
      });
    },
  },
  "approve-sponsor": {
    usage: "approve-sponsor <sponsorship-id> [--base-url URL]",
    async run(args, options) {
      const sponsorshipId = args[0]?.trim() ?? "";
      if (!sponsorshipId) {
        console.error(`usage: npm run admin -- ${commands["approve-sponsor"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/sponsors.approve-presence", { options, body: { sponsorshipId } });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
  "return-sponsor": {
    usage: 'return-sponsor <sponsorship-id> --reason "…" [--base-url URL]',
    async run(args, options) {
      const sponsorshipId = args[0]?.trim() ?? "";
      const reason = textOption(options, "reason");
      if (!sponsorshipId || !reason) {
        console.error(`usage: npm run admin -- ${commands["return-sponsor"].usage} (the sponsor reads the reason)`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/sponsors.return-presence", {
          options,
          body: { sponsorshipId, reason },
        });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
};
