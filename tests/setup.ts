import { applyD1Migrations, env } from "cloudflare:test";
import { forgetPublishedEditions, publishedEditions } from "~/editions/cache.server";
import { forgetRecognizedOrganizations } from "~/organization/recognized.server";
import { forgetKeptOverviewFigures } from "~/organize/overview-block.server";
import { forgetShownSponsors } from "~/sponsors/shown.server";

// Test files share a worker, and with it its D1 (vitest.config.ts: `isolate: false`). Each file starts from an
// empty database all the same, as it would in a worker of its own: every table dropped, then the same SQL files
// `wrangler d1 migrations apply` runs.
const { results } = await env.DB.prepare(
  "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
).all<{ type: "table" | "view"; name: string }>();
if (results.length > 0)
  await env.DB.batch([
    // Dropping a table deletes its rows first; the references between tables are checked once, when all are gone.
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...results.map(({ type, name }) => env.DB.prepare(`DROP ${type === "view" ? "VIEW" : "TABLE"} "${name}"`)),
  ]);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// The isolate's copy of the published editions (app/editions/cache.server.ts) belonged to the database just
// dropped: read again from this one before the file's first request, so none of its requests pays for the read
// (tests/integration/request-work.test.ts counts statements) and none sees an edition an earlier file published.
forgetPublishedEditions();
await publishedEditions(env);
// Likewise the approved sponsors (app/sponsors/shown.server.ts): none of an earlier file's database.
forgetShownSponsors();
// And the recognized organizations (app/organization/recognized.server.ts).
forgetRecognizedOrganizations();
// And the overview's counts kept under a token (app/organize/overview-block.server.ts).
forgetKeptOverviewFigures();
