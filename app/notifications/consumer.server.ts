/**
 * The NOTIFICATIONS queue consumer and the scheduled sweep (ARCHITECTURE.md,
 * E-mail; docs/notifications.md). For each message: load the outbox row, render
 * it, send it (Resend, or the local mailbox), write the outcome back.
 * - sent: ack.
 * - 429 / 5xx / network: retry with exponential backoff; after max_retries
 *   (wrangler.toml) the queue moves the message to the dead-letter queue,
 *   whose consumer (this same handler) marks the row dead.
 * - any other 4xx, or a payload that cannot be rendered: row failed, ack.
 * A redelivered message for a row already sent is acked without sending, and
 * Resend's idempotency key (the notification id) covers concurrent duplicates.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "~/db/client.server";
import { notifications } from "~/db/schema";
import { assertProductionConfig } from "~/lib/config.server";
import { log } from "~/lib/log.server";
import { SuppressedNotification } from "./kind.server";
import { prepareAndRender, UnrenderableNotification } from "./kinds.server";
import { requeueDeadOnce, requeueStalePending } from "./outbox.server";
import { retryDelaySeconds } from "./retry";
import { markDead, recordAttempt } from "./status.server";
import { createTransport, type Transport } from "./transport.server";

const MessageBody = z.object({ id: z.string().min(1) });

/** Dead-letter queues are named after their queue with "-dlq" (wrangler.toml). */
export function isDeadLetterQueue(queueName: string): boolean {
  return queueName.endsWith("-dlq");
}

export async function handleNotificationBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  // Production without its settings must not fall back to the local mailbox.
  assertProductionConfig(env);
  const db = getDb(env);
  if (isDeadLetterQueue(batch.queue)) {
    await deadLetters(batch, db);
    return;
  }
  const transport = createTransport(env, db);
  await Promise.all(batch.messages.map((message) => deliver(message, env, db, transport)));
}

async function deliver(message: Message<unknown>, env: Env, db: Db, transport: Transport): Promise<void> {
  const body = MessageBody.safeParse(message.body);
  if (!body.success) {
    log("error", "notifications.bad_message", { messageId: message.id, body: message.body });
    message.ack();
    return;
  }
  const { id } = body.data;
  try {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
    if (!row) {
      log("error", "notifications.unknown_id", { id });
      message.ack();
      return;
    }
    if (row.status !== "pending") {
      // Already sent, failed for good or dead: a redelivery or a sweep's double.
      message.ack();
      return;
    }

    let email;
    try {
      email = await prepareAndRender(row.kind, row.payload, { env, db, now: new Date() });
    } catch (error) {
      if (error instanceof SuppressedNotification) {
        // Not an error: the recipient left the list after this was written.
        await recordAttempt(db, id, { status: "failed", lastError: `suppressed: ${error.message}` });
        log("info", "notifications.suppressed", { id, kind: row.kind, reason: error.message });
        message.ack();
        return;
      }
      if (!(error instanceof UnrenderableNotification)) throw error;
      await recordAttempt(db, id, { status: "failed", lastError: error.message });
      log("error", "notifications.unrenderable", { id, kind: row.kind, error });
      message.ack();
      return;
    }

    const result = await transport.send({ ...email, id, to: row.recipient });
    if (result.ok) {
      const now = new Date().toISOString();
      await recordAttempt(db, id, {
        status: "sent",
        providerMessageId: result.providerMessageId,
        sentAt: now,
        lastError: null,
      });
      log("info", "notifications.sent", { id, kind: row.kind, transport: transport.name, attempt: message.attempts });
      message.ack();
    } else if (result.retryable) {
      await recordAttempt(db, id, { lastError: result.error });
      const delaySeconds = retryDelaySeconds(message.attempts);
      log("warn", "notifications.retry", {
        id,
        kind: row.kind,
        attempt: message.attempts,
        delaySeconds,
        error: result.error,
      });
      message.retry({ delaySeconds });
    } else {
      await recordAttempt(db, id, { status: "failed", lastError: result.error });
      log("error", "notifications.failed", { id, kind: row.kind, attempt: message.attempts, error: result.error });
      message.ack();
    }
  } catch (error) {
    // D1 or the runtime failed us: try again later; the row is untouched or already right.
    const delaySeconds = retryDelaySeconds(message.attempts);
    log("error", "notifications.consumer_error", { id, attempt: message.attempts, delaySeconds, error });
    message.retry({ delaySeconds });
  }
}

/** The dead-letter consumer: retries are exhausted; the row says so and waits for an operator. */
async function deadLetters(batch: MessageBatch<unknown>, db: Db): Promise<void> {
  const ids = batch.messages.flatMap((message) => {
    const body = MessageBody.safeParse(message.body);
    return body.success ? [body.data.id] : [];
  });
  if (ids.length > 0) {
    await markDead(db, ids);
    log("error", "notifications.dead", { ids });
  }
  batch.ackAll();
}

/**
 * The cron trigger (docs/notifications.md): queue again what is still pending
 * after a while, and give each dead notification one more chance.
 */
export async function sweepNotifications(env: Env, now: Date): Promise<string[]> {
  assertProductionConfig(env);
  const db = getDb(env);
  const stale = await requeueStalePending(env, db, now);
  const revived = await requeueDeadOnce(env, db, now);
  return [...stale, ...revived];
}
