/**
 * The payment pages through the built worker (issue 8): /register's tabs,
 * badge, login prompt and closed wording; the local stand-in checkout; the
 * success pages' verification; the JSON API's refusals.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RegistrationInput } from "~/payments/registration-form";
import { startRegistration, startSponsorship } from "~/payments/checkout.server";
import {
  EARLY_BIRD_NOW,
  individual,
  registrationRow,
  sponsor,
  sponsorshipRow,
  uniqueIp,
  workforce,
} from "./payments-helpers";
import { confirmationsFor, liveCodes } from "./payments-helpers";
import { completeProductionEnv } from "./production-env";
import { fakeStripeAccount } from "./stripe-fake";
import { fetchSite, fetchWithEnv } from "./worker";
import { expectHtmlNotToContain, expectHtmlToContain } from "./html";
import { withSiteEditions } from "./site-editions";

const EARLY = { APP_NOW: "2025-12-01T12:00:00-07:00" };

async function page(path: string, overrides: Partial<Env> = EARLY) {
  const response = await fetchWithEnv(path, overrides);
  return { response, html: await response.text() };
}

/** A checkout on the local stand-in (no STRIPE_SECRET_KEY), as the /register action starts it. */
async function standInCheckout(input: RegistrationInput = individual()) {
  const started = await startRegistration(withSiteEditions(env), input, {
    userId: `user_${crypto.randomUUID()}`,
    origin: "http://localhost",
    now: EARLY_BIRD_NOW,
    clientIp: uniqueIp(),
    accountEmail: "account@example.com",
    emailVerified: true,
  });
  if (started.type !== "checkout") throw new Error("expected a checkout");
  return started;
}

function payOnStandIn(url: string) {
  return fetchWithEnv(new URL(url).pathname, EARLY, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    body: "",
    redirect: "manual",
  });
}

describe("GET /register", () => {
  it("selects Individual by default and for any tab value but workforce", async () => {
    for (const path of ["/register", "/register?tab=individual", "/register?tab=nonsense"]) {
      const { response, html } = await page(path);
      expect(response.status).toBe(200);
      expect(html).toMatch(/<a[^>]+aria-current="page"[^>]*>Individual<\/a>/);
      expectHtmlToContain(
        html,
        'name="registrationType" value="individual"',
        'data-testid="register-price-individual">$250<',
      );
    }
  });

  it("selects the Workforce Package with ?tab=workforce, as links that work without JavaScript", async () => {
    const { html } = await page("/register?tab=workforce");
    expect(html).toMatch(/<a[^>]+aria-current="page"[^>]*>Workforce Package<\/a>/);
    expectHtmlToContain(
      html,
      'href="/register?tab=individual"',
      'name="registrationType" value="workforce"',
      'data-testid="register-price-workforce">$5,000<',
      'name="employerWebsite"',
    );
  });

  it("shows the pricing badge and amounts of the phase the clock is in", async () => {
    const early = await page("/register?tab=workforce", { APP_NOW: "2026-01-07T23:59:00-07:00" });
    expectHtmlToContain(early.html, "Early Bird<!-- --> pricing", ">$5,000<");
    const regular = await page("/register?tab=workforce", { APP_NOW: "2026-01-08T00:00:00-07:00" });
    expectHtmlToContain(regular.html, "Regular<!-- --> pricing", ">$6,000<");
    const individualRegular = await page("/register", { APP_NOW: "2026-01-08T00:00:00-07:00" });
    expectHtmlToContain(individualRegular.html, ">$300<");
  });

  it("invites a signed-out visitor to log in", async () => {
    const { html } = await page("/register");
    expectHtmlToContain(html, 'data-testid="login-prompt"', 'href="/auth');
  });

  it("says enrollment is closed, with no form, outside the enrollment window", async () => {
    for (const at of ["2025-11-01T12:00:00-06:00", "2026-03-19T00:00:00-06:00"]) {
      const { html } = await page("/register", { APP_NOW: at });
      expectHtmlToContain(html, "Enrollment is closed");
      expectHtmlNotToContain(html, 'name="registrationType"');
    }
  });

  it("has labelled fields, no browser validation and no maxlength, and hydrates", async () => {
    const { html } = await page("/register");
    expectHtmlToContain(html, "noValidate", 'for="register-individual-firstName"', "(optional)");
    expect(html).not.toMatch(/maxlength=/i);
    expect(html).toMatch(/<script[^>]+nonce=/);
  });
});

describe("the local stand-in checkout", () => {
  it("shows the plan and amount with a Pay button and a cancel link", async () => {
    const started = await standInCheckout(workforce());
    expect(started.url).toMatch(/^http:\/\/localhost\/dev\/checkout\/cs_local_[0-9a-f]{48}$/);
    const { response, html } = await page(new URL(started.url).pathname);
    expect(response.status).toBe(200);
    expectHtmlToContain(
      html,
      "Workforce Package (Early Bird)",
      ">$5,000<",
      ">Pay <!-- -->$5,000<",
      'href="http://localhost/register?tab=workforce"',
    );
  });

  it("completes on Pay through fulfill() and returns to the success url with session_id", async () => {
    const started = await standInCheckout(workforce());
    const response = await payOnStandIn(started.url);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `http://localhost/registration-success?session_id=${started.sessionId}`,
    );
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "paid" });
    expect(await liveCodes(started.recordId)).toHaveLength(1);
    // Paying twice (a double click, the back button) fulfills nothing twice.
    expect((await payOnStandIn(started.url)).status).toBe(303);
    expect(await confirmationsFor(started.recordId)).toHaveLength(1);
  });

  it("answers 404 for an unknown id, with Stripe configured, and in production", async () => {
    const started = await standInCheckout();
    const path = new URL(started.url).pathname;
    expect((await page("/dev/checkout/cs_local_0000")).response.status).toBe(404);
    expect((await page(path, { ...EARLY, STRIPE_SECRET_KEY: "sk_test_x" })).response.status).toBe(404);
    expect((await fetchWithEnv(path, { ENVIRONMENT: "production" })).status).not.toBe(200);
  });
});

