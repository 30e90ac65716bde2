/**
 * The payment core (issue 8) against real D1 and the real Stripe SDK pointed
 * at the fake Stripe API: server-side prices, Checkout Session parameters,
 * closed enrollment, fulfillment exactly once, the signed webhook, company codes.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sponsorTiersById } from "~/content/pricing";
import { prices } from "../edition-2026";
import { RegistrationSchema, type RegistrationInput } from "~/payments/registration-form";
import { COMPANY_CODE_ALPHABET, COMPANY_CODE_LENGTH } from "~/content/registration";
import { startRegistration, startSponsorship } from "~/payments/checkout.server";
import { PaymentError } from "~/payments/start";
import { generateCompanyCode } from "~/payments/company-codes.server";
import { fulfill } from "~/payments/fulfill.server";
import { checkoutGateway } from "~/payments/gateway.server";
import { verifyPayment } from "~/payments/verify.server";
import {
  confirmationsFor,
  EARLY_BIRD_NOW,
  individual,
  individualFields,
  liveCodes,
  registrationRow,
  sponsor,
  sponsorshipRow,
  uniqueEmail,
  uniqueIp,
  workforce,
} from "./payments-helpers";
import { fakeStripeAccount, type FakeStripeAccount } from "./stripe-fake";
import { fetchWithEnv } from "./worker";

const ORIGIN = "http://localhost";

function options(now = EARLY_BIRD_NOW, userId = `user_${crypto.randomUUID()}`) {
  // The verified-address rule (issue 13) has its own tests in recovery.test.ts.
  return {
    userId,
    origin: ORIGIN,
    now,
    clientIp: uniqueIp(),
    accountEmail: uniqueEmail("account"),
    emailVerified: true,
  };
}

/** A visitor's request, from an IP of its own (verification is limited per client). */
function visitor(ip = uniqueIp()) {
  return new Request("http://localhost/registration-success", { headers: { "cf-connecting-ip": ip } });
}

async function checkout(account: FakeStripeAccount, input: RegistrationInput = individual(), now = EARLY_BIRD_NOW) {
  const result = await startRegistration(account.env, input, options(now));
  if (result.type !== "checkout") throw new Error("expected a checkout");
  return result;
}

/** A paid Workforce registration and its live company code. */
async function paidWorkforce(account: FakeStripeAccount) {
  const started = await checkout(account, workforce());
  await account.pay(started.sessionId);
  await fulfill(account.env, started.sessionId, { now: EARLY_BIRD_NOW });
  const [code] = await liveCodes(started.recordId);
  if (!code) throw new Error("no company code issued");
  return { ...started, code };
}

function postWebhook(account: FakeStripeAccount, delivery: { body: string; signature?: string | null }) {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (delivery.signature) headers["stripe-signature"] = delivery.signature;
  return fetchWithEnv("/api/stripe/webhook", account.env, { method: "POST", headers, body: delivery.body });
}

