/**
 * A fake of the Stripe API, enough for Checkout (issue 8), speaking Stripe's
 * wire format so the real SDK can be pointed at it (host/port/protocol):
 * - POST /v1/checkout/sessions   form-encoded (a[b][0][c]=…), Idempotency-Key honoured:
 *   the same key and body replay the first answer (Idempotent-Replayed: true),
 *   the same key with another body is a 400 idempotency_error, as Stripe does.
 * - GET  /v1/checkout/sessions/:id   the session, or 404 resource_missing.
 * Each secret key is its own account, so tests never see each other's sessions.
 * Test controls, with the same Bearer key:
 * - POST /_fake/sessions/:id/pay     ← { payment_status?: "paid" | "unpaid" }: the customer finished checkout
 * - POST /_fake/sessions/:id/expire  the session expired unpaid
 * - POST /_fake/prices               ← { id, unit_amount }: a Price the account knows
 * - POST /_fake/failures             ← { statuses: number[] }: answer the next creates with these statuses
 * - POST /_fake/advance              ← { seconds }: move this account's clock on (sessions past expires_at expire)
 * - GET  /_fake/state                → { sessions, invoices, requests } (every /v1 request, in order: tests count them)
 * Invoicing (issue 53), as the SDK calls it: POST /v1/customers, /v1/invoices,
 * /v1/invoiceitems (with `invoice`), /v1/invoices/:id/finalize|send|void|pay
 * (`paid_out_of_band`)|mark_uncollectible, GET /v1/invoices/:id. Every POST
 * honours Idempotency-Key as above. The customer paying (a bank transfer) is
 * POST /_fake/invoices/:id/pay.
 * expires_at is checked as Stripe does (30 minutes to 24 hours after creation)
 * and honoured: a session past it reads as expired and cannot be paid.
 */

export interface FakeSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  invoice_creation: { enabled: boolean } | null;
  invoice: string | null;
  line_items_requested: unknown;
  livemode: false;
  created: number;
  expires_at: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

export interface FakeInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  collection_method: string;
  days_until_due: number | null;
  due_date: number | null;
  currency: string;
  description: string | null;
  custom_fields: { name: string; value: string }[] | null;
  metadata: Record<string, string>;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  hosted_invoice_url: string | null;
  number: string | null;
  paid_out_of_band: boolean;
  /**
   * The PaymentIntent that paid it (a card or a bank debit at Stripe; none when paid out of band). Not a field
   * of Stripe's invoice: the API answers it inside `payments`, only when asked to expand them.
   */
  paid_by_payment_intent?: string;
  sent_count: number;
  created: number;
  livemode: false;
}

interface Account {
  sessions: Map<string, FakeSession>;
  customers: Map<string, Record<string, unknown>>;
  invoices: Map<string, FakeInvoice>;
  prices: Map<string, number>;
  requests: FakeRequest[];
  idempotent: Map<string, { raw: string; status: number; body: string }>;
  queuedFailures: number[];
  /** Seconds this account's clock is ahead of the real one (POST /_fake/advance). */
  clockOffset: number;
}

type Params = Record<string, unknown>;

/** Parses Stripe's form encoding (`line_items[0][price_data][unit_amount]=25000`) into nested objects and arrays. */
export function parseStripeForm(raw: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const segments = key.split(/\[|\]\[|\]/).filter((s, i) => i === 0 || s !== "");
    let node: Record<string, unknown> = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      if (last) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(segments[index + 1] ?? "");
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Request-Id": `req_${randomId(14)}`, ...headers },
  });
}

function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return json({ error: { type, message, ...extra } }, status);
}

/** An invoice as Stripe's API shows it: `payments` (the InvoicePayments) only when `expand` names them. */
function invoiceAsAnswered(invoice: FakeInvoice, expand: unknown) {
  const { paid_by_payment_intent: paymentIntent, ...shown } = invoice;
  if (!(Array.isArray(expand) && expand.includes("payments"))) return shown;
  const data = paymentIntent
    ? [
        {
          id: `inpay_${paymentIntent.slice(3)}`,
          object: "invoice_payment",
          invoice: invoice.id,
          is_default: true,
          status: "paid",
          amount_paid: invoice.amount_paid,
          payment: { type: "payment_intent", payment_intent: paymentIntent },
        },
      ]
    : [];
  return { ...shown, payments: { object: "list", data, has_more: false, url: "/v1/invoice_payments" } };
}

