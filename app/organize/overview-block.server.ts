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