describe("prices are the server's", () => {
  const cases = [
    ["individual", "2026-01-07T23:59:59-07:00", prices.individual.earlyBird, "earlyBird"],
    ["individual", "2026-01-08T00:00:00-07:00", prices.individual.regular, "regular"],
    ["workforce", "2026-01-07T23:59:59-07:00", prices.workforce.earlyBird, "earlyBird"],
    ["workforce", "2026-01-08T00:00:00-07:00", prices.workforce.regular, "regular"],
  ] as const;
  for (const [plan, at, cents, phase] of cases) {
    it(`charges ${plan} ${cents / 100} USD at ${at} (${phase})`, async () => {
      const account = fakeStripeAccount();
      const input = plan === "individual" ? individual() : workforce();
      const started = await checkout(account, input, new Date(at));
      const row = await registrationRow(started.recordId);
      expect(row).toMatchObject({ amount_cents: cents, pricing_phase: phase, status: "pending", plan });
      const { sessions } = await account.state();
      expect(sessions).toHaveLength(1);
      expect(sessions[0]?.amount_total).toBe(cents);
    });
  }

  it("ignores a priceId, amount or tier the client adds to a registration", async () => {
    const account = fakeStripeAccount();
    const tampered = RegistrationSchema.parse({
      ...individualFields(),
      priceId: "price_one_cent",
      amount: 1,
      amountCents: 1,
      tier: "platinum",
      plan: "workforce",
    });
    expect(tampered).not.toHaveProperty("priceId");
    expect(tampered).not.toHaveProperty("amount");
    const started = await checkout(account, tampered);
    const { sessions, requests } = await account.state();
    expect(sessions[0]?.amount_total).toBe(prices.individual.earlyBird);
    expect(JSON.stringify(requests)).not.toContain("price_one_cent");
    expect(await registrationRow(started.recordId)).toMatchObject({ plan: "individual", amount_cents: 25_000 });
  });

  it("uses the configured Stripe Price for the plan and phase when there is one", async () => {
    const account = fakeStripeAccount({ STRIPE_PRICE_WORKFORCE_REGULAR: "price_workforce_regular" });
    await account.addPrice("price_workforce_regular", prices.workforce.regular);
    await checkout(account, workforce(), new Date("2026-02-01T12:00:00-07:00"));
    const { requests, sessions } = await account.state();
    const create = requests.find((r) => r.path === "/v1/checkout/sessions");
    expect(create?.params.line_items).toEqual([{ price: "price_workforce_regular", quantity: "1" }]);
    expect(sessions[0]?.amount_total).toBe(prices.workforce.regular);
  });

  it("prices a sponsorship by its tier, with a paid invoice", async () => {
    const account = fakeStripeAccount();
    for (const tier of ["platinum", "gold", "silver", "bronze"] as const) {
      const started = await startSponsorship(account.env, sponsor({ sponsorshipTier: tier }), options());
      if (started.type !== "checkout") throw new Error("expected a checkout");
      expect(await sponsorshipRow(started.recordId)).toMatchObject({
        tier,
        amount_cents: sponsorTiersById[tier].cents,
        status: "pending",
        checkout_session_id: started.sessionId,
      });
    }
    const { sessions } = await account.state();
    expect(sessions.map((s) => s.amount_total)).toEqual([5_000_000, 2_500_000, 1_000_000, 500_000]);
    expect(sessions.every((s) => s.invoice_creation?.enabled === true)).toBe(true);
    expect(sessions[0]?.success_url).toBe(`${ORIGIN}/sponsor-success?session_id={CHECKOUT_SESSION_ID}`);
  });
});

describe("checkout session", () => {
  it("writes the pending row first, then a session that names it", async () => {
    const account = fakeStripeAccount();
    const input = individual();
    const started = await checkout(account, input);
    const { sessions, requests } = await account.state();
    const session = sessions[0];
    expect(session).toMatchObject({
      id: started.sessionId,
      client_reference_id: started.recordId,
      customer_email: input.email,
      metadata: { kind: "registration", record_id: started.recordId },
      success_url: `${ORIGIN}/registration-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/register?tab=individual`,
    });
    expect(started.url).toBe(session?.url);
    expect(requests[0]?.idempotencyKey).toBe(`registration:${started.recordId}`);
    expect(await registrationRow(started.recordId)).toMatchObject({
      status: "pending",
      checkout_session_id: started.sessionId,
      company_name: null,
      employer_code: null,
    });
  });

  it("answers the same session for the same idempotency key", async () => {
    const account = fakeStripeAccount();
    const gateway = checkoutGateway(account.env);
    const params = {
      idempotencyKey: `registration:${crypto.randomUUID()}`,
      clientReferenceId: "r1",
      metadata: { kind: "registration", record_id: "r1" },
      customerEmail: "a@example.com",
      successUrl: `${ORIGIN}/registration-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/register`,
      lineItem: { amountCents: 25_000, productName: "Individual" },
    };
    const first = await gateway.create(params);
    const second = await gateway.create(params);
    expect(second.id).toBe(first.id);
    expect((await account.state()).sessions).toHaveLength(1);
  });

  it("refuses while enrollment is closed: nothing stored, Stripe not called", async () => {
    for (const at of ["2025-11-10T08:59:00-07:00", "2026-03-19T00:00:00-06:00"]) {
      const account = fakeStripeAccount();
      const input = individual();
      await expect(startRegistration(account.env, input, options(new Date(at)))).rejects.toMatchObject({
        code: "enrollment_closed",
      });
      expect((await account.state()).requests).toHaveLength(0);
      const count = await env.DB.prepare("SELECT count(*) AS n FROM registrations WHERE email = ?")
        .bind(input.email)
        .first<{ n: number }>();
      expect(count?.n).toBe(0);
    }
  });

  it("is still open through the final deadline's 11:59 PM minute", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account, individual(), new Date("2026-03-18T23:59:59-06:00"));
    expect(started.url).toContain("checkout.stripe.com");
  });

  it("marks the row failed and says so when Stripe refuses the session", async () => {
    const account = fakeStripeAccount();
    await account.failNext(400);
    const input = individual();
    const error = await startRegistration(account.env, input, options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as PaymentError).code).toBe("checkout_failed");
    const row = await env.DB.prepare("SELECT status FROM registrations WHERE email = ?")
      .bind(input.email)
      .first<{ status: string }>();
    expect(row?.status).toBe("failed");
  });
});

