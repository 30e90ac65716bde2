/**
 * One block of the desk's overview (/organize, issue 56): the statements it
 * reads (drizzle queries, not yet run) and how its figures come from their
 * rows. Each concern's desk module gives its own blocks (`judgesOverview`,
 * `outboxOverview`, …); the overview (app/desk/overview.server.ts) runs
 * every block the role may read in one `db.batch`, so it stays one round
 * trip with a fixed number of aggregate statements, whatever the edition's
 * size.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import type { DerivedName } from "./kept.server";

export interface OverviewBlock<T> {
  queries: readonly BatchItem<"sqlite">[];
  figures: (rows: readonly unknown[]) => T;
}

/** The rows a batch of `Q`'s statements answers, one entry per statement. */
export type RowsOf<Q extends readonly BatchItem<"sqlite">[]> = { -readonly [K in keyof Q]: Q[K]["_"]["result"] };

export function overviewBlock<const Q extends readonly BatchItem<"sqlite">[], T>(
  queries: Q,
  figures: (rows: RowsOf<Q>) => T,
): OverviewBlock<T> {
  return { queries, figures: (rows) => figures(rows as RowsOf<Q>) };
}

/**
 * Figures of blocks kept per isolate (issue 56), by edition and block, with
 * the token of the `derived_versions` row they were counted under: the token
 * the desk's guard read, in its batch before the overview's (ADR 020, "The
 * report kept up to date"), so figures are never kept under a token newer
 * than their rows. Module-level, forgotten between the tests' databases
 * (tests/setup.ts).
 */
const keptFigures = new Map<string, { token: string; figures: unknown }>();

export function forgetKeptOverviewFigures() {
  keptFigures.clear();
}

/** The token of `name` the desk's guard read for this page, if it read that one. */
export function guardToken(
  version: { name: DerivedName; rows: readonly { token: string }[] } | null,
  name: DerivedName,
): string | null {
  return version?.name === name ? (version.rows[0]?.token ?? null) : null;
}

/**
 * `block` kept per isolate under `token` (`guardToken`): while the token
 * holds, its figures with no statement; after a change, its statements in the
 * overview's batch once, and the figures kept under the new token. Only for a
 * block whose every table changes the token on every write (the triggers of
 * migrations/0034_desk_flat.sql), so kept figures are never stale. Without a
 * token, the block as it is.
 */
export function keptOverviewBlock<T>(
  block: OverviewBlock<T>,
  { key, token }: { key: string; token: string | null },
): OverviewBlock<T> {
  if (token === null) return block;
  const hit = keptFigures.get(key);
  if (hit?.token === token) return { queries: [], figures: () => hit.figures as T };
  return {
    queries: block.queries,
    figures: (rows) => {
      const figures = block.figures(rows);
      keptFigures.set(key, { token, figures });
      return figures;
    },
  };
}

/** Each block's figures, or null for a block the role may not read. */
type BlockFigures<B> = { [K in keyof B]: NonNullable<B[K]> extends OverviewBlock<infer T> ? T | null : null };

/** Runs the blocks a role may read (null: may not) in one batch; each answers its figures, or null. */
export async function readOverviewBlocks<B extends Record<string, OverviewBlock<unknown> | null>>(
  db: Db,
  blocks: B,
): Promise<BlockFigures<B>> {
  const entries = Object.entries(blocks);
  const queries = entries.flatMap(([, b]) => b?.queries ?? []);
  const rows: readonly unknown[] =
    queries.length === 0 ? [] : await db.batch(queries as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  let at = 0;
  const figures = entries.map(([name, b]) => {
    if (!b) return [name, null];
    const mine = rows.slice(at, at + b.queries.length);
    at += b.queries.length;
    return [name, b.figures(mine)];
  });
  return Object.fromEntries(figures) as BlockFigures<B>;
}

/** The figure of a `count()` statement. */
export const firstCount = (rows: readonly { n: number }[]) => rows[0]?.n ?? 0;
