/**
 * Every change of a notification's status, in one module (issue 17):
 *
 *   pending ──sent──► sent
 *      │  └─refused / unrenderable / suppressed──► failed
 *      └─retries exhausted (dead-letter queue)──► dead ──revived once by the sweep,
 *                                                      or by the desk / `npm run admin -- requeue-dead`──► pending
 *
 * A row is written pending by outboxInsert (outbox.server.ts). Only a pending
 * row changes here, so a redelivered message never undoes a sent one.
 * The operator's transition (dead → pending for every dead row, with an old
 * updated_at so the next sweep queues it, attempts kept) is here too,
 * `requeueDeadStatement`, run by the desk's `notifications.requeue` action,
 * which `npm run admin -- requeue-dead` calls through the organizer API.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notifications } from "~/db/schema";

type AttemptOutcome = Partial<
  Pick<typeof notifications.$inferInsert, "status" | "lastError" | "providerMessageId" | "sentAt">
>;

/** Records one delivery attempt's outcome (sent, failed, or only the error of a retry). */
export async function recordAttempt(db: Db, id: string, outcome: AttemptOutcome): Promise<void> {
  await db
    .update(notifications)
    .set({ ...outcome, attempts: sql`${notifications.attempts} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(notifications.id, id), eq(notifications.status, "pending")));
}

/** The dead-letter queue's verdict: retries are exhausted; the row waits for the sweep or an operator. */
export async function markDead(db: Db, ids: readonly string[]): Promise<void> {
  await db
    .update(notifications)
    .set({ status: "dead", updatedAt: new Date().toISOString() })
    .where(and(inArray(notifications.id, [...ids]), eq(notifications.status, "pending")));
}

/** The sweep queued these pending rows again: it waits STALE_PENDING_MINUTES before the next try. */
export async function touchPending(db: Db, ids: readonly string[], now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ updatedAt: now.toISOString() })
    .where(and(inArray(notifications.id, [...ids]), eq(notifications.status, "pending")));
}

/** The sweep's one automatic second chance for dead rows: pending again, never twice. Returns the ids revived. */
export async function reviveDeadOnce(db: Db, ids: readonly string[], now: Date): Promise<string[]> {
  const at = now.toISOString();
  const revived = await db
    .update(notifications)
    .set({ status: "pending", autoRequeuedAt: at, updatedAt: at })
    .where(
      and(inArray(notifications.id, [...ids]), eq(notifications.status, "dead"), isNull(notifications.autoRequeuedAt)),
    )
    .returning({ id: notifications.id });
  return revived.map((row) => row.id);
}

/**
 * The operator's transition (dead → pending for every dead row, with an old
 * updated_at so the next sweep queues it, attempts kept), as one statement
 * of the desk's `notifications.requeue` action (app/notifications/actions.server.ts).
 */
export function requeueDeadStatement(db: Db) {
  return db
    .update(notifications)
    .set({ status: "pending", updatedAt: "1970-01-01T00:00:00.000Z" })
    .where(eq(notifications.status, "dead"));
}
