import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { saveContactMessage } from "~/contact/save.server";
import { STALE_PENDING_MINUTES } from "~/notifications/outbox.server";
import { isRetryable, retryDelaySeconds } from "~/notifications/retry";
import { contactRowsFor, notificationById, uniqueEmail, type NotificationRow } from "./contact-helpers";
import { fakeResendAccount } from "./resend-fake";
import { builtWorker, fetchSite, fetchWithEnv } from "./worker";
import { completeProductionEnv } from "./production-env";

const QUEUE = "idaho-ai-challenge-notifications";
const DEAD_LETTER_QUEUE = "idaho-ai-challenge-notifications-dlq";
/** wrangler.toml: max_retries for the notifications queue. */
const MAX_RETRIES = 5;

/** A queue binding that records what is sent instead of delivering it. */
function recordingQueue() {
  const sent: { id: string }[] = [];
  const queue = {
    send: async (body: { id: string }) => void sent.push(body),
    sendBatch: async (messages: { body: { id: string } }[]) => void sent.push(...messages.map((m) => m.body)),
  } as unknown as Queue;
  return { queue, sent };
}

/** Stores a contact message through the real service; its notification waits for us, not the queue. */
async function storeContact(overrides: Partial<{ name: string; subject: string; message: string }> = {}) {
  const { queue, sent } = recordingQueue();
  const email = uniqueEmail("delivery");
  const message = {
    name: "Casey <Admin> & Co",
    email,
    subject: "Sponsoring the finals",
    message: "Hello!\nWe'd like to sponsor.\n<script>alert(1)</script>",
    ...overrides,
  };
  const { notificationId } = await saveContactMessage(
    { ...env, NOTIFICATIONS: queue, NOTIFY_TO: "organizers@example.org" },
    message,
  );
  expect(sent).toEqual([{ id: notificationId }]);
  return { notificationId, email, message };
}

async function deliver(environment: Env, notificationId: string, attempts = 1, queue = QUEUE) {
  const batch = createMessageBatch(queue, [
    { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body: { id: notificationId } },
  ]);
  // The test runtime does not report retry delays (getQueueResult): watch the calls instead.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    vi.spyOn(message, "retry").mockImplementation((options) => {
      delays.push(options?.delaySeconds);
      retry(options);
    });
  }
  const ctx = createExecutionContext();
  await (await builtWorker()).queue(batch, environment, ctx);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

