/**
 * Where Checkout Sessions live: Stripe when STRIPE_SECRET_KEY is set, else
 * (locally only; production refuses to start without the key) the stand-in
 * at /dev/checkout/:id backed by D1. Both answer the same small interface, so
 * checkout, fulfillment and verification have one implementation each.
 */
import { and, eq, gt, isNull, or } from "drizzle-orm";
import Stripe from "stripe";
import { getDb } from "~/db/client.server";
import { isProduction } from "~/lib/config.server";
import { devCheckoutSessions } from "~/db/schema";

export interface LineItem {
  /** A configured Stripe Price (STRIPE_PRICE_*); without it the amount goes inline. */
  priceId?: string;
  amountCents: number;
  productName: string;
  description?: string;
}

export interface CreateSessionParams {
  idempotencyKey: string;
  clientReferenceId: string;
  metadata: Record<string, string>;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  lineItem: LineItem;
  /** Sponsors get a paid invoice. */
  invoiceCreation?: boolean;
  /** Organizations may pay by US bank account (ACH debit, settles in days): STRIPE_BANK_PAYMENTS (ADR 025). */
  bankAccount?: boolean;
  /** Unix seconds after which the session can no longer be paid (app/payments/expiry.server.ts). */
  expiresAt?: number;
}

/** What the site needs to know about a Checkout Session. */
export interface CheckoutSessionView {
  id: string;
  url: string | null;
  status: "open" | "complete" | "expired" | null;
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  amountTotal: number | null;
  paymentIntentId: string | null;
}

export interface CheckoutGateway {
  name: "stripe" | "local";
  create(params: CreateSessionParams): Promise<CheckoutSessionView>;
  /** null when the session does not exist. */
  retrieve(sessionId: string): Promise<CheckoutSessionView | null>;
}

export function checkoutGateway(env: Env): CheckoutGateway {
  const stripe = createStripe(env);
  return stripe ? stripeGateway(stripe) : localGateway(env);
}

/**
 * The Stripe SDK for this request, or null without STRIPE_SECRET_KEY. Built
 * per request (no I/O at module scope in workerd) on fetch, the only HTTP
 * client there. STRIPE_API_BASE (tests) points it at a fake; never in production.
 */
export function createStripe(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const base = !isProduction(env) && env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
}

function isStripeMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
}

function stripeGateway(stripe: Stripe): CheckoutGateway {
  const view = (session: Stripe.Checkout.Session): CheckoutSessionView => ({
    id: session.id,
    url: session.url ?? null,
    status: (session.status ?? null) as CheckoutSessionView["status"],
    paymentStatus: session.payment_status as CheckoutSessionView["paymentStatus"],
    clientReferenceId: session.client_reference_id ?? null,
    metadata: Object.fromEntries(
      Object.entries(session.metadata ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    ),
    amountTotal: session.amount_total ?? null,
    paymentIntentId:
      typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
  });
  return {
    name: "stripe",
    async create(params) {
      const { lineItem } = params;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            lineItem.priceId
              ? { price: lineItem.priceId, quantity: 1 }
              : {
                  price_data: {
                    currency: "usd",
                    unit_amount: lineItem.amountCents,
                    product_data: {
                      name: lineItem.productName,
                      ...(lineItem.description ? { description: lineItem.description } : {}),
                    },
                  },
                  quantity: 1,
                },
          ],
          client_reference_id: params.clientReferenceId,
          customer_email: params.customerEmail,
          metadata: params.metadata,
          payment_intent_data: { metadata: params.metadata },
          success_url: params.successUrl,
          cancel_url: params.cancelUrl,
          ...(params.expiresAt ? { expires_at: params.expiresAt } : {}),
          // The session completes "unpaid" for a bank debit; async_payment_succeeded fulfils it days later.
          ...(params.bankAccount ? { payment_method_types: ["card", "us_bank_account"] } : {}),
          ...(params.invoiceCreation
            ? { invoice_creation: { enabled: true, invoice_data: { metadata: params.metadata } } }
            : {}),
        },
        { idempotencyKey: params.idempotencyKey },
      );
      return view(session);
    },
    async retrieve(sessionId) {
      try {
        return view(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (isStripeMissing(error)) return null;
        throw error;
      }
    },
  };
}

/** 192 random bits, like the entropy of Stripe's own session ids. */
export function localSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `cs_local_${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function localGateway(env: Env): CheckoutGateway {
  const db = getDb(env);
  const view = (row: typeof devCheckoutSessions.$inferSelect): CheckoutSessionView => ({
    id: row.id,
    url: `${new URL(row.successUrl).origin}/dev/checkout/${row.id}`,
    status: row.status === "open" && isPastExpiry(row.expiresAt) ? "expired" : row.status,
    paymentStatus: row.paymentStatus,
    clientReferenceId: row.clientReferenceId,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    amountTotal: row.amountTotal,
    paymentIntentId: row.paymentStatus === "paid" ? `pi_local_${row.id.slice(9, 33)}` : null,
  });
  return {
    name: "local",
    async create(params) {
      // Idempotency key honoured as Stripe does: the same key answers the same session.
      await db
        .insert(devCheckoutSessions)
        .values({
          id: localSessionId(),
          idempotencyKey: params.idempotencyKey,
          clientReferenceId: params.clientReferenceId,
          metadata: JSON.stringify(params.metadata),
          description: params.lineItem.productName,
          amountTotal: params.lineItem.amountCents,
          currency: "usd",
          customerEmail: params.customerEmail,
          successUrl: params.successUrl,
          cancelUrl: params.cancelUrl,
          expiresAt: params.expiresAt ?? null,
        })
        .onConflictDoNothing({ target: devCheckoutSessions.idempotencyKey });
      const [row] = await db
        .select()
        .from(devCheckoutSessions)
        .where(eq(devCheckoutSessions.idempotencyKey, params.idempotencyKey))
        .limit(1);
      if (!row) throw new Error("local checkout session vanished after insert");
      return view(row);
    },
    async retrieve(sessionId) {
      const [row] = await db.select().from(devCheckoutSessions).where(eq(devCheckoutSessions.id, sessionId)).limit(1);
      return row ? view(row) : null;
    },
  };
}

function isPastExpiry(expiresAt: number | null, now = Date.now()): boolean {
  return expiresAt !== null && now >= expiresAt * 1000;
}

/** The stand-in's "Pay" button: an open session that has not expired becomes complete and paid. */
export async function completeLocalSession(env: Pick<Env, "DB">, sessionId: string): Promise<boolean> {
  const db = getDb(env);
  const result = await db
    .update(devCheckoutSessions)
    .set({ status: "complete", paymentStatus: "paid" })
    .where(
      and(
        eq(devCheckoutSessions.id, sessionId),
        eq(devCheckoutSessions.status, "open"),
        or(isNull(devCheckoutSessions.expiresAt), gt(devCheckoutSessions.expiresAt, Math.floor(Date.now() / 1000))),
      ),
    )
    .returning({ id: devCheckoutSessions.id });
  return result.length === 1;
}

export async function localSession(env: Pick<Env, "DB">, sessionId: string) {
  const [row] = await getDb(env)
    .select()
    .from(devCheckoutSessions)
    .where(eq(devCheckoutSessions.id, sessionId))
    .limit(1);
  return row ?? null;
}
