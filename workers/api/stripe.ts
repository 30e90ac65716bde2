import { Hono } from "hono";
import { now } from "~/clock/clock.server";
import { handleStripeWebhook } from "~/payments/webhook.server";
import type { ApiEnv } from "./env";

/**
 * Stripe's webhook endpoint (docs/payments.md). The body is read raw: the
 * signature covers the exact bytes, so it must not be parsed first.
 */
export const stripe = new Hono<ApiEnv>().post("/webhook", async (c) => {
  const rawBody = await c.req.text();
  const answer = await handleStripeWebhook(c.env, rawBody, c.req.header("stripe-signature") ?? null, {
    requestId: c.get("requestId"),
    now: now(c.env),
  });
  return c.json(answer.body, answer.status);
});
