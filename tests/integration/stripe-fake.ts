/**
 * The tests' handle on the fake Stripe API (tests/fakes/stripe.ts, served by
 * tests/fakes/stripe-server.ts at env.STRIPE_API_BASE). Each account is a fresh
 * secret key and webhook secret, so tests never see each other's sessions.
 */
import { env } from "cloudflare:test";
import Stripe from "stripe";
import { withSiteEditions } from "./site-editions";

export interface FakeSessionState {
  id: string;
  amount_total: number;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_status: string;
  status: string;
  success_url: string;
  cancel_url: string;
  url: string;
  invoice_creation: { enabled: boolean } | null;
  line_items_requested: unknown;
  payment_intent: string | null;
  expires_at: number;
}

export interface FakeInvoiceState {
  id: string;
  customer: string;
  status: string;
  collection_method: string;
  days_until_due: number | null;
  due_date: number | null;
  custom_fields: { name: string; value: string }[] | null;
  metadata: Record<string, string>;
  amount_due: number;
  paid_out_of_band: boolean;
  /** The PaymentIntent that paid it at Stripe (the fake's own record; the API shows it among `payments`). */
  paid_by_payment_intent?: string;
  sent_count: number;
  created: number;
}

export interface FakeRequestState {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

export function fakeStripeAccount(overrides: Partial<Env> = {}) {
  // Bound by vitest.config.ts; declared on the global Env in app/env.d.ts.
  const baseUrl = (env as Env).STRIPE_API_BASE;
  if (!baseUrl) throw new Error("STRIPE_API_BASE is not bound: see vitest.config.ts");
  const secretKey = `sk_test_${crypto.randomUUID().replaceAll("-", "")}`;
  const webhookSecret = `whsec_${crypto.randomUUID().replaceAll("-", "")}`;
  const headers = { Authorization: `Bearer ${secretKey}`, "Content-Type": "application/json" };
  const control = (path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const stripe = new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient() });
  return {
    secretKey,
    webhookSecret,
    /** The bindings that make the site use this account. */
    env: withSiteEditions({
      ...env,
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: baseUrl,
      ...overrides,
    } as Env),
    async pay(sessionId: string, paymentStatus: "paid" | "unpaid" = "paid") {
      const response = await control(`/_fake/sessions/${sessionId}/pay`, { payment_status: paymentStatus });
      if (!response.ok) throw new Error(`fake pay failed: ${response.status}`);
      return (await response.json()) as FakeSessionState;
    },
    /** The customer tries to pay: the fake's answer, 409 once the session has expired. */
    async tryPay(sessionId: string) {
      return control(`/_fake/sessions/${sessionId}/pay`, { payment_status: "paid" });
    },
    /** Moves this account's clock on, as time passing at Stripe. */
    async advance(seconds: number) {
      await control("/_fake/advance", { seconds });
    },
    /** How many API calls (/v1/…) the site has made to this account. */
    async apiCalls(): Promise<number> {
      const response = await fetch(`${baseUrl}/_fake/state`, { headers });
      return ((await response.json()) as { requests: unknown[] }).requests.length;
    },
    async expire(sessionId: string) {
      const response = await control(`/_fake/sessions/${sessionId}/expire`);
      if (!response.ok) throw new Error(`fake expire failed: ${response.status}`);
      return (await response.json()) as FakeSessionState;
    },
    /** The billing contact pays the invoice on Stripe's hosted page (a bank transfer, say). */
    async payInvoice(invoiceId: string) {
      const response = await control(`/_fake/invoices/${invoiceId}/pay`);
      if (!response.ok) throw new Error(`fake invoice pay failed: ${response.status}`);
      return (await response.json()) as FakeInvoiceState;
    },
    async invoices(): Promise<FakeInvoiceState[]> {
      const response = await fetch(`${baseUrl}/_fake/state`, { headers });
      return ((await response.json()) as { invoices: FakeInvoiceState[] }).invoices;
    },
    /** An invoice.* event as Stripe sends it: the invoice as the fake holds it now, signed. */
    async invoiceEvent(type: string, invoiceId: string, id = `evt_${crypto.randomUUID()}`) {
      const invoice = (await this.invoices()).find((candidate) => candidate.id === invoiceId);
      if (!invoice) throw new Error(`no fake invoice ${invoiceId}`);
      return this.objectEvent(type, { ...invoice }, id);
    },
    async addPrice(id: string, unitAmount: number) {
      await control("/_fake/prices", { id, unit_amount: unitAmount });
    },
    async failNext(...statuses: number[]) {
      await control("/_fake/failures", { statuses });
    },
    async state(): Promise<{ sessions: FakeSessionState[]; requests: FakeRequestState[] }> {
      const response = await fetch(`${baseUrl}/_fake/state`, { headers });
      return (await response.json()) as { sessions: FakeSessionState[]; requests: FakeRequestState[] };
    },
    /** A webhook delivery as Stripe sends it: the JSON body and its Stripe-Signature header. */
    async event(type: string, session: { id: string } & Record<string, unknown>, id = `evt_${crypto.randomUUID()}`) {
      const body = JSON.stringify({
        id,
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { object: "checkout.session", ...session } },
      });
      const signature = await stripe.webhooks.generateTestHeaderStringAsync({
        payload: body,
        secret: webhookSecret,
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      });
      return { id, body, signature };
    },
    /** Any other event (a charge, a dispute), with its object as given. */
    async objectEvent(type: string, object: Record<string, unknown>, id = `evt_${crypto.randomUUID()}`) {
      const body = JSON.stringify({
        id,
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      const signature = await stripe.webhooks.generateTestHeaderStringAsync({
        payload: body,
        secret: webhookSecret,
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      });
      return { id, body, signature };
    },
  };
}

export type FakeStripeAccount = ReturnType<typeof fakeStripeAccount>;
