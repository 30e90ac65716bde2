/**
 * POST /api/stripe/webhook (issue 8). The signature is checked on the raw body
 * (constructEventAsync with SubtleCrypto: workerd has no Node crypto HMAC
 * sync path). Each event id is recorded in stripe_events after it is handled,
 * so a redelivered event is acknowledged without work, and an event whose
 * handling failed (5xx) is retried by Stripe. Invoice events (issue 53) are
 * read back from Stripe by id, as sessions are, so their order does not matter. fulfill() is idempotent on its
 * own, so two deliveries racing past the dedupe check still fulfill once.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { getDb } from "~/db/client.server";
import { stripeEvents } from "~/db/schema";
import { log } from "~/lib/log.server";
import { handleDisputeClosed, handleDisputeOpened, handleRefund } from "./adjustments.server";
import { closeUnpaidSession, fulfill } from "./fulfill.server";
import { endInvoice, markInvoiceOverdue, settleInvoice } from "./invoices.server";

function paymentIntentOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function invoiceIdOf(invoice: { id?: string }): string {
  return invoice.id ?? "";
}

export interface WebhookAnswer {
  status: 200 | 400 | 500 | 503;
  body: Record<string, unknown>;
}

export async function handleStripeWebhook(
  env: Env,
  rawBody: string,
  signature: string | null,
  { requestId, now }: { requestId?: string; now: Date },
): Promise<WebhookAnswer> {
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    log("error", "stripe.webhook_secret_missing", { requestId });
    return { status: 503, body: { error: "Webhook not configured" } };
  }
  if (!signature) return { status: 400, body: { error: "Missing Stripe-Signature header" } };

  // Verifying needs no API key; the SDK instance is only the verifier here.
  const stripe = new Stripe(env.STRIPE_SECRET_KEY || "sk_unused", { httpClient: Stripe.createFetchHttpClient() });
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch (error) {
    log("warn", "stripe.webhook_bad_signature", { requestId, error: error instanceof Error ? error.message : error });
    return { status: 400, body: { error: "Invalid signature" } };
  }

  const db = getDb(env);
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { status: 200, body: { received: true, duplicate: true } };

  let sessionId: string | null = null;
  try {
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        sessionId = event.data.object.id;
        await fulfill(env, sessionId, {
          now,
          requestId,
          announceProcessing: event.type === "checkout.session.completed",
        });
        break;
      case "checkout.session.async_payment_failed":
        sessionId = event.data.object.id;
        await closeUnpaidSession(env, sessionId, "failed", now);
        break;
      case "checkout.session.expired":
        sessionId = event.data.object.id;
        await closeUnpaidSession(env, sessionId, "expired", now);
        break;
      case "charge.refunded": {
        const charge = event.data.object;
        await handleRefund(
          env,
          {
            id: charge.id,
            paymentIntentId: paymentIntentOf(charge.payment_intent),
            amount: charge.amount,
            amountRefunded: charge.amount_refunded,
            refunded: charge.refunded,
          },
          { eventId: event.id, now, requestId },
        );
        break;
      }
      case "charge.dispute.created":
      case "charge.dispute.closed": {
        const dispute = event.data.object;
        const facts = {
          id: dispute.id,
          paymentIntentId: paymentIntentOf(dispute.payment_intent),
          amount: dispute.amount,
          status: dispute.status,
        };
        const context = { eventId: event.id, now, requestId };
        if (event.type === "charge.dispute.created") await handleDisputeOpened(env, facts, context);
        else await handleDisputeClosed(env, facts, context);
        break;
      }
      case "invoice.paid":
        await settleInvoice(env, invoiceIdOf(event.data.object), { now, requestId });
        break;
      case "invoice.voided":
      case "invoice.marked_uncollectible":
        await endInvoice(env, invoiceIdOf(event.data.object), { now, reason: event.type });
        break;
      case "invoice.overdue":
        await markInvoiceOverdue(env, invoiceIdOf(event.data.object), now);
        break;
      default:
        // Other event types the endpoint may be subscribed to: acknowledged, not handled.
        break;
    }
  } catch (error) {
    log("error", "stripe.webhook_failed", { requestId, eventId: event.id, type: event.type, error });
    return { status: 500, body: { error: "Event handling failed; Stripe will retry" } };
  }

  await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, checkoutSessionId: sessionId, receivedAt: now.toISOString() })
    .onConflictDoNothing({ target: stripeEvents.id });
  log("info", "stripe.webhook_handled", { requestId, eventId: event.id, type: event.type, sessionId });
  return { status: 200, body: { received: true } };
}