describe("fulfill(sessionId)", () => {
  it("does nothing while the session is unpaid", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account);
    expect(await fulfill(account.env, started.sessionId, { now: EARLY_BIRD_NOW })).toMatchObject({
      state: "unpaid",
      fulfilledNow: false,
    });
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "pending", paid_at: null });
    expect(await confirmationsFor(started.recordId)).toHaveLength(0);
  });

  it("marks a paid registration paid and writes one confirmation", async () => {
    const account = fakeStripeAccount();
    const input = individual();
    const started = await checkout(account, input);
    await account.pay(started.sessionId);
    expect(await fulfill(account.env, started.sessionId, { now: EARLY_BIRD_NOW })).toMatchObject({
      state: "paid",
      fulfilledNow: true,
    });
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "paid" });
    const [mail, ...more] = await confirmationsFor(started.recordId);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: "registration-confirmation", recipient: input.email, status: "pending" });
    const payload = JSON.parse(mail!.payload) as Record<string, unknown>;
    expect(payload).toMatchObject({ item: "Individual (Early Bird)", amount: "$250", companyCode: null });
    expect(payload).toMatchObject({ date: "Dec 1, 2025" });
    expect(payload.nextDeadlines).toEqual(expect.arrayContaining([expect.stringContaining("Mar 18, 2026")]));
    expect(await liveCodes(started.recordId)).toHaveLength(0);
  });

  it("fulfills once when called 10 times at once", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account, workforce());
    await account.pay(started.sessionId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => fulfill(account.env, started.sessionId, { now: EARLY_BIRD_NOW })),
    );
    expect(results.every((r) => r.state === "paid")).toBe(true);
    expect(results.filter((r) => r.state !== "unknown" && r.fulfilledNow)).toHaveLength(1);
    expect(await confirmationsFor(started.recordId)).toHaveLength(1);
    expect(await liveCodes(started.recordId)).toHaveLength(1);
  });

  it("issues a Workforce registration its company code, in the confirmation too", async () => {
    const account = fakeStripeAccount();
    const { recordId, code } = await paidWorkforce(account);
    expect(code).toHaveLength(COMPANY_CODE_LENGTH);
    expect([...code].every((c) => COMPANY_CODE_ALPHABET.includes(c))).toBe(true);
    const [mail] = await confirmationsFor(recordId);
    expect(JSON.parse(mail!.payload)).toMatchObject({ companyCode: code, amount: "$5,000" });
    // Issued once: a later fulfillment leaves it as it was.
    const [session] = (await account.state()).sessions;
    await fulfill(account.env, session!.id, { now: EARLY_BIRD_NOW });
    expect(await liveCodes(recordId)).toEqual([code]);
  });

  it("knows nothing of a bogus or foreign session id", async () => {
    const account = fakeStripeAccount();
    expect(await fulfill(account.env, "cs_test_doesnotexist", { now: EARLY_BIRD_NOW })).toEqual({ state: "unknown" });
    expect(await fulfill(account.env, "'; DROP TABLE registrations; --", { now: EARLY_BIRD_NOW })).toEqual({
      state: "unknown",
    });
    const other = fakeStripeAccount();
    const started = await checkout(other);
    await other.pay(started.sessionId);
    expect(await fulfill(account.env, started.sessionId, { now: EARLY_BIRD_NOW })).toEqual({ state: "unknown" });
    expect(await verifyPayment(account.env, "cs_test_bogus", { now: EARLY_BIRD_NOW, request: visitor() })).toEqual({
      success: false,
      paymentStatus: "unknown",
    });
  });

  it("fulfills a paid sponsorship once, with a sponsorship confirmation", async () => {
    const account = fakeStripeAccount();
    const started = await startSponsorship(account.env, sponsor({ sponsorshipTier: "silver" }), options());
    if (started.type !== "checkout") throw new Error("expected a checkout");
    await account.pay(started.sessionId);
    await Promise.all([
      fulfill(account.env, started.sessionId, { now: EARLY_BIRD_NOW }),
      fulfill(account.env, started.sessionId, { now: EARLY_BIRD_NOW }),
    ]);
    expect(await sponsorshipRow(started.recordId)).toMatchObject({ status: "paid" });
    const mails = await confirmationsFor(started.recordId);
    expect(mails.map((m) => m.kind)).toEqual(["sponsorship-confirmation"]);
    expect(JSON.parse(mails[0]!.payload)).toMatchObject({ item: "Silver sponsorship", amount: "$10,000" });
  });
});

