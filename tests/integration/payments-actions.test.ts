/**
 * The signed-in payment forms through the built worker (issue 8): the
 * /register and /sponsor-register actions and the JSON API, with JavaScript
 * (the checkout url comes back to open in a new tab) and without (a 303),
 * tampered fields, closed enrollment, company codes, and who sees what on
 * the success page. No STRIPE_SECRET_KEY: the local stand-in checkout.
 */
import { describe, expect, it } from "vitest";
import { createVerifiedAccount, inOneRateLimitWindow, postForm } from "./auth-helpers";
import {
  individualFields,
  registrationRowsFor,
  sponsorFields,
  uniqueEmail,
  uniqueIp,
  workforceFields,
} from "./payments-helpers";
import { fetchWithEnv } from "./worker";
import { expectHtmlNotToContain, expectHtmlToContain } from "./html";

const EARLY = { APP_NOW: "2025-12-01T12:00:00-07:00" };

function post(
  path: string,
  fields: Record<string, string>,
  { cookie, ip = uniqueIp(), appNow = EARLY.APP_NOW }: { cookie?: string; ip?: string; appNow?: string } = {},
) {
  return postForm(path, fields, { ip, cookie, appNow });
}

function get(path: string, cookie?: string) {
  return fetchWithEnv(path, EARLY, { headers: cookie ? { cookie } : {} });
}

async function account() {
  // Verified: these tests buy Workforce Packages and use company codes (issue 13's rule is tested in recovery.test.ts).
  return createVerifiedAccount(uniqueEmail("payer"), "a good passphrase", uniqueIp());
}

/** Pays on the stand-in and answers the success page's path. */
async function pay(checkoutUrl: string): Promise<string> {
  const response = await post(new URL(checkoutUrl).pathname, {});
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("location") ?? "");
  return `${location.pathname}${location.search}`;
}

