/**
 * The worker's notification handlers, wired to `queue` and `scheduled` in
 * workers/app.ts. What they do lives in app/notifications/consumer.server.ts
 * (docs/notifications.md). A batch reads the published editions as a request
 * does (ADR 024), for the messages that name an edition's facts.
 */
import { withEditions } from "~/clock/clock.server";
import { siteEditions } from "~/editions/cache.server";
import { handleNotificationBatch as handleBatch } from "~/notifications/consumer.server";

export { isDeadLetterQueue, sweepNotifications } from "~/notifications/consumer.server";

export async function handleNotificationBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  await handleBatch(batch, withEditions(env, { editions: await siteEditions(env) }));
}
