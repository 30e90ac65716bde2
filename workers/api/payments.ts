import { Hono } from "hono";
import { z } from "zod";
import { RegistrationSchema } from "~/payments/registration-form";
import { SponsorshipSchema } from "~/payments/sponsorship-form";
import { now as clockNow } from "~/clock/clock.server";
import { clientKey } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { siteOrigin } from "~/lib/meta";
import { startRegistration, startSponsorship } from "~/payments/checkout.server";
import { PaymentError, paymentErrorStatus } from "~/payments/start";
import { getSessionUser, isEmailVerified } from "~/auth/session.server";
import { verifyPayment } from "~/payments/verify.server";
import type { ApiEnv } from "./env";

/**
 * The payment calls of SPEC.md §7 as JSON, on the same service as the
 * /register and /sponsor-register actions (app/payments/checkout.server.ts).
 * create-*: a signed-in user; answers { url } (the checkout to open) or, for
 * an individual enrolled with a company code, { enrolled: true, registrationId }.
 * verify-registration-payment: answers { success, paymentStatus } only, so a
 * session id reveals nothing but whether it was paid.
 */
async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

function fieldErrors(error: z.core.$ZodError) {
  return z.flattenError(error).fieldErrors;
}

const VerifyBody = z.object({ sessionId: z.string().min(1) });

export const payments = new Hono<ApiEnv>()
  .post("/create-registration-payment", async (c) => {
    const user = await getSessionUser(c.req.raw, c.env);
    if (!user) return c.json({ error: "Please log in or create an account to register" }, 401);
    const parsed = RegistrationSchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json({ error: "Invalid registration", fieldErrors: fieldErrors(parsed.error) }, 400);
    try {
      const started = await startRegistration(c.env, parsed.data, {
        userId: user.id,
        origin: siteOrigin(c.req.raw, c.env),
        now: clockNow(c.env),
        accountEmail: user.email,
        emailVerified: isEmailVerified(user),
        clientIp: clientKey(c.req.raw),
        requestId: c.get("requestId"),
      });
      return started.type === "checkout"
        ? c.json({ url: started.url })
        : c.json({ enrolled: true, registrationId: started.registrationId });
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      return c.json({ error: error.message, code: error.code, field: error.field }, paymentErrorStatus[error.code]);
    }
  })
  .post("/create-sponsor-payment", async (c) => {
    const user = await getSessionUser(c.req.raw, c.env);
    if (!user) return c.json({ error: "Please log in or create an account to become a sponsor" }, 401);
    const parsed = SponsorshipSchema.safeParse(await readJson(c.req.raw));
    if (!parsed.success) return c.json({ error: "Invalid sponsorship", fieldErrors: fieldErrors(parsed.error) }, 400);
    try {
      const started = await startSponsorship(c.env, parsed.data, {
        userId: user.id,
        origin: siteOrigin(c.req.raw, c.env),
        now: clockNow(c.env),
        accountEmail: user.email,
        clientIp: clientKey(c.req.raw),
        requestId: c.get("requestId"),
      });
      if (started.type !== "checkout") throw new Error("a sponsorship always goes to checkout");
      return c.json({ url: started.url });
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      return c.json({ error: error.message, code: error.code }, paymentErrorStatus[error.code]);
    }
  })
  .post("/verify-registration-payment", async (c) => {
    const parsed = VerifyBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success)
      return c.json({ success: false, paymentStatus: "unknown", error: "sessionId is required" }, 400);
    try {
      const { success, paymentStatus } = await verifyPayment(c.env, parsed.data.sessionId, {
        now: clockNow(c.env),
        requestId: c.get("requestId"),
        request: c.req.raw,
      });
      return c.json({ success, paymentStatus }, success ? 200 : 404);
    } catch (error) {
      log("error", "payments.verification_failed", { requestId: c.get("requestId"), error });
      return c.json({ success: false, paymentStatus: "unknown", error: "Unable to verify payment status" }, 502);
    }
  });