function randomId(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return [...crypto.getRandomValues(new Uint8Array(length))].map((b) => alphabet[b % alphabet.length]).join("");
}

export function createFakeStripe() {
  const accounts = new Map<string, Account>();

  function account(key: string): Account {
    let found = accounts.get(key);
    if (!found) {
      found = {
        sessions: new Map(),
        customers: new Map(),
        invoices: new Map(),
        prices: new Map(),
        requests: [],
        idempotent: new Map(),
        queuedFailures: [],
        clockOffset: 0,
      };
      accounts.set(key, found);
    }
    return found;
  }

  function createSession(params: Params, acct: Account): Response {
    const lineItems = params.line_items as Params[] | undefined;
    if (!Array.isArray(lineItems) || lineItems.length === 0) {
      return stripeError(400, "invalid_request_error", "Missing required param: line_items.", { param: "line_items" });
    }
    for (const name of ["success_url", "mode"] as const) {
      if (typeof params[name] !== "string") {
        return stripeError(400, "invalid_request_error", `Missing required param: ${name}.`, { param: name });
      }
    }
    let total = 0;
    for (const [index, item] of lineItems.entries()) {
      const quantity = Number(item.quantity ?? 1);
      if (typeof item.price === "string") {
        const amount = acct.prices.get(item.price);
        if (amount === undefined) {
          return stripeError(400, "invalid_request_error", `No such price: '${item.price}'`, {
            code: "resource_missing",
            param: `line_items[${index}][price]`,
          });
        }
        total += amount * quantity;
      } else {
        const priceData = item.price_data as Params | undefined;
        const unit = Number(priceData?.unit_amount);
        if (!priceData || !Number.isInteger(unit) || unit < 0 || typeof priceData.currency !== "string") {
          return stripeError(400, "invalid_request_error", "Invalid line_items: price or price_data required.", {
            param: `line_items[${index}]`,
          });
        }
        total += unit * quantity;
      }
    }
    const id = `cs_test_${randomId(58)}`;
    const now = nowFor(acct);
    let expiresAt = now + 24 * 3600;
    if (params.expires_at !== undefined) {
      expiresAt = Number(params.expires_at);
      if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
        return stripeError(
          400,
          "invalid_request_error",
          "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
          { param: "expires_at" },
        );
      }
    }
    const invoiceCreation = params.invoice_creation as Params | undefined;
    const session: FakeSession = {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      currency: "usd",
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      mode: params.mode as string,
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url as string,
      cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      invoice_creation: invoiceCreation ? { enabled: invoiceCreation.enabled === "true" } : null,
      invoice: null,
      line_items_requested: lineItems,
      livemode: false,
      created: now,
      expires_at: expiresAt,
    };
    acct.sessions.set(id, session);
    return json(session);
  }

  function nowFor(acct: Account): number {
    return Math.floor(Date.now() / 1000) + acct.clockOffset;
  }

  /** Stripe expires an open session at expires_at; reading it after that shows it expired. */
  function current(acct: Account, session: FakeSession | undefined): FakeSession | undefined {
    if (session && session.status === "open" && nowFor(acct) >= session.expires_at) session.status = "expired";
    return session;
  }

  function noSuchInvoice(id: string): Response {
    return stripeError(404, "invalid_request_error", `No such invoice: '${id}'`, {
      code: "resource_missing",
      param: "id",
    });
  }

  function postV1(path: string, params: Params, acct: Account): Response {
    if (path === "/v1/checkout/sessions") return createSession(params, acct);
    if (path === "/v1/customers") {
      const id = `cus_${randomId(14)}`;
      const customer = { id, object: "customer", ...params };
      acct.customers.set(id, customer);
      return json(customer);
    }
    if (path === "/v1/invoices") {
      const customer = typeof params.customer === "string" ? params.customer : "";
      if (!acct.customers.has(customer)) {
        return stripeError(400, "invalid_request_error", `No such customer: '${customer}'`, {
          code: "resource_missing",
          param: "customer",
        });
      }
      if (params.collection_method === "send_invoice" && params.days_until_due === undefined) {
        return stripeError(400, "invalid_request_error", "Missing required param: days_until_due.", {
          param: "days_until_due",
        });
      }
      const id = `in_${randomId(24)}`;
      const invoice: FakeInvoice = {
        id,
        object: "invoice",
        customer,
        status: "draft",
        collection_method:
          typeof params.collection_method === "string" ? params.collection_method : "charge_automatically",
        days_until_due: params.days_until_due === undefined ? null : Number(params.days_until_due),
        due_date: null,
        currency: "usd",
        description: typeof params.description === "string" ? params.description : null,
        custom_fields: Array.isArray(params.custom_fields)
          ? (params.custom_fields as { name: string; value: string }[])
          : null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        amount_due: 0,
        amount_paid: 0,
        amount_remaining: 0,
        hosted_invoice_url: null,
        number: null,
        paid_out_of_band: false,
        sent_count: 0,
        created: nowFor(acct),
        livemode: false,
      };
      acct.invoices.set(id, invoice);
      return json(invoiceAsAnswered(invoice, params.expand));
    }
    if (path === "/v1/invoiceitems") {
      const invoice = acct.invoices.get(typeof params.invoice === "string" ? params.invoice : "");
      if (!invoice) return noSuchInvoice(String(params.invoice));
      if (invoice.status !== "draft") {
        return stripeError(400, "invalid_request_error", "This invoice is no longer editable.", {
          code: "invoice_not_editable",
        });
      }
      const amount = Number(params.amount);
      invoice.amount_due += amount;
      invoice.amount_remaining = invoice.amount_due;
      return json({ id: `ii_${randomId(24)}`, object: "invoiceitem", amount, invoice: invoice.id });
    }
    const action = /^\/v1\/invoices\/([^/]+)\/(finalize|send|void|pay|mark_uncollectible)$/.exec(path);
    if (action) {
      const invoice = acct.invoices.get(decodeURIComponent(action[1] ?? ""));
      if (!invoice) return noSuchInvoice(action[1] ?? "");
      const transition = (from: FakeInvoice["status"][], to: FakeInvoice["status"]) => {
        if (!from.includes(invoice.status)) {
          return stripeError(
            400,
            "invalid_request_error",
            `You can't ${action[2]} an invoice that is ${invoice.status}.`,
            {
              code: "invoice_unexpected_state",
            },
          );
        }
        invoice.status = to;
        return null;
      };
      let refused: Response | null = null;
      switch (action[2]) {
        case "finalize":
          refused = transition(["draft"], "open");
          if (!refused) {
            invoice.number = `FAKE-${String(acct.invoices.size).padStart(4, "0")}`;
            invoice.hosted_invoice_url = `https://invoice.stripe.com/i/${invoice.id}`;
            invoice.due_date = invoice.days_until_due === null ? null : nowFor(acct) + invoice.days_until_due * 86_400;
          }
          break;
        case "send":
          if (invoice.status !== "open") refused = transition(["open"], "open");
          else invoice.sent_count += 1;
          break;
        case "void":
          refused = transition(["open"], "void");
          break;
        case "mark_uncollectible":
          refused = transition(["open"], "uncollectible");
          break;
        case "pay":
          refused = transition(["open", "uncollectible"], "paid");
          if (!refused) {
            invoice.paid_out_of_band = params.paid_out_of_band === "true";
            invoice.amount_paid = invoice.paid_out_of_band ? 0 : invoice.amount_due;
            invoice.amount_remaining = 0;
            if (!invoice.paid_out_of_band) invoice.paid_by_payment_intent = `pi_${randomId(24)}`;
          }
          break;
      }
      return refused ?? json(invoiceAsAnswered(invoice, params.expand));
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (POST: ${path}).`);
  }

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const auth = request.headers.get("authorization") ?? "";
    const key = /^Bearer (\S+)$/.exec(auth)?.[1];
    if (!key) {
      return stripeError(401, "invalid_request_error", "You did not provide an API key.");
    }
    const acct = account(key);
    const raw = request.method === "GET" ? "" : await request.text();
    const path = url.pathname;

    if (path.startsWith("/v1/")) {
      const idempotencyKey = request.headers.get("idempotency-key");
      const params = request.method === "GET" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
      acct.requests.push({ method: request.method, path, idempotencyKey, params });

      if (request.method === "POST") {
        if (idempotencyKey) {
          const previous = acct.idempotent.get(idempotencyKey);
          if (previous) {
            if (previous.raw !== raw) {
              return stripeError(
                400,
                "idempotency_error",
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              );
            }
            return new Response(previous.body, {
              status: previous.status,
              headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
            });
          }
        }
        const scripted = acct.queuedFailures.shift();
        const response =
          scripted !== undefined
            ? stripeError(scripted, "api_error", `Scripted failure ${scripted}`)
            : postV1(path, params, acct);
        // Stripe stores the first answer for the key, errors included (except 5xx, which may be retried).
        if (idempotencyKey && response.status < 500) {
          acct.idempotent.set(idempotencyKey, { raw, status: response.status, body: await response.clone().text() });
        }
        return response;
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (request.method === "GET" && match) {
        const session = current(acct, acct.sessions.get(decodeURIComponent(match[1] ?? "")));
        if (!session) {
          return stripeError(404, "invalid_request_error", `No such checkout.session: '${match[1]}'`, {
            code: "resource_missing",
            param: "session",
          });
        }
        const { line_items_requested: _omit, ...visible } = session;
        return json(visible);
      }
      const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(path);
      if (request.method === "GET" && invoiceMatch) {
        const invoice = acct.invoices.get(decodeURIComponent(invoiceMatch[1] ?? ""));
        return invoice ? json(invoiceAsAnswered(invoice, params.expand)) : noSuchInvoice(invoiceMatch[1] ?? "");
      }
      return stripeError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${path}).`);
    }

    // Test controls.
    const invoiceControl = /^\/_fake\/invoices\/([^/]+)\/pay$/.exec(path);
    if (request.method === "POST" && invoiceControl) {
      const invoice = acct.invoices.get(invoiceControl[1] ?? "");
      if (!invoice) return json({ error: "no such invoice" }, 404);
      if (invoice.status !== "open") return json({ error: `an invoice ${invoice.status} cannot be paid` }, 409);
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.paid_by_payment_intent = `pi_${randomId(24)}`;
      return json(invoice);
    }
    const control = /^\/_fake\/sessions\/([^/]+)\/(pay|expire)$/.exec(path);
    if (request.method === "POST" && control) {
      const session = current(acct, acct.sessions.get(control[1] ?? ""));
      if (!session) return json({ error: "no such session" }, 404);
      if (control[2] === "pay" && session.status === "expired") {
        return json({ error: "this session has expired and can no longer be paid" }, 409);
      }
      if (control[2] === "pay") {
        const body = (raw ? JSON.parse(raw) : {}) as { payment_status?: "paid" | "unpaid" };
        session.status = "complete";
        session.payment_status = body.payment_status ?? "paid";
        session.payment_intent = `pi_${randomId(24)}`;
        if (session.invoice_creation?.enabled && session.payment_status === "paid")
          session.invoice = `in_${randomId(24)}`;
      } else {
        session.status = "expired";
      }
      return json(session);
    }
    if (request.method === "POST" && path === "/_fake/prices") {
      const body = JSON.parse(raw) as { id: string; unit_amount: number };
      acct.prices.set(body.id, body.unit_amount);
      return json({ ok: true });
    }
    if (request.method === "POST" && path === "/_fake/failures") {
      const body = JSON.parse(raw) as { statuses?: number[] };
      acct.queuedFailures = [...(body.statuses ?? [])];
      return json({ ok: true });
    }
    if (request.method === "POST" && path === "/_fake/advance") {
      const body = JSON.parse(raw) as { seconds: number };
      acct.clockOffset += body.seconds;
      return json({ ok: true });
    }
    if (request.method === "GET" && path === "/_fake/state") {
      return json({
        sessions: [...acct.sessions.values()],
        invoices: [...acct.invoices.values()],
        requests: acct.requests,
      });
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${path}).`);
  }

  return { fetch };
}
