// The exports (issue 33). Documented in docs/admin.md ("People, payments and organizations").
//
//   export <contacts|interests|registrations|sponsorships|organizations|subscribers>
//          [--edition ID|all] [--plan P] [--status S] [--tier T] [--out file.csv] [--base-url URL]
//
// A client of the organizer API (./api.mjs), like the desk's CSV links
// (/organize/registrations.csv …): each export is a registered query
// (app/people/lists.server.ts) answering the rows and their columns, which
// this writes through the one CSV writer. Registrations, sponsorships and
// organizations are one edition's (the site's current one unless --edition
// names another, or all). ORGANIZER_API_TOKEN of a registrar or a director,
// --base-url or ORGANIZER_API_URL. No SQL here.
import { writeFileSync } from "node:fs";
import { toCsv, writeOutput } from "../admin.mjs";
import { callApi, requireToken, withApi } from "./api.mjs";

/** Each export's query, and the filters it takes (those kept by edition take --edition). */
export const exportQueries = {
  contacts: { query: "contacts.list", filters: [] },
  interests: { query: "interests.list", filters: [] },
  registrations: { query: "registrations.list", filters: ["edition", "plan", "status"] },
  sponsorships: { query: "sponsorships.list", filters: ["edition", "tier", "status"] },
  organizations: { query: "organizations.list", filters: ["edition"] },
  subscribers: { query: "subscribers.list", filters: [] },
};

const usage = `export <${Object.keys(exportQueries).join("|")}> [--edition ID|all] [--plan P] [--status S] [--tier T] [--out file.csv] [--base-url URL]`;

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  export: {
    usage,
    async run(args, options) {
      const name = args[0] ?? "";
      const spec = Object.hasOwn(exportQueries, name)
        ? exportQueries[/** @type {keyof typeof exportQueries} */ (name)]
        : undefined;
      if (!spec) {
        console.error(`unknown table "${name}"\nusage: npm run admin -- ${usage}`);
        return 2;
      }
      const params = new URLSearchParams();
      for (const filter of ["edition", "plan", "status", "tier"]) {
        const value = options[filter];
        if (value === undefined) continue;
        if (!spec.filters.includes(filter) || typeof value !== "string" || value === "true") {
          console.error(`${name}: --${filter} does not apply\nusage: npm run admin -- ${usage}`);
          return 2;
        }
        params.set(filter, value);
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const query = params.toString();
        const { result } = await callApi("GET", `/queries/${spec.query}${query ? `?${query}` : ""}`, { options });
        if (result.editionId) {
          console.error(`${name}: ${result.editionId === "all" ? "every edition" : `edition ${result.editionId}`}`);
        }
        const csv = toCsv(result.rows, result.columns);
        if (typeof options.out === "string" && options.out !== "true") {
          writeFileSync(options.out, csv, "utf8");
          console.error(`${result.rows.length} row(s) written to ${options.out}`);
        } else writeOutput(csv);
        return 0;
      });
    },
  },
};