describe("POST /api/stripe/webhook", () => {
  it("refuses a missing, wrong or stale signature with 400, changing nothing", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account);
    await account.pay(started.sessionId);
    const delivery = await account.event("checkout.session.completed", { id: started.sessionId });
    const forger = fakeStripeAccount();
    const forged = await forger.event("checkout.session.completed", { id: started.sessionId });
    const tampered = {
      body: delivery.body.replace('"livemode":false', '"livemode":true'),
      signature: delivery.signature,
    };
    for (const attempt of [
      { body: delivery.body, signature: null },
      { body: delivery.body, signature: "t=1,v1=deadbeef" },
      { body: delivery.body, signature: forged.signature },
      tampered,
    ]) {
      const response = await postWebhook(account, attempt);
      expect(response.status).toBe(400);
    }
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "pending" });
    expect(await confirmationsFor(started.recordId)).toHaveLength(0);
    const seen = await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?")
      .bind(delivery.id)
      .first<{ n: number }>();
    expect(seen?.n).toBe(0);
  });

  it("fulfills once when the same event arrives 10 times", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account, workforce());
    await account.pay(started.sessionId);
    const delivery = await account.event("checkout.session.completed", { id: started.sessionId });
    const first = await postWebhook(account, delivery);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    for (let i = 0; i < 9; i++) {
      const again = await postWebhook(account, delivery);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ received: true, duplicate: true });
    }
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "paid" });
    expect(await confirmationsFor(started.recordId)).toHaveLength(1);
    expect(await liveCodes(started.recordId)).toHaveLength(1);
    const events = await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?")
      .bind(delivery.id)
      .first<{ n: number }>();
    expect(events?.n).toBe(1);
  });

  it("fulfills once when the webhook and the success page's verification race", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account, workforce());
    await account.pay(started.sessionId);
    const completed = await account.event("checkout.session.completed", { id: started.sessionId });
    const succeeded = await account.event("checkout.session.async_payment_succeeded", { id: started.sessionId });
    const [a, b, c, d] = await Promise.all([
      postWebhook(account, completed),
      verifyPayment(account.env, started.sessionId, { now: EARLY_BIRD_NOW, request: visitor() }),
      postWebhook(account, succeeded),
      verifyPayment(account.env, started.sessionId, { now: EARLY_BIRD_NOW, request: visitor() }),
    ]);
    expect([a.status, c.status]).toEqual([200, 200]);
    expect(b).toMatchObject({ success: true, paymentStatus: "completed" });
    expect(d).toMatchObject({ success: true, paymentStatus: "completed" });
    expect(await confirmationsFor(started.recordId)).toHaveLength(1);
    expect(await liveCodes(started.recordId)).toHaveLength(1);
  });

  it("waits for a delayed payment, then fulfills on async_payment_succeeded", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account);
    await account.pay(started.sessionId, "unpaid");
    const completed = await account.event("checkout.session.completed", { id: started.sessionId });
    expect((await postWebhook(account, completed)).status).toBe(200);
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "pending" });
    expect(
      await verifyPayment(account.env, started.sessionId, { now: EARLY_BIRD_NOW, request: visitor() }),
    ).toMatchObject({
      success: true,
      paymentStatus: "pending",
    });
    await account.pay(started.sessionId, "paid");
    const succeeded = await account.event("checkout.session.async_payment_succeeded", { id: started.sessionId });
    expect((await postWebhook(account, succeeded)).status).toBe(200);
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "paid" });
    expect(await confirmationsFor(started.recordId)).toHaveLength(1);
  });

  it("marks the row failed when a delayed payment fails", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account);
    await account.pay(started.sessionId, "unpaid");
    const failed = await account.event("checkout.session.async_payment_failed", { id: started.sessionId });
    expect((await postWebhook(account, failed)).status).toBe(200);
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "failed", paid_at: null });
    expect(await confirmationsFor(started.recordId)).toHaveLength(0);
  });

  it("leaves an expired session's row unpaid", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account);
    await account.expire(started.sessionId);
    const expired = await account.event("checkout.session.expired", { id: started.sessionId });
    expect((await postWebhook(account, expired)).status).toBe(200);
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "expired", paid_at: null });
    expect(
      await verifyPayment(account.env, started.sessionId, { now: EARLY_BIRD_NOW, request: visitor() }),
    ).toMatchObject({
      paymentStatus: "expired",
    });
    expect(await confirmationsFor(started.recordId)).toHaveLength(0);
  });

  it("never unpays a paid row on a late expiry event", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account);
    await account.pay(started.sessionId);
    await fulfill(account.env, started.sessionId, { now: EARLY_BIRD_NOW });
    const expired = await account.event("checkout.session.expired", { id: started.sessionId });
    expect((await postWebhook(account, expired)).status).toBe(200);
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "paid" });
  });
});

