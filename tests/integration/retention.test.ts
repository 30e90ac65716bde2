import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { dataRetentionById } from "~/content/legal";
import { builtWorker } from "./worker";
import {
  ABANDONED_CHECKOUT_HOURS,
  DATA_LIFECYCLE_CRON,
  monthsBefore,
  runDataLifecycle,
} from "~/retention/records.server";

const now = new Date("2027-06-15T12:00:00.000Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const monthsAgo = (months: number) => monthsBefore(now, months);
const justInside = (months: number) => new Date(new Date(monthsAgo(months)).getTime() + 60_000).toISOString();
const justOutside = (months: number) => new Date(new Date(monthsAgo(months)).getTime() - 60_000).toISOString();

async function count(sql: string): Promise<number> {
  return (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? -1;
}

function insertRegistration(id: string, status: string, createdAt: string) {
  return env.DB.prepare(
    `INSERT INTO registrations (id, user_id, registration_type, plan, pricing_phase, amount_cents, status, first_name, last_name, email, phone, created_at)
     VALUES (?1, 'user-1', 'individual', 'individual', 'earlyBird', 25000, ?2, 'Ada', 'Lovelace', 'ada@example.com', '208-555-0100', ?3)`,
  )
    .bind(id, status, createdAt)
    .run();
}

describe("the data lifecycle job", () => {
  beforeEach(async () => {
    await env.DB.batch([
      env.DB.prepare("DELETE FROM company_codes"),
      env.DB.prepare("DELETE FROM registrations"),
      env.DB.prepare("DELETE FROM contact_submissions"),
      env.DB.prepare("DELETE FROM notifications"),
    ]);
  });

  it("expires checkouts abandoned for longer than a Stripe session lives, and only those", async () => {
    await insertRegistration("stale", "pending", hoursAgo(ABANDONED_CHECKOUT_HOURS + 1));
    await insertRegistration("recent", "pending", hoursAgo(ABANDONED_CHECKOUT_HOURS - 1));
    await insertRegistration("paid", "paid", hoursAgo(ABANDONED_CHECKOUT_HOURS + 5));
    const report = await runDataLifecycle(env.DB, now);
    expect(report.expiredCheckouts.registrations).toBe(1);
    const statuses = await env.DB.prepare("SELECT id, status FROM registrations ORDER BY id").all<{
      id: string;
      status: string;
    }>();
    expect(statuses.results).toEqual([
      { id: "paid", status: "paid" },
      { id: "recent", status: "pending" },
      { id: "stale", status: "expired" },
    ]);
  });

  it("deletes contact messages past the privacy policy's period, keeps newer ones", async () => {
    const months = dataRetentionById["contact-messages"].months;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO contact_submissions (name, email, message, created_at) VALUES ('Old', 'old@example.com', 'An old message here', ?1)",
      ).bind(justOutside(months)),
      env.DB.prepare(
        "INSERT INTO contact_submissions (name, email, message, created_at) VALUES ('New', 'new@example.com', 'A newer message here', ?1)",
      ).bind(justInside(months)),
    ]);
    await runDataLifecycle(env.DB, now);
    const names = await env.DB.prepare("SELECT name FROM contact_submissions").all<{ name: string }>();
    expect(names.results.map((row) => row.name)).toEqual(["New"]);
  });

  it("removes personal details from old payment records but keeps their amounts", async () => {
    const months = dataRetentionById["registration-payment-records"].months;
    await insertRegistration("ancient", "paid", justOutside(months));
    await insertRegistration("kept", "paid", justInside(months));
    const report = await runDataLifecycle(env.DB, now);
    expect(report.retention.find((r) => r.id === "registration-payment-records")?.rows).toBe(1);
    const ancient = await env.DB.prepare("SELECT * FROM registrations WHERE id = 'ancient'").first<
      Record<string, unknown>
    >();
    expect(ancient).toMatchObject({ first_name: "", last_name: "", email: "", phone: "", amount_cents: 25000 });
    const kept = await env.DB.prepare("SELECT email FROM registrations WHERE id = 'kept'").first<{ email: string }>();
    expect(kept?.email).toBe("ada@example.com");
  });

  it("never prunes a notification that is still waiting to be sent", async () => {
    const old = justOutside(dataRetentionById["email-notifications"].months);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO notifications (id, kind, recipient, subject, payload, status, created_at) VALUES ('sent-old', 'contact', 'a@example.com', 's', '{}', 'sent', ?1), ('pending-old', 'contact', 'a@example.com', 's', '{}', 'pending', ?1)",
      ).bind(old),
    ]);
    await runDataLifecycle(env.DB, now);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE id = 'sent-old'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE id = 'pending-old'")).toBe(1);
  });

  it("is what the daily trigger of the built worker runs", async () => {
    await insertRegistration("stale", "pending", hoursAgo(ABANDONED_CHECKOUT_HOURS + 1));
    const worker = await builtWorker();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: DATA_LIFECYCLE_CRON }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await count("SELECT count(*) AS n FROM registrations WHERE status = 'expired'")).toBe(1);
  });
});

describe("the next-edition list's retention", () => {
  const daysAgo = (days: number, minutes = 0) =>
    new Date(now.getTime() - days * 86_400_000 - minutes * 60_000).toISOString();

  function insertSubscriber(id: string, status: string, updatedAt: string, unsubscribedAt: string | null = null) {
    return env.DB.prepare(
      `INSERT INTO next_edition_subscribers (id, email, status, unsubscribe_nonce, updated_at, unsubscribed_at)
       VALUES (?1, ?1 || '@example.com', ?2, 'n', ?3, ?4)`,
    )
      .bind(id, status, updatedAt, unsubscribedAt)
      .run();
  }

  it("deletes unconfirmed sign-ups and unsubscribed addresses after their periods, and keeps confirmed ones", async () => {
    await env.DB.prepare("DELETE FROM next_edition_subscribers").run();
    const unconfirmed = dataRetentionById["next-edition-unconfirmed"].days ?? -1;
    const unsubscribed = dataRetentionById["next-edition-unsubscribed"].days ?? -1;
    await insertSubscriber("unconfirmed-old", "unconfirmed", daysAgo(unconfirmed, 1));
    await insertSubscriber("unconfirmed-new", "unconfirmed", daysAgo(unconfirmed, -1));
    await insertSubscriber("unsubscribed-old", "unsubscribed", daysAgo(0), daysAgo(unsubscribed, 1));
    await insertSubscriber("unsubscribed-new", "unsubscribed", daysAgo(0), daysAgo(unsubscribed, -1));
    await insertSubscriber("confirmed-old", "confirmed", daysAgo(900));
    const report = await runDataLifecycle(env.DB, now);
    expect(report.retention.find((r) => r.id === "next-edition-unconfirmed")?.rows).toBe(1);
    expect(report.retention.find((r) => r.id === "next-edition-unsubscribed")?.rows).toBe(1);
    const { results } = await env.DB.prepare("SELECT id FROM next_edition_subscribers ORDER BY id").all<{
      id: string;
    }>();
    expect(results.map((r) => r.id)).toEqual(["confirmed-old", "unconfirmed-new", "unsubscribed-new"]);
  });
});
