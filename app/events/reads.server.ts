/**
 * Reads of personal data in the event log (issue 50; issue 56 took them off
 * the chain). A read changes nothing, so its row is not chained (ADR 022,
 * "Reads off the chain"): it is one INSERT, written in the batch of the page
 * that reads, with no read of the log's last row before it and no race with
 * other writers to lose. The append-only triggers protect it as they do
 * every row; the chain (./chain.server.ts) passes over it, and a change
 * relabelled as a read leaves its successor naming a row the chain does not
 * hold, which shows.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { events, user } from "~/db/schema";
import { eventContent, type CommitContext, type EventRecord } from "./commit.server";

/** A read's row as it is stored: no hash, no place in the chain. */
function readContent(db: Db, ctx: Omit<CommitContext, "db">, record: EventRecord) {
  return { ...eventContent({ ...ctx, db }, record), hashFormat: null };
}

/** A read's row as one statement, unrun (for the reading page's batch). */
export function readEventStatement(db: Db, ctx: Omit<CommitContext, "db">, record: EventRecord) {
  return db.insert(events).values(readContent(db, ctx, record));
}

/**
 * A read of one person's data as one statement, unrun, written only when
 * the account exists as the batch runs (an INSERT … SELECT from it): a page
 * that answers 404 recorded no read.
 */
export function personReadEventStatement(db: Db, ctx: Omit<CommitContext, "db">, record: EventRecord, userId: string) {
  const content: Record<string, unknown> = readContent(db, ctx, record);
  // Every column in the table's order, as an INSERT … SELECT needs them (the id and the chain's columns NULL).
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(events)).map(([key, column]) => [key, sql`${content[key] ?? null}`.as(column.name)]),
  );
  return db.insert(events).select(db.select(columns).from(user).where(eq(user.id, userId)) as never);
}
