/**
 * The notification outbox. A producer writes the notification row in the same
 * db.batch() as the record it is about (so both exist or neither), then puts
 * the row's id on the NOTIFICATIONS queue. If that send fails, the row stays
 * pending and the scheduled sweep queues it again: nothing is lost.
 */
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { deadNotificationRetry } from "~/content/limits";
import type { Db } from "~/db/client.server";
import { notifications } from "~/db/schema";
import { log } from "~/lib/log.server";
import type { NotificationKind } from "./kind.server";
import { reviveDeadOnce, touchPending } from "./status.server";

/** The queue message: only the id; the row holds everything else. */
export interface NotificationMessage {
  id: string;
}

/**
 * Rows pending for longer than this are re-queued by the sweep. Longer than
 * the longest retry delay (consumer backoff), so a message waiting for its
 * retry is not doubled; doubles would be harmless anyway (idempotency key).
 */
export const STALE_PENDING_MINUTES = 15;

/** Queues accept at most 100 messages per sendBatch. */
const SEND_BATCH_LIMIT = 100;
/** D1 binds at most 100 parameters a statement; the touch adds its time and status to the ids. */
const IDS_PER_STATEMENT = 90;

/**
 * The insert for one notification, to put in the caller's db.batch() next to
 * the record it is about. Only the subject is written now, so admins can read
 * it in the table; the e-mail itself is rendered by the consumer from the payload.
 * The id is random unless the caller derives one (app/payments/confirmation.server.ts).
 */
export function outboxInsert<Payload>(
  db: Db,
  kind: NotificationKind<Payload>,
  {
    id = crypto.randomUUID(),
    recipient,
    payload,
    now,
  }: { id?: string; recipient: string; payload: Payload; now: Date },
) {
  const at = now.toISOString();
  const statement = db.insert(notifications).values({
    id,
    kind: kind.kind,
    recipient,
    subject: kind.subject(payload),
    payload: JSON.stringify(payload),
    status: "pending",
    createdAt: at,
    updatedAt: at,
  });
  return { id, statement };
}

/**
 * Puts notification ids on the queue. Never throws: a failed send is logged
 * and left to the sweep, because the rows are already safely in D1.
 */
export async function enqueueNotifications(
  env: Pick<Env, "NOTIFICATIONS">,
  ids: readonly string[],
  logFields: Record<string, unknown> = {},
): Promise<boolean> {
  try {
    for (let start = 0; start < ids.length; start += SEND_BATCH_LIMIT) {
      const chunk = ids.slice(start, start + SEND_BATCH_LIMIT);
      await env.NOTIFICATIONS.sendBatch(chunk.map((id) => ({ body: { id } satisfies NotificationMessage })));
    }
    return true;
  } catch (error) {
    log("warn", "notifications.enqueue_failed", { ...logFields, ids, error });
    return false;
  }
}

/**
 * The scheduled sweep: queues again every row still pending after
 * STALE_PENDING_MINUTES (its queue send failed, or the message was lost),
 * then marks it touched so the next sweep waits again. Returns the ids queued.
 */
export async function requeueStalePending(
  env: Pick<Env, "NOTIFICATIONS">,
  db: Db,
  now: Date,
  { limit = 500 }: { limit?: number } = {},
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - STALE_PENDING_MINUTES * 60_000).toISOString();
  const stale = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.status, "pending"), lt(notifications.updatedAt, cutoff)))
    .orderBy(asc(notifications.updatedAt))
    .limit(limit);
  const ids = stale.map((row) => row.id);
  if (ids.length === 0) return [];
  if (!(await enqueueNotifications(env, ids, { reason: "sweep" }))) return [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    await touchPending(db, ids.slice(start, start + IDS_PER_STATEMENT), now);
  }
  log("info", "notifications.requeued", { count: ids.length });
  return ids;
}

/**
 * The sweep's second job (issue 16): a notification that died (its retries
 * ran out, typically during a provider outage longer than the retry window)
 * is queued once more, `deadNotificationRetry.afterMinutes` after it died and
 * at most `deadNotificationRetry.perSweep` at a time. A row is revived only
 * once (auto_requeued_at); if it dies again it waits for an operator's
 * `npm run admin -- requeue-dead`. Returns the ids queued.
 */
export async function requeueDeadOnce(env: Pick<Env, "NOTIFICATIONS">, db: Db, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - deadNotificationRetry.afterMinutes * 60_000).toISOString();
  const candidates = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(eq(notifications.status, "dead"), isNull(notifications.autoRequeuedAt), lt(notifications.updatedAt, cutoff)),
    )
    .orderBy(asc(notifications.updatedAt))
    .limit(deadNotificationRetry.perSweep);
  if (candidates.length === 0) return [];
  // Pending again before it is queued: if the send fails, the stale-pending sweep takes it from here.
  const ids = await reviveDeadOnce(
    db,
    candidates.map((row) => row.id),
    now,
  );
  if (ids.length === 0) return [];
  await enqueueNotifications(env, ids, { reason: "dead-retry" });
  log("warn", "notifications.dead_requeued", { count: ids.length, ids });
  return ids;
}
