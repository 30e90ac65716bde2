/**
 * Paying by invoice (issue 53, ADR 025) against real D1 and the real Stripe
 * SDK pointed at the fake Stripe API: the invoice as Stripe receives it, one
 * invoice per request however often it is submitted, fulfilment exactly once
 * whatever the order and number of invoice.* events, forged events refused,
 * void and overdue, and the request form's messages with and without JavaScript.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { invoiceMessages } from "~/content/invoices";
import { InvoiceRequestSchema, type InvoiceRequestInput } from "~/payments/invoice-form";
import { markOverdueInvoices, requestInvoice, settleInvoice } from "~/payments/invoices.server";
import { invoiceGateway } from "~/payments/invoice-gateway.server";
import { createVerifiedAccount, postForm } from "./auth-helpers";
import { startRegistration, startSponsorship } from "~/payments/checkout.server";
import {
  confirmationsFor,
  EARLY_BIRD_NOW,
  individual,
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
import { renderNotification } from "~/notifications/kinds.server";
import { invoiceFields, invoiceRow, openInvoice } from "./invoices-helpers";
import { api, auditSince, deskGet, lastAuditId, organizer, tokenOf } from "./organize-helpers";
import { escapedAsReact } from "./html";

const PO = "PO-2026-0413";

const parse = (overrides: Record<string, string> = {}): InvoiceRequestInput =>
  InvoiceRequestSchema.parse(invoiceFields(overrides));

function options(userId = `user_${crypto.randomUUID()}`) {
  return {
    userId,
    origin: "http://localhost",
    now: EARLY_BIRD_NOW,
    clientIp: uniqueIp(),
    accountEmail: uniqueEmail("account"),
    emailVerified: true,
  };
}

function postWebhook(account: FakeStripeAccount, delivery: { body: string; signature?: string | null }) {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (delivery.signature) headers["stripe-signature"] = delivery.signature;
  return fetchWithEnv("/api/stripe/webhook", account.env, { method: "POST", headers, body: delivery.body });
}

async function processingMailsFor(recordId: string) {
  const { results } = await env.DB.prepare(
    "SELECT kind, recipient, subject, payload FROM notifications WHERE kind = 'payment-processing' AND json_extract(payload, '$.reference') = ?",
  )
    .bind(recordId)
    .all<{ kind: string; recipient: string; subject: string; payload: string }>();
  return results;
}

async function requested(account: FakeStripeAccount, overrides: Record<string, string> = {}) {
  const result = await requestInvoice(account.env, parse(overrides), options());
  const row = await invoiceRow(result.invoiceId);
  if (!row) throw new Error("no invoice row");
  return row;
}

describe("requesting an invoice", () => {
  it("has Stripe create, finalize and send one invoice: send_invoice, due in 30 days, the PO and the edition on it, priced by the server", async () => {
    const account = fakeStripeAccount();
    const row = await requested(account);
    const [invoice] = await account.invoices();
    expect(invoice).toMatchObject({
      id: row.stripe_invoice_id,
      status: "open",
      collection_method: "send_invoice",
      days_until_due: 30,
      amount_due: 500_000,
      sent_count: 1,
    });
    expect(invoice?.custom_fields).toContainEqual({ name: "PO number", value: PO });
    expect(invoice?.custom_fields?.find((f) => f.name === "Edition")?.value).toMatch(/Idaho AI Challenge/);
    expect(invoice?.metadata).toMatchObject({ invoice_id: row.id, record_id: row.record_id, kind: "registration" });
    expect(row).toMatchObject({ status: "open", amount_cents: 500_000, po_number: PO });
    // Due 30 days after Stripe finalizes it (a second or so after it was created).
    const dueAfter = new Date(row.due_at ?? 0).getTime() - (invoice?.created ?? 0) * 1000;
    expect(dueAfter).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(dueAfter).toBeLessThan(30 * 86_400_000 + 60_000);
    expect(await registrationRow(row.record_id)).toMatchObject({ status: "pending", plan: "workforce" });
    const { requests } = await account.state();
    const customer = requests.find((r) => r.path === "/v1/customers");
    expect(customer?.params).toMatchObject({ tax_exempt: "exempt", name: "Ada County" });
  });

  it("makes one invoice of a double submit, and of a retry after Stripe failed half way", async () => {
    const account = fakeStripeAccount();
    const input = parse();
    const first = await requestInvoice(account.env, input, options("user_double"));
    const second = await requestInvoice(account.env, input, options("user_double"));
    expect(second.invoiceId).toBe(first.invoiceId);
    expect(await account.invoices()).toHaveLength(1);

    const retried = fakeStripeAccount();
    const again = parse();
    await retried.failNext(500, 500, 500);
    await expect(requestInvoice(retried.env, again, options("user_retry"))).rejects.toThrow(
      invoiceMessages.createFailed,
    );
    const done = await requestInvoice(retried.env, again, options("user_retry"));
    expect(await retried.invoices()).toHaveLength(1);
    expect((await invoiceRow(done.invoiceId))?.status).toBe("open");
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM invoices WHERE user_id = 'user_retry'").all<{
      n: number;
    }>();
    expect(results[0]?.n).toBe(1);
  });
});

describe("invoice events", () => {
  it("fulfils once on invoice.paid, delivered twice and out of order with a late overdue and a replay", async () => {
    const account = fakeStripeAccount();
    const row = await requested(account);
    const early = await account.invoiceEvent("invoice.paid", row.stripe_invoice_id);
    // Delivered before the payment really happened: read back from Stripe, it is still open.
    expect((await postWebhook(account, early)).status).toBe(200);
    expect((await registrationRow(row.record_id))?.status).toBe("pending");

    await account.payInvoice(row.stripe_invoice_id);
    const paid = await account.invoiceEvent("invoice.paid", row.stripe_invoice_id);
    const redelivered = await account.invoiceEvent("invoice.paid", row.stripe_invoice_id);
    const lateOverdue = await account.invoiceEvent("invoice.overdue", row.stripe_invoice_id);
    const responses = await Promise.all([paid, redelivered, paid].map((event) => postWebhook(account, event)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await postWebhook(account, lateOverdue)).status).toBe(200);

    expect(await registrationRow(row.record_id)).toMatchObject({ status: "paid" });
    expect(await liveCodes(row.record_id)).toHaveLength(1);
    expect(await confirmationsFor(row.record_id)).toHaveLength(1);
    expect(await invoiceRow(row.id)).toMatchObject({ status: "paid", overdue_at: null });
  });

  it("keeps the PaymentIntent that paid the invoice, so a refund of it at Stripe finds the registration", async () => {
    const account = fakeStripeAccount();
    const row = await requested(account);
    const paid = await account.payInvoice(row.stripe_invoice_id);
    expect(paid.paid_by_payment_intent).toMatch(/^pi_/);
    expect((await postWebhook(account, await account.invoiceEvent("invoice.paid", row.stripe_invoice_id))).status).toBe(
      200,
    );
    const stored = await env.DB.prepare("SELECT status, payment_intent_id FROM registrations WHERE id = ?")
      .bind(row.record_id)
      .first<{ status: string; payment_intent_id: string | null }>();
    expect(stored).toEqual({ status: "paid", payment_intent_id: paid.paid_by_payment_intent });

    const refund = await account.objectEvent("charge.refunded", {
      id: "ch_invoice_refunded",
      object: "charge",
      payment_intent: paid.paid_by_payment_intent,
      amount: row.amount_cents,
      amount_refunded: row.amount_cents,
      refunded: true,
    });
    expect((await postWebhook(account, refund)).status).toBe(200);
    const refunded = await env.DB.prepare("SELECT refunded_cents FROM registrations WHERE id = ?")
      .bind(row.record_id)
      .first<{ refunded_cents: number }>();
    expect(refunded?.refunded_cents).toBe(row.amount_cents);
    expect(await liveCodes(row.record_id)).toEqual([]);
  });

  it("keeps no PaymentIntent for a cheque recorded outside Stripe", async () => {
    const account = fakeStripeAccount();
    const row = await requested(account);
    const view = await invoiceGateway(account.env).payOutOfBand(row.stripe_invoice_id);
    expect(view).toMatchObject({ status: "paid", paidOutOfBand: true, paymentIntentId: null });
  });

  it("refuses a forged invoice.paid, changing nothing", async () => {
    const account = fakeStripeAccount();
    const row = await requested(account);
    await account.payInvoice(row.stripe_invoice_id);
    const genuine = await account.invoiceEvent("invoice.paid", row.stripe_invoice_id);
    const forger = fakeStripeAccount();
    const forged = await forger.objectEvent("invoice.paid", { id: row.stripe_invoice_id, object: "invoice" });
    for (const delivery of [
      { body: genuine.body, signature: forged.signature },
      { body: genuine.body, signature: null },
    ]) {
      expect((await postWebhook(account, delivery)).status).toBe(400);
    }
    expect((await registrationRow(row.record_id))?.status).toBe("pending");
    expect((await invoiceRow(row.id))?.status).toBe("open");
  });

  it("ends a voided invoice and fails its pending sponsorship; a late invoice.paid about it changes nothing", async () => {
    const account = fakeStripeAccount();
    const row = await requested(account, { purchase: "gold" });
    expect(row.record_kind).toBe("sponsorship");
    expect(await sponsorshipRow(row.record_id)).toMatchObject({ status: "pending", tier: "gold" });
    await invoiceGateway(account.env).void(row.stripe_invoice_id);
    const voided = await account.invoiceEvent("invoice.voided", row.stripe_invoice_id);
    const latePaid = await account.invoiceEvent("invoice.paid", row.stripe_invoice_id);
    expect((await postWebhook(account, latePaid)).status).toBe(200);
    expect((await postWebhook(account, voided)).status).toBe(200);
    expect((await invoiceRow(row.id))?.status).toBe("void");
    expect((await sponsorshipRow(row.record_id))?.status).toBe("failed");
    expect(await confirmationsFor(row.record_id)).toHaveLength(0);
  });

  it("marks an open invoice overdue on invoice.overdue, and the daily sweep marks one past its due date", async () => {
    const account = fakeStripeAccount();
    const row = await requested(account);
    expect(
      (await postWebhook(account, await account.invoiceEvent("invoice.overdue", row.stripe_invoice_id))).status,
    ).toBe(200);
    expect((await invoiceRow(row.id))?.overdue_at).not.toBeNull();

    const other = await requested(account);
    await markOverdueInvoices(env, new Date(new Date(other.due_at ?? 0).getTime() - 1000));
    expect((await invoiceRow(other.id))?.overdue_at).toBeNull();
    expect(await markOverdueInvoices(env, new Date(new Date(other.due_at ?? 0).getTime() + 1000))).toBeGreaterThan(0);
    expect((await invoiceRow(other.id))?.overdue_at).not.toBeNull();
  });

  it("a cheque recorded outside Stripe pays the invoice there and fulfils once, then Stripe's invoice.paid changes nothing", async () => {
    const account = fakeStripeAccount();
    const row = await requested(account);
    await invoiceGateway(account.env).payOutOfBand(row.stripe_invoice_id);
    const outside = { by: "registrar@example.org", on: "2025-12-20", reference: "Cheque 1042" };
    const first = await settleInvoice(account.env, row.stripe_invoice_id, { now: EARLY_BIRD_NOW, outside });
    expect(first).toMatchObject({ state: "paid", fulfilledNow: true });
    const [invoice] = await account.invoices();
    expect(invoice?.paid_out_of_band).toBe(true);
    expect((await postWebhook(account, await account.invoiceEvent("invoice.paid", row.stripe_invoice_id))).status).toBe(
      200,
    );
    expect(await invoiceRow(row.id)).toMatchObject({ status: "paid", paid_outside_reference: "Cheque 1042" });
    expect(await liveCodes(row.record_id)).toHaveLength(1);
    expect(await confirmationsFor(row.record_id)).toHaveLength(1);
  });
});

describe("the request form", () => {
  const APP_NOW = "2025-12-01T12:00:00-07:00";
  const bad = {
    poNumber: "PO-2026\t0413",
    addressLine1: "x".repeat(101),
    billingEmail: "",
  };

  it("without JavaScript: each bad field's message beside it, every value kept, nothing stored", async () => {
    const cookie = await createVerifiedAccount(uniqueEmail("buyer"), "a good passphrase", uniqueIp());
    const fields = invoiceFields(bad);
    const response = await postForm("/request-invoice?for=workforce", fields, {
      ip: uniqueIp(),
      cookie,
      appNow: APP_NOW,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      invoiceMessages.poNumberInvalid,
      invoiceMessages.addressTooLong(100),
      invoiceMessages.billingEmailMissing,
    ]) {
      expect(html).toContain(escapedAsReact(message));
    }
    expect(html).toContain("Procurement Officer");
    const longest = Math.max(...[...html.matchAll(/x+/g)].map((m) => m[0].length));
    // Echoed up to the field's limit, as every form echoes (app/forms/parse.server.ts).
    expect(longest, "the too-long address line comes back to be shortened").toBe(100);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM invoices WHERE idempotency_key LIKE ?")
      .bind(`%:${fields.requestKey}`)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("with JavaScript: the same messages in the action's data", async () => {
    const cookie = await createVerifiedAccount(uniqueEmail("buyer"), "a good passphrase", uniqueIp());
    const response = await postForm("/request-invoice.data?for=workforce", invoiceFields(bad), {
      ip: uniqueIp(),
      cookie,
      appNow: APP_NOW,
    });
    const body = await response.text();
    expect(body).toContain(invoiceMessages.poNumberInvalid);
    expect(body).toContain(invoiceMessages.billingEmailMissing);
  });

  it("a valid request goes to the account's invoice page (stand-in), which shows the PO and the due date; a stranger gets 404", async () => {
    const cookie = await createVerifiedAccount(uniqueEmail("buyer"), "a good passphrase", uniqueIp());
    const fields = invoiceFields();
    const response = await postForm("/request-invoice?for=workforce", fields, {
      ip: uniqueIp(),
      cookie,
      appNow: APP_NOW,
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/account\/invoices\//);
    const page = await fetchWithEnv(location, { APP_NOW }, { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain(PO);
    expect(html).toContain("December 31, 2025");
    const again = await postForm("/request-invoice?for=workforce", fields, { ip: uniqueIp(), cookie, appNow: APP_NOW });
    expect(again.headers.get("location")).toBe(location);
    const stranger = await createVerifiedAccount(uniqueEmail("stranger"), "a good passphrase", uniqueIp());
    expect((await fetchWithEnv(location, { APP_NOW }, { headers: { cookie: stranger } })).status).toBe(404);
  });
});

describe("receivables on the desk", () => {
  it("lists an edition's invoices for a registrar and a director, overdue ones as overdue, with a CSV; others get 404", async () => {
    const invoice = await openInvoice();
    const overdue = await openInvoice({ purchase: "gold" });
    await markOverdueInvoices(env, new Date(new Date(overdue.due_at ?? 0).getTime() + 60_000));
    for (const role of ["registrar", "director"] as const) {
      const who = await organizer(role);
      const page = await deskGet("/organize/invoices?edition=2026", who);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(invoice.id.slice(0, 8));
      expect(html).toMatch(new RegExp(`data-status="overdue"`));
      const overdueOnly = await (await deskGet("/organize/invoices?edition=2026&status=overdue", who)).text();
      expect(overdueOnly).not.toContain(`>${invoice.id.slice(0, 8)}<`);
      const csv = await deskGet("/organize/invoices.csv?edition=2026", who);
      expect(csv.status).toBe(200);
      const body = await csv.text();
      expect(body.split("\n")[0]).toContain("po_number");
      expect(body).toContain(overdue.id);
    }
    for (const role of ["coordinator", "viewer"] as const) {
      expect((await deskGet("/organize/invoices", await organizer(role))).status).toBe(404);
    }
  });

  it("pages invoices.list for the API and the CLI: page, pages and total, every invoice on exactly one page", async () => {
    const editionId = `paging-${crypto.randomUUID().slice(0, 8)}`;
    const at = "2026-01-10T12:00:00.000Z";
    await env.DB.batch(
      Array.from({ length: 51 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO invoices (id, edition_id, user_id, record_kind, record_id, idempotency_key, item, amount_cents,
             billing_email, billing_name, legal_name, address, status, due_at, created_at, updated_at)
           VALUES (?, ?, 'user_paging', 'registration', ?, ?, 'Workforce Package', 500000, 'ap@example.com',
             'Accounts Payable', 'Ada County', '200 W Front St', 'open', ?, ?, ?)`,
        ).bind(`inv_${editionId}_${i}`, editionId, `reg_${editionId}_${i}`, `key_${editionId}_${i}`, at, at, at),
      ),
    );
    const token = await tokenOf(await organizer("registrar"));
    const read = async (page?: string) => {
      const query = new URLSearchParams({ edition: editionId, ...(page ? { page } : {}) });
      const response = await api("GET", `/queries/invoices.list?${query}`, { token });
      expect(response.status).toBe(200);
      return (
        (await response.json()) as {
          result: { invoices: { id: string }[]; page: number; pages: number; total: number };
        }
      ).result;
    };
    const first = await read();
    const second = await read("2");
    expect([first.page, first.pages, first.total, first.invoices.length]).toEqual([1, 2, 51, 50]);
    expect([second.page, second.pages, second.total, second.invoices.length]).toEqual([2, 2, 51, 1]);
    const ids = new Set([...first.invoices, ...second.invoices].map((i) => i.id));
    expect(ids.size).toBe(51);
    // A stale link past the end reads the last page.
    expect((await read("9")).page).toBe(2);
    expect((await api("GET", `/queries/invoices.list?edition=${editionId}&page=two`, { token })).status).toBe(400);
  });

  it("shows overdue on the buyer's account and the invoice on the desk's person page", async () => {
    const email = uniqueEmail("sponsor");
    const cookie = await createVerifiedAccount(email, "a good passphrase", uniqueIp());
    const user = await env.DB.prepare("SELECT id FROM user WHERE email = ?").bind(email).first<{ id: string }>();
    const invoice = await openInvoice({ purchase: "gold" }, { userId: user!.id });
    await markOverdueInvoices(env, new Date(new Date(invoice.due_at ?? 0).getTime() + 60_000));
    const account = await fetchWithEnv("/account", { APP_NOW: "2026-03-01T12:00:00-07:00" }, { headers: { cookie } });
    const html = await account.text();
    expect(html).toContain('data-testid="invoice-overdue"');
    const registrar = await organizer("registrar");
    const person = await (await deskGet(`/organize/people/${user!.id}`, registrar)).text();
    expect(person).toContain('data-testid="their-invoices"');
    expect(person).toContain("Gold sponsorship");
    const theirs = person.slice(person.indexOf('data-testid="their-invoices"'));
    expect(theirs.slice(0, theirs.indexOf("</table>"))).toContain("Overdue");
    // The API's people.person has the same invoice among the person's facts.
    const response = await api("GET", `/queries/people.person?id=${user!.id}`, { token: await tokenOf(registrar) });
    const { result } = (await response.json()) as {
      result: { person: { invoices: { id: string; status: string; overdueAt: string | null }[] } };
    };
    expect(result.person.invoices).toEqual([
      expect.objectContaining({ id: invoice.id, status: "open", overdueAt: expect.any(String) }),
    ]);
  });

  it("refuses one registrar's cheque above $25,000 (Platinum): it needs a second organizer", async () => {
    const invoice = await openInvoice({ purchase: "platinum" });
    const registrar = await organizer("registrar");
    const since = await lastAuditId();
    const direct = await api("POST", "/actions/invoices.paid-outside", {
      token: await tokenOf(registrar),
      body: { id: invoice.id, receivedOn: "2026-03-20", reference: "Cheque 7" },
    });
    expect(direct.status).toBe(409);
    expect(await direct.text()).toContain("second organizer");
    expect((await invoiceRow(invoice.id))?.status).toBe("open");
    expect((await auditSince(since)).filter((r) => r.action.startsWith("invoices."))).toEqual([]);
  });
});

describe("pay now by US bank account", () => {
  it("offers organizations a bank account beside the card where STRIPE_BANK_PAYMENTS is on, and fulfils when the debit settles", async () => {
    const account = fakeStripeAccount({ STRIPE_BANK_PAYMENTS: "1" });
    const started = await startRegistration(account.env, workforce(), options());
    await startRegistration(account.env, individual(), options());
    const { requests } = await account.state();
    const creates = requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(creates[0]?.params.payment_method_types).toEqual(["card", "us_bank_account"]);
    expect(creates[1]?.params.payment_method_types).toBeUndefined();
    if (started.type !== "checkout") throw new Error("expected a checkout");

    // The debit is initiated: the session completes unpaid, and the record waits ("processing").
    await account.pay(started.sessionId, "unpaid");
    const completed = await account.event("checkout.session.completed", { id: started.sessionId });
    expect((await postWebhook(account, completed)).status).toBe(200);
    expect((await registrationRow(started.recordId))?.status).toBe("pending");
    // Days later it settles.
    await account.pay(started.sessionId, "paid");
    const settled = await account.event("checkout.session.async_payment_succeeded", { id: started.sessionId });
    expect((await postWebhook(account, settled)).status).toBe(200);
    expect((await registrationRow(started.recordId))?.status).toBe("paid");
    expect(await liveCodes(started.recordId)).toHaveLength(1);
  });

  it("tells the buyer once that a bank payment is processing, then confirms it when the debit settles", async () => {
    const account = fakeStripeAccount({ STRIPE_BANK_PAYMENTS: "1" });
    const started = await startRegistration(account.env, workforce(), options());
    if (started.type !== "checkout") throw new Error("expected a checkout");
    await account.pay(started.sessionId, "unpaid");
    const completed = await account.event("checkout.session.completed", { id: started.sessionId });
    // Stripe redelivers the same event, and may send the type again under a new id.
    const again = await account.event("checkout.session.completed", { id: started.sessionId });
    for (const delivery of [completed, completed, again]) {
      expect((await postWebhook(account, delivery)).status).toBe(200);
    }
    const processing = await processingMailsFor(started.recordId);
    expect(processing).toHaveLength(1);
    expect(processing[0]?.subject).toContain("processing");
    const mail = renderNotification(processing[0]!.kind, processing[0]!.payload);
    expect(mail.text).toContain("company code");
    expect(mail.text).toContain("You don't need to do anything else");
    expect(await confirmationsFor(started.recordId)).toHaveLength(0);

    await account.pay(started.sessionId, "paid");
    const settled = await account.event("checkout.session.async_payment_succeeded", { id: started.sessionId });
    expect((await postWebhook(account, settled)).status).toBe(200);
    // A completed event arriving late, after the debit settled, announces nothing.
    const late = await account.event("checkout.session.completed", { id: started.sessionId });
    expect((await postWebhook(account, late)).status).toBe(200);
    const confirmations = await confirmationsFor(started.recordId);
    expect(confirmations.map((c) => c.kind)).toEqual(["registration-confirmation"]);
    expect(confirmations[0]?.recipient).toBe(processing[0]?.recipient);
    expect(await processingMailsFor(started.recordId)).toHaveLength(1);
    expect(await liveCodes(started.recordId)).toHaveLength(1);
  });

  it("sends no processing e-mail for a card payment, nor when the debit fails", async () => {
    const account = fakeStripeAccount({ STRIPE_BANK_PAYMENTS: "1" });
    const card = await startSponsorship(account.env, sponsor(), options());
    const bank = await startSponsorship(account.env, sponsor(), options());
    if (card.type !== "checkout" || bank.type !== "checkout") throw new Error("expected checkouts");
    await account.pay(card.sessionId, "paid");
    await postWebhook(account, await account.event("checkout.session.completed", { id: card.sessionId }));
    expect(await processingMailsFor(card.recordId)).toHaveLength(0);
    expect(await confirmationsFor(card.recordId)).toHaveLength(1);

    await account.pay(bank.sessionId, "unpaid");
    await postWebhook(account, await account.event("checkout.session.completed", { id: bank.sessionId }));
    const failed = await account.event("checkout.session.async_payment_failed", { id: bank.sessionId });
    expect((await postWebhook(account, failed)).status).toBe(200);
    expect((await sponsorshipRow(bank.recordId))?.status).toBe("failed");
    expect(await processingMailsFor(bank.recordId)).toHaveLength(1);
    expect(await confirmationsFor(bank.recordId)).toHaveLength(0);
  });

  it("leaves Checkout card-only without the setting", async () => {
    const account = fakeStripeAccount();
    await startSponsorship(account.env, sponsor(), options());
    const { requests } = await account.state();
    expect(requests.find((r) => r.path === "/v1/checkout/sessions")?.params.payment_method_types).toBeUndefined();
  });
});