describe("company codes", () => {
  it("are 12 characters of an unambiguous alphabet, and random", () => {
    const codes = new Set(Array.from({ length: 2000 }, () => generateCompanyCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${COMPANY_CODE_ALPHABET}]{12}$`));
    expect(COMPANY_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
  });

  it("are unique per organization", async () => {
    const account = fakeStripeAccount();
    const a = await paidWorkforce(account);
    const b = await paidWorkforce(account);
    expect(a.code).not.toBe(b.code);
  });

  it("enroll an individual with a valid code, without payment", async () => {
    const account = fakeStripeAccount();
    const organization = await paidWorkforce(account);
    const requestsBefore = (await account.state()).requests.length;
    const typed = `${organization.code.slice(0, 4).toLowerCase()}-${organization.code.slice(4, 8)} ${organization.code.slice(8)}`;
    const input = individual({ employerCode: typed });
    const result = await startRegistration(account.env, input, options());
    expect(result.type).toBe("enrolled");
    if (result.type !== "enrolled") return;
    expect((await account.state()).requests).toHaveLength(requestsBefore);
    expect(await registrationRow(result.registrationId)).toMatchObject({
      status: "enrolled",
      amount_cents: 0,
      employer_code: organization.code,
      organization_registration_id: organization.recordId,
      checkout_session_id: null,
    });
    const mails = await confirmationsFor(result.registrationId);
    expect(mails.map((m) => m.kind)).toEqual(["enrollment-confirmation"]);
  });

  it("refuse an unknown code as a field error, storing nothing", async () => {
    const account = fakeStripeAccount();
    const input = individual({ employerCode: generateCompanyCode() });
    const error = await startRegistration(account.env, input, options()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "unknown_company_code", field: "employerCode" });
    expect((await account.state()).requests).toHaveLength(0);
  });

  it("do not exist before the Workforce Package is paid", async () => {
    const account = fakeStripeAccount();
    const started = await checkout(account, workforce());
    expect(await fulfill(account.env, started.sessionId, { now: EARLY_BIRD_NOW })).toMatchObject({ state: "unpaid" });
    expect(await liveCodes(started.recordId)).toHaveLength(0);
  });

  it("limit guessing per client IP", async () => {
    const account = fakeStripeAccount();
    const ip = uniqueIp();
    const codes: string[] = [];
    for (let i = 0; i < 15; i++) {
      const error = await startRegistration(account.env, individual({ employerCode: generateCompanyCode() }), {
        ...options(),
        clientIp: ip,
      }).catch((e: PaymentError) => e.code);
      codes.push(error as string);
    }
    expect(codes).toContain("rate_limited");
    expect(codes.slice(0, 5).every((c) => c === "unknown_company_code")).toBe(true);
  });
});