/** Runs the cron trigger at `at`; returns the ids it queued. */
async function sweep(at: Date): Promise<string[]> {
  const { queue, sent } = recordingQueue();
  const ctx = createExecutionContext();
  await (
    await builtWorker()
  ).scheduled(createScheduledController({ scheduledTime: at }), { ...env, NOTIFICATIONS: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return sent.map((message) => message.id);
}

async function row(id: string): Promise<NotificationRow> {
  const found = await notificationById(id);
  if (!found) throw new Error(`notification ${id} not found`);
  return found;
}

describe("delivery through Resend (the real SDK against the fake)", () => {
  it("sends exactly one e-mail with the right content and marks the row sent", async () => {
    const resend = fakeResendAccount();
    const { notificationId, email, message } = await storeContact();
    const result = await deliver(resend.env, notificationId);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);

    const { emails } = await resend.sent();
    expect(emails).toHaveLength(1);
    const [sent] = emails;
    expect(sent?.idempotencyKey).toBe(notificationId);
    expect(sent?.to).toEqual(["organizers@example.org"]);
    expect(sent?.reply_to).toBe(email);
    expect(sent?.from).toContain("Idaho AI Challenge");
    expect(sent?.subject).toBe("Contact form: Sponsoring the finals — from Casey <Admin> & Co");
    expect(sent?.text).toContain(`Name: ${message.name}`);
    expect(sent?.text).toContain(`Email: ${email}`);
    expect(sent?.text).toContain("Subject: Sponsoring the finals");
    expect(sent?.text).toContain(message.message);
    const [contact] = await contactRowsFor(email);
    expect(sent?.text).toContain(`Received: ${contact?.created_at}`);
    // Every user value is escaped in the HTML part.
    expect(sent?.html).toContain("Casey &lt;Admin&gt; &amp; Co");
    expect(sent?.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(sent?.html).not.toContain("<script>");

    const sentRow = await row(notificationId);
    expect(sentRow).toMatchObject({ status: "sent", attempts: 1, last_error: null, provider_message_id: sent?.id });
    expect(sentRow.sent_at).not.toBeNull();
  });

  it("retries 500s with growing delays, then sends exactly once", async () => {
    const resend = fakeResendAccount();
    await resend.failNext(500, 500, 500);
    const { notificationId } = await storeContact();

    const delays: (number | undefined)[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await deliver(resend.env, notificationId, attempt);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(1);
      delays.push(result.delays[0]);
      expect(await row(notificationId)).toMatchObject({ status: "pending", attempts: attempt });
    }
    expect(delays).toEqual([30, 60, 120]);
    expect((await row(notificationId)).last_error).toContain("500");

    const final = await deliver(resend.env, notificationId, 4);
    expect(final.explicitAcks).toHaveLength(1);
    const { emails, attempts } = await resend.sent();
    expect(attempts).toBe(4);
    expect(emails).toHaveLength(1);
    expect(await row(notificationId)).toMatchObject({ status: "sent", attempts: 4, last_error: null });
  });

  it("retries a 429 too", async () => {
    const resend = fakeResendAccount();
    await resend.failNext(429);
    const { notificationId } = await storeContact();
    expect((await deliver(resend.env, notificationId)).retryMessages).toHaveLength(1);
    expect((await deliver(resend.env, notificationId, 2)).explicitAcks).toHaveLength(1);
    expect((await resend.sent()).emails).toHaveLength(1);
  });

  it("marks the row dead when every retry fails, and keeps the contact message", async () => {
    const resend = fakeResendAccount();
    await resend.alwaysFail(503);
    const { notificationId, email } = await storeContact();

    // The first delivery and MAX_RETRIES retries, as the queue makes them…
    for (let attempt = 1; attempt <= MAX_RETRIES + 1; attempt++) {
      const result = await deliver(resend.env, notificationId, attempt);
      expect(result.retryMessages).toHaveLength(1);
    }
    expect(await row(notificationId)).toMatchObject({ status: "pending", attempts: MAX_RETRIES + 1 });
    // …then the queue hands the message to the dead-letter queue.
    const dead = await deliver(resend.env, notificationId, 1, DEAD_LETTER_QUEUE);
    expect(dead.ackAll).toBe(true);

    const deadRow = await row(notificationId);
    expect(deadRow.status).toBe("dead");
    expect(deadRow.last_error).toContain("503");
    expect((await resend.sent()).emails).toHaveLength(0);
    expect(await contactRowsFor(email)).toHaveLength(1);
  });

  it("sends once when the queue delivers the same message twice, in turn or at once", async () => {
    const resend = fakeResendAccount();
    const first = await storeContact();
    await deliver(resend.env, first.notificationId);
    await deliver(resend.env, first.notificationId);

    const second = await storeContact();
    await Promise.all([deliver(resend.env, second.notificationId), deliver(resend.env, second.notificationId)]);

    const { emails } = await resend.sent();
    expect(emails.map((e) => e.idempotencyKey).sort()).toEqual([first.notificationId, second.notificationId].sort());
    expect(await row(first.notificationId)).toMatchObject({ status: "sent" });
    expect(await row(second.notificationId)).toMatchObject({ status: "sent" });
  });

  it("marks the row failed and acks on a permanent 4xx", async () => {
    const resend = fakeResendAccount();
    await resend.failNext(422);
    const { notificationId } = await storeContact();
    const result = await deliver(resend.env, notificationId);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    expect(await row(notificationId)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await row(notificationId)).last_error).toContain("422");
    // A later redelivery does not resurrect it.
    await deliver(resend.env, notificationId, 2);
    expect((await resend.sent()).attempts).toBe(1);
  });

  it("retries when Resend cannot be reached at all", async () => {
    const { notificationId } = await storeContact();
    const unreachable = { ...env, RESEND_API_KEY: "re_test_unreachable", RESEND_BASE_URL: "http://127.0.0.1:9" } as Env;
    const result = await deliver(unreachable, notificationId);
    expect(result.retryMessages).toHaveLength(1);
    expect(await row(notificationId)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await row(notificationId)).last_error).toContain("network");
  });

  it("classifies provider errors and caps the backoff", () => {
    expect(isRetryable({ statusCode: 500 })).toBe(true);
    expect(isRetryable({ statusCode: 429 })).toBe(true);
    expect(isRetryable({ statusCode: null })).toBe(true);
    expect(isRetryable({ statusCode: 409, name: "concurrent_idempotent_requests" })).toBe(true);
    expect(isRetryable({ statusCode: 409, name: "invalid_idempotent_request" })).toBe(false);
    expect(isRetryable({ statusCode: 403 })).toBe(false);
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(20)).toBe(600);
    expect(retryDelaySeconds(20) / 60).toBeLessThan(STALE_PENDING_MINUTES);
  });

  it("acks a message it cannot use instead of retrying it forever", async () => {
    const batch = createMessageBatch(QUEUE, [
      { id: "bad-1", timestamp: new Date(), attempts: 1, body: { nope: true } },
      { id: "bad-2", timestamp: new Date(), attempts: 1, body: { id: "no-such-notification" } },
    ]);
    const ctx = createExecutionContext();
    await (await builtWorker()).queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["bad-1", "bad-2"]);
  });
});

