import { withEditions } from "~/clock/clock.server";
import { fixtureEdition } from "~/content/editions";
import { edition2026 } from "../fixtures/edition-2026";

/**
 * A copy of `bindings` carrying the editions a request would have loaded (ADR 024): 2026 as the migration
 * published it (tests/integration/editions-as-data.test.ts shows the database holds exactly this), plus the
 * fixture when APP_EDITION_FIXTURE=1 asks for it outside production. For tests that call server code
 * directly rather than through the worker, which loads them itself.
 */
export function withSiteEditions<E extends object>(bindings: E): E {
  const { APP_EDITION_FIXTURE, ENVIRONMENT } = bindings as Partial<Env>;
  const fixture = APP_EDITION_FIXTURE === "1" && ENVIRONMENT !== "production";
  return withEditions(bindings, { editions: fixture ? [edition2026, fixtureEdition] : [edition2026] });
}
