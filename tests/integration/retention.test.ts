import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { dataRetentionById } from "~/content/legal";
import type { RegistrationStatus, SubscriberStatus } from "~/db/schema";
import { createContactSubmission, createNotification, createRegistration, createSubscriber } from "./factories";
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

function insertRegistration(id: string, status: RegistrationStatus, createdAt: string) {
  return createRegistration({
    id,
    userId: "user-1",
    amountCents: 25000,
    status,
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "208-555-0100",
    createdAt,
    paidAt: null,
  });
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
    await createContactSubmission({
      name: "Old",
      email: "old@example.com",
      message: "An old message here",
      created_at: justOutside(months),
    });
    await createContactSubmission({
      name: "New",
      email: "new@example.com",
      message: "A newer message here",
      created_at: justInside(months),
    });
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
    await createNotification({ id: "sent-old", recipient: "a@example.com", status: "sent", createdAt: old });
    await createNotification({ id: "pending-old", recipient: "a@example.com", status: "pending", createdAt: old });
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

  function insertSubscriber(
    id: string,
    status: SubscriberStatus,
    updatedAt: string,
    unsubscribedAt: string | null = null,
  ) {
    return createSubscriber({
      id,
      email: `${id}@example.com`,
      status,
      unsubscribeNonce: "n",
      updatedAt,
      unsubscribedAt,
    });
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