describe("the local mailbox (no RESEND_API_KEY)", () => {
  it("stores the rendered message once and lists it at /dev/mailbox, escaped", async () => {
    const { notificationId } = await storeContact({ name: "Mailbox <b>Tester</b>" });
    await deliver(env, notificationId);
    await deliver(env, notificationId); // a redelivery stores nothing new
    const { results } = await env.DB.prepare("SELECT * FROM dev_mailbox WHERE notification_id = ?")
      .bind(notificationId)
      .all();
    expect(results).toHaveLength(1);
    expect(await row(notificationId)).toMatchObject({
      status: "sent",
      provider_message_id: `mailbox:${notificationId}`,
    });

    const page = await fetchSite("/dev/mailbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("organizers@example.org");
    expect(html).toContain("Mailbox &lt;b&gt;Tester&lt;/b&gt;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<b>Tester</b>");
    expect(html).not.toContain("<script>alert(1)");
  });

  it("lists the newest message first", async () => {
    const older = await storeContact({ subject: "Older message" });
    const newer = await storeContact({ subject: "Newer message" });
    await deliver(env, older.notificationId);
    await deliver(env, newer.notificationId);
    const html = await (await fetchSite("/dev/mailbox")).text();
    expect(html.indexOf("Newer message")).toBeGreaterThan(-1);
    expect(html.indexOf("Newer message")).toBeLessThan(html.indexOf("Older message"));
  });

  it("carries a message from the form through the real queue into the mailbox", { timeout: 30_000 }, async () => {
    const email = uniqueEmail("roundtrip");
    const response = await fetchSite("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "10.250.0.1" },
      body: new URLSearchParams({
        name: "Round Trip",
        email,
        subject: "",
        message: "Through the queue and back.",
        website: "",
      }).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    await expect
      .poll(
        async () =>
          env.DB.prepare(
            "SELECT n.status AS status, m.reply_to AS replyTo FROM notifications n JOIN dev_mailbox m ON m.notification_id = n.id WHERE json_extract(n.payload, '$.record.email') = ?",
          )
            .bind(email)
            .first(),
        { timeout: 25_000, interval: 250 },
      )
      .toEqual({ status: "sent", replyTo: email });
  });
});

describe("the sweep (cron trigger)", () => {
  it("queues again what is still pending after a while, and only that", async () => {
    const stale = await storeContact();
    const later = new Date(Date.now() + (STALE_PENDING_MINUTES + 1) * 60_000);

    expect(await sweep(new Date())).not.toContain(stale.notificationId);
    expect(await sweep(later)).toContain(stale.notificationId);
    // Touched: the next sweep waits again instead of doubling it.
    expect(await sweep(new Date(later.getTime() + 60_000))).not.toContain(stale.notificationId);

    // A sent row is never swept.
    await deliver(env, stale.notificationId);
    const muchLater = new Date(later.getTime() + 2 * STALE_PENDING_MINUTES * 60_000);
    expect(await sweep(muchLater)).not.toContain(stale.notificationId);
  });

  it("touches more rows than D1 binds in one statement (an announcement's hundreds)", async () => {
    const old = new Date(Date.now() - 2 * STALE_PENDING_MINUTES * 60_000).toISOString();
    const ids = Array.from({ length: 120 }, (_, i) => `stale-announcement-${i}`);
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare(
          "INSERT INTO notifications (id, kind, recipient, subject, payload, status, created_at, updated_at) VALUES (?, 'announcement', ?, 'News', '{}', 'pending', ?, ?)",
        ).bind(id, `${id}@example.com`, old, old),
      ),
    );
    const now = new Date();
    const queued = await sweep(now);
    expect(ids.filter((id) => queued.includes(id))).toHaveLength(120);
    // Every one touched: the next sweep waits again.
    const next = await sweep(new Date(now.getTime() + 60_000));
    expect(ids.filter((id) => next.includes(id))).toHaveLength(0);
  });
});

describe("/dev/* in production", () => {
  it("answers 404", async () => {
    // Every required setting (./production-env.ts), so the 404 is /dev's own and not the misconfiguration page.
    const response = await fetchWithEnv("/dev/mailbox", completeProductionEnv);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Local mailbox");
  });
});
