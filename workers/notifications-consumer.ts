/**
 * The worker's notification handlers, wired to `queue` and `scheduled` in
 * workers/app.ts. What they do lives in app/notifications/consumer.server.ts
 * (docs/notifications.md).
 */
export { handleNotificationBatch, isDeadLetterQueue, sweepNotifications } from "~/notifications/consumer.server";