describe("GET /registration-success", () => {
  it("confirms a paid session, without details for a visitor who is not its owner", async () => {
    const started = await standInCheckout(workforce());
    await payOnStandIn(started.url);
    const { html } = await page(`/registration-success?session_id=${started.sessionId}`);
    expectHtmlToContain(
      html,
      "Payment Successful!",
      'data-payment-status="completed"',
      'href="/submission-guidelines"',
    );
    expectHtmlNotToContain(html, 'data-testid="purchase-details"', 'data-testid="company-code"', "$5,000");
    const [code] = await liveCodes(started.recordId);
    expectHtmlNotToContain(html, code!.slice(0, 4));
  });

  it("fulfills on verification when the webhook has not come yet", async () => {
    const started = await standInCheckout();
    await env.DB.prepare("UPDATE dev_checkout_sessions SET status = 'complete', payment_status = 'paid' WHERE id = ?")
      .bind(started.sessionId)
      .run();
    const { html } = await page(`/registration-success?session_id=${started.sessionId}`);
    expectHtmlToContain(html, "Payment Successful!");
    expect(await registrationRow(started.recordId)).toMatchObject({ status: "paid" });
    expect(await confirmationsFor(started.recordId)).toHaveLength(1);
  });

  it("does not claim payment for an unpaid session", async () => {
    const started = await standInCheckout();
    const { html } = await page(`/registration-success?session_id=${started.sessionId}`);
    expectHtmlToContain(html, 'data-payment-status="pending"', "Payment Processing");
    expectHtmlNotToContain(html, "Payment Successful!");
  });

  it("shows 'Verification Error' for a bogus or missing session_id, and does not crash", async () => {
    for (const path of [
      "/registration-success?session_id=cs_test_bogus",
      "/registration-success?session_id=%3Cscript%3E",
      "/registration-success",
    ]) {
      const { response, html } = await page(path);
      expect(response.status).toBe(200);
      expectHtmlToContain(html, "Verification Error", "Unable to verify payment status. Please contact support.");
      expectHtmlNotToContain(html, "Payment Successful!");
    }
  });

  it("shows 'Verification Error' when Stripe cannot be reached", async () => {
    const account = fakeStripeAccount({ ...EARLY, STRIPE_API_BASE: "http://127.0.0.1:9" });
    const response = await fetchWithEnv("/registration-success?session_id=cs_test_abc", account.env);
    expectHtmlToContain(await response.text(), "Verification Error");
  });
});

describe("GET /sponsor-success", () => {
  it("verifies the session once and offers the way back", async () => {
    const started = await startSponsorship(withSiteEditions(env), sponsor({ sponsorshipTier: "bronze" }), {
      userId: "user_sponsor",
      origin: "http://localhost",
      now: EARLY_BIRD_NOW,
      clientIp: uniqueIp(),
      accountEmail: "sponsor-account@example.com",
    });
    if (started.type !== "checkout") throw new Error("expected a checkout");
    const pay = await payOnStandIn(started.url);
    expect(pay.headers.get("location")).toBe(`http://localhost/sponsor-success?session_id=${started.sessionId}`);
    for (let i = 0; i < 3; i++) {
      const { html } = await page(`/sponsor-success?session_id=${started.sessionId}`);
      expectHtmlToContain(
        html,
        'data-payment-status="completed"',
        'href="/"',
        'href="/sponsors#tiers"',
        "View Sponsorship Tiers",
      );
    }
    expect(await sponsorshipRow(started.recordId)).toMatchObject({ status: "paid", amount_cents: 500_000 });
    expect(await confirmationsFor(started.recordId)).toHaveLength(1);
  });
});

describe("the JSON API", () => {
  it("refuses to start a payment for a signed-out caller", async () => {
    for (const call of ["create-registration-payment", "create-sponsor-payment"]) {
      const response = await fetchSite(`/api/payments/${call}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(call.includes("sponsor") ? sponsor() : individual()),
      });
      expect(response.status).toBe(401);
    }
  });

  it("verifies by session id, answering only success and paymentStatus", async () => {
    const started = await standInCheckout();
    await payOnStandIn(started.url);
    const verify = (sessionId: unknown) =>
      fetchWithEnv("/api/payments/verify-registration-payment", EARLY, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sessionId }),
      });
    const paid = await verify(started.sessionId);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ success: true, paymentStatus: "completed" });
    const bogus = await verify("cs_test_bogus");
    expect(await bogus.json()).toEqual({ success: false, paymentStatus: "unknown" });
    expect((await verify(undefined)).status).toBe(400);
  });
});

describe("production configuration", () => {
  it("refuses to serve without the Stripe secrets", async () => {
    for (const missing of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      const response = await fetchWithEnv("/register", { ...completeProductionEnv, [missing]: undefined });
      expect(response.status).toBe(500);
      await response.text();
    }
    const complete = await fetchWithEnv("/register", completeProductionEnv);
    expect(complete.status).toBe(200);
    await complete.text();
  });
});
