/**
 * Whole-edition computations the desk keeps per isolate (issue 56, ADR 020
 * "The report kept up to date"): the judging report, the vote review. Each
 * is kept with the token of its row of `derived_versions` it was computed
 * under; triggers change that token on every write to what it is computed
 * from (migrations/0034_desk_flat.sql). A page reads the token in its
 * own batch (one small statement) and shows the kept result while the token
 * holds; a changed token computes it again, once per change in each isolate.
 *
 * The token is read BEFORE the rows a computation reads, so a result is
 * never kept under a token newer than its data: a write between the two
 * leaves a newer token behind, and the next view computes again.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { derivedVersions } from "~/db/schema";

export type DerivedName = "judging-report" | "vote-review";

/** The token `name`'s data is at, unrun, for a page's batch. */
export function derivedVersionQuery(db: Db, name: DerivedName) {
  return db
    .select({ token: derivedVersions.token })
    .from(derivedVersions)
    .where(eq(derivedVersions.name, name))
    .limit(1);
}

/** What one isolate keeps of one computation, by key (an edition). */
export function keptPerIsolate<T>() {
  const kept = new Map<string, { token: string; value: T }>();
  return {
    /** The value under the token `rows` read (`derivedVersionQuery`): the kept one, or `compute`d and kept. */
    async at(key: string, rows: readonly { token: string }[], compute: () => Promise<T>): Promise<T> {
      const token = rows[0]?.token;
      const hit = kept.get(key);
      if (token !== undefined && hit?.token === token) return hit.value;
      const value = await compute();
      if (token !== undefined) kept.set(key, { token, value });
      return value;
    },
    /** The kept value and its token, if this isolate has one. */
    get(key: string) {
      return kept.get(key) ?? null;
    },
    /** Forgets a kept value whose token no longer holds. */
    forget(key: string, token: string) {
      if (kept.get(key)?.token === token) kept.delete(key);
    },
  };
}