describe("POST /register", () => {
  it("sends a signed-out visitor to /auth with 'Authentication Required', storing nothing", async () => {
    const fields = individualFields();
    const response = await post("/register", fields);
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toMatch(/^\/auth/);
    expect(await registrationRowsFor(fields.email!)).toHaveLength(0);
  });

  it("without JavaScript: 303 to checkout, the row pending at the server's price whatever the form adds", async () => {
    const cookie = await account();
    const fields = individualFields({ priceId: "price_one_cent", amount: "1", plan: "workforce", tier: "platinum" });
    const response = await post("/register", fields, { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^http:\/\/localhost\/dev\/checkout\/cs_local_[0-9a-f]{48}$/);
    const [row, ...more] = await registrationRowsFor(fields.email!);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      plan: "individual",
      amount_cents: 25_000,
      status: "pending",
      pricing_phase: "earlyBird",
    });
    expect(row?.user_id).toBeTruthy();
  });

  it("with JavaScript: answers the page with the checkout link to open in a new tab", async () => {
    const cookie = await account();
    const fields = workforceFields({ _enhanced: "1" });
    const response = await post("/register?tab=workforce", fields, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expectHtmlToContain(
      html,
      'data-testid="checkout-handoff"',
      "Continue to payment",
      'href="http://localhost/dev/checkout/cs_local_',
    );
    expect(await registrationRowsFor(fields.email!)).toMatchObject([{ plan: "workforce", amount_cents: 500_000 }]);
  });

  it("re-renders field errors without storing anything", async () => {
    const cookie = await account();
    const fields = workforceFields({ employerWebsite: "not a url", firstName: "", email: "nope" });
    const response = await post("/register?tab=workforce", fields, { cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expectHtmlToContain(
      html,
      "First name is required",
      "Please enter a valid email address",
      "Please enter a valid URL",
    );
    expectHtmlToContain(html, 'aria-invalid="true"');
    expect(await registrationRowsFor("nope")).toHaveLength(0);
  });

  it("refuses while enrollment is closed, with 'Registration Failed'", async () => {
    const cookie = await account();
    const fields = individualFields();
    const response = await post("/register", fields, { cookie, appNow: "2026-03-19T00:00:00-06:00" });
    expect(response.status).toBe(403);
    const html = await response.text();
    expectHtmlToContain(html, "Registration Failed", "Enrollment for the 2026 Challenge has closed.");
    expect(await registrationRowsFor(fields.email!)).toHaveLength(0);
  });

  it("answers an unknown company code with a field error", async () => {
    const cookie = await account();
    const fields = individualFields({ employerCode: "ABCD-EFGH-JKMN" });
    const response = await post("/register", fields, { cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expectHtmlToContain(html, "We couldn&#x27;t find that company code", "Registration Failed");
    expect(html).toMatch(
      /<input[^>]+aria-invalid="true"[^>]+name="employerCode"|<input[^>]+name="employerCode"[^>]+aria-invalid="true"/,
    );
    expect(await registrationRowsFor(fields.email!)).toHaveLength(0);
  });

  it("limits company-code guesses with a 429, Retry-After and the message under the field", async () => {
    const cookie = await account();
    const last = await inOneRateLimitWindow(async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 10; i++) {
        const guess = await post("/register", individualFields({ employerCode: "ABCD-EFGH-JKMN" }), { cookie, ip });
        expect(guess.status).toBe(400);
        await guess.text();
      }
      return post("/register", individualFields({ employerCode: "ABCD-EFGH-JKMN" }), { cookie, ip });
    });
    expect(last.status).toBe(429);
    expect(last.headers.get("retry-after")).toBe("60");
    const html = await last.text();
    expectHtmlToContain(html, "Registration Failed", "Too many company code attempts.");
    expect(html).toMatch(
      /<input[^>]+aria-invalid="true"[^>]+name="employerCode"|<input[^>]+name="employerCode"[^>]+aria-invalid="true"/,
    );
  });

  it("shows the owner what was bought and the company code; nobody else", async () => {
    const owner = await account();
    const response = await post("/register?tab=workforce", workforceFields({ companyName: "Palouse Labs" }), {
      cookie: owner,
    });
    const successPath = await pay(response.headers.get("location")!);
    const mine = await (await get(successPath, owner)).text();
    expectHtmlToContain(mine, "Payment Successful!", 'data-testid="paid-amount">$5,000<', "Palouse Labs");
    const code = /data-testid="company-code"[^>]*>([A-Z2-9-]{14})</.exec(mine)?.[1];
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const stranger = await account();
    for (const html of [await (await get(successPath, stranger)).text(), await (await get(successPath)).text()]) {
      expectHtmlToContain(html, "Payment Successful!");
      expectHtmlNotToContain(html, code!, "$5,000", "Palouse Labs");
    }

    // An employee with that code is enrolled without checkout.
    const employee = await account();
    const fields = individualFields({ employerCode: code!.toLowerCase() });
    const enrolled = await post("/register", fields, { cookie: employee });
    expect(enrolled.status).toBe(303);
    const location = enrolled.headers.get("location")!;
    expect(location).toMatch(/^\/registration-success\?registration_id=/);
    expect(await registrationRowsFor(fields.email!)).toMatchObject([{ status: "enrolled", amount_cents: 0 }]);
    expectHtmlToContain(await (await get(location, employee)).text(), "You&#x27;re Enrolled!", "Palouse Labs");
    expectHtmlNotToContain(await (await get(location, stranger)).text(), "You&#x27;re Enrolled!", "Palouse Labs");
  });
});

describe("POST /sponsor-register", () => {
  it("refuses an unknown tier and prices a known one by the server's table", async () => {
    const cookie = await account();
    const bad = await post("/sponsor-register", sponsorFields({ sponsorshipTier: "diamond" }), { cookie });
    expect(bad.status).toBe(400);
    expectHtmlToContain(await bad.text(), "Please choose a sponsorship tier");

    const fields = sponsorFields({ sponsorshipTier: "bronze", amount: "1", priceId: "price_x" });
    const response = await post("/sponsor-register", fields, { cookie });
    expect(response.status).toBe(303);
    const success = await pay(response.headers.get("location")!);
    expect(success).toMatch(/^\/sponsor-success\?session_id=cs_local_/);
    const html = await (await get(success, cookie)).text();
    expectHtmlToContain(html, 'data-payment-status="completed"', 'data-testid="paid-amount">$5,000<');
  });

  it("with JavaScript: 'Redirecting to Payment' and the link to checkout", async () => {
    const cookie = await account();
    const response = await post("/sponsor-register", sponsorFields({ _enhanced: "1" }), { cookie });
    expect(response.status).toBe(200);
    expectHtmlToContain(
      await response.text(),
      "Redirecting to Payment",
      "Opening checkout in a new tab...",
      'data-testid="checkout-handoff"',
    );
  });

  it("refuses after the finals as /register refuses: 'Registration Failed' and the reason", async () => {
    const cookie = await account();
    const fields = sponsorFields();
    const response = await post("/sponsor-register", fields, { cookie, appNow: "2026-11-23T12:00:00-07:00" });
    expect(response.status).toBe(403);
    expectHtmlToContain(await response.text(), "Registration Failed", "Sponsorships for the ");
  });

  it("sends a signed-out visitor to /auth", async () => {
    const response = await post("/sponsor-register", sponsorFields());
    expect(response.headers.get("location")).toMatch(/^\/auth/);
  });
});

describe("POST /api/payments/create-registration-payment", () => {
  it("answers { url } at the server's price for a signed-in caller, ignoring a priceId", async () => {
    const cookie = await account();
    const fields = individualFields();
    const body = { ...fields, priceId: "price_one_cent", amount: 1 };
    const response = await fetchWithEnv("/api/payments/create-registration-payment", EARLY, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "cf-connecting-ip": uniqueIp() },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/\/dev\/checkout\/cs_local_/);
    expect(await registrationRowsFor(fields.email!)).toMatchObject([{ amount_cents: 25_000 }]);
  });

  it("answers 403 with the reason while enrollment is closed", async () => {
    const cookie = await account();
    const response = await fetchWithEnv(
      "/api/payments/create-registration-payment",
      { APP_NOW: "2025-11-01T12:00:00-06:00" },
      {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(individualFields()),
      },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "enrollment_closed" });
  });
});
