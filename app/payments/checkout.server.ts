/**
 * Starting a payment: the one service behind the /register and
 * /sponsor-register actions and POST /api/payments/create-*-payment.
 * The record is written first (pending, with the server's price), then the
 * Checkout Session, with an idempotency key derived from the record.
 */
import { eq } from "drizzle-orm";
import { EARLY_ENROLLMENT_OPENS } from "~/content/dates";
import { getDb } from "~/db/client.server";
import { registrations, sponsorships } from "~/db/payments-schema";
import { registrationMessages, type RegistrationInput } from "~/forms/registration";
import type { SponsorshipInput } from "~/forms/sponsorship";
import { log } from "~/lib/log.server";
import { enrollmentState, formatMountain, pricingPhase } from "~/lib/schedule";
import { enrollmentConfirmation } from "~/notifications/payments.server";
import { enqueueNotifications } from "~/notifications/outbox.server";
import { organizationForCode } from "./company-codes.server";
import { confirmationInsert, confirmationPayload } from "./confirmation.server";
import { checkoutGateway } from "./gateway.server";
import { quoteRegistration, quoteSponsorship } from "./plans.server";

export type PaymentErrorCode = "enrollment_closed" | "unknown_company_code" | "rate_limited" | "checkout_failed";

/** A refusal the visitor can act on; `field` names the form field it belongs to. */
export class PaymentError extends Error {
  override name = "PaymentError";
  constructor(
    readonly code: PaymentErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const paymentErrorStatus: Record<PaymentErrorCode, 400 | 403 | 429 | 502> = {
  enrollment_closed: 403,
  unknown_company_code: 400,
  rate_limited: 429,
  checkout_failed: 502,
};

export const companyCodeRateLimitMessage = "Too many company code attempts. Please wait a minute and try again.";

export type StartResult =
  { type: "checkout"; url: string; sessionId: string; recordId: string } | { type: "enrolled"; registrationId: string };

interface StartOptions {
  userId: string;
  /** The site's public origin, for Stripe's success and cancel urls. */
  origin: string;
  now: Date;
  /** For the company-code rate limit. */
  clientIp: string;
  requestId?: string;
}

/** Why enrollment refuses at `now`, or null while it is open. */
export function enrollmentClosedMessage(now: Date): string | null {
  const state = enrollmentState(now);
  if (state === "open") return null;
  if (state === "notYetOpen") return `Enrollment opens on ${formatMountain(EARLY_ENROLLMENT_OPENS, "dateTime")}.`;
  return "Enrollment for this edition has closed.";
}

export async function startRegistration(
  env: Env,
  input: RegistrationInput,
  options: StartOptions,
): Promise<StartResult> {
  const { now, userId, origin, requestId } = options;
  const closed = enrollmentClosedMessage(now);
  if (closed) throw new PaymentError("enrollment_closed", closed);
  const db = getDb(env);
  const id = crypto.randomUUID();
  const at = now.toISOString();

  if (input.registrationType === "individual" && input.employerCode) {
    // Every code attempt counts, so the limit bounds guessing whatever the answers.
    const { success } = await env.RATE_LIMITER.limit({ key: `company-code:${options.clientIp}` });
    if (!success) throw new PaymentError("rate_limited", companyCodeRateLimitMessage, "employerCode");
    const organization = await organizationForCode(db, input.employerCode);
    if (!organization) {
      log("info", "payments.company_code_unknown", { requestId });
      throw new PaymentError("unknown_company_code", registrationMessages.companyCodeUnknown, "employerCode");
    }
    const notification = confirmationInsert(db, enrollmentConfirmation, {
      recipient: input.email,
      now,
      payload: confirmationPayload(now, {
        recordId: id,
        firstName: input.firstName,
        item: "Individual enrollment (Workforce Package)",
        amountCents: null,
        companyCode: null,
        organizationName: organization.companyName,
      }),
    });
    await db.batch([
      db.insert(registrations).values({
        id,
        userId,
        registrationType: "individual",
        plan: "individual",
        pricingPhase: pricingPhase(now),
        amountCents: 0,
        status: "enrolled",
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        companyName: input.companyName ?? organization.companyName,
        employerCode: input.employerCode,
        organizationRegistrationId: organization.id,
        createdAt: at,
        updatedAt: at,
      }),
      notification.statement,
    ]);
    await enqueueNotifications(env, [notification.id], { requestId, kind: enrollmentConfirmation.kind });
    log("info", "payments.enrolled_with_code", { requestId, registrationId: id, organizationId: organization.id });
    return { type: "enrolled", registrationId: id };
  }

  const plan = input.registrationType;
  const quote = quoteRegistration(env, plan, now);
  await db.insert(registrations).values({
    id,
    userId,
    registrationType: plan,
    plan,
    pricingPhase: quote.phase,
    amountCents: quote.amountCents,
    status: "pending",
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    companyName: input.companyName ?? null,
    employerCode: null,
    title: input.registrationType === "workforce" ? input.title : null,
    employerWebsite: input.registrationType === "workforce" ? input.employerWebsite : null,
    createdAt: at,
    updatedAt: at,
  });
  return openCheckout(env, "registration", id, {
    customerEmail: input.email,
    quote,
    successUrl: `${origin}/registration-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/register?tab=${plan}`,
    requestId,
    now,
  });
}

export async function startSponsorship(
  env: Env,
  input: SponsorshipInput,
  options: Omit<StartOptions, "clientIp">,
): Promise<StartResult> {
  const { now, userId, origin, requestId } = options;
  const db = getDb(env);
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const quote = quoteSponsorship(input.sponsorshipTier);
  await db.insert(sponsorships).values({
    id,
    userId,
    tier: input.sponsorshipTier,
    amountCents: quote.amountCents,
    status: "pending",
    firstName: input.firstName,
    lastName: input.lastName,
    title: input.title,
    companyName: input.companyName,
    companyUrl: input.companyUrl,
    email: input.email,
    phone: input.phone,
    createdAt: at,
    updatedAt: at,
  });
  return openCheckout(env, "sponsorship", id, {
    customerEmail: input.email,
    quote,
    successUrl: `${origin}/sponsor-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/sponsor-register`,
    invoiceCreation: true,
    requestId,
    now,
  });
}

async function openCheckout(
  env: Env,
  kind: "registration" | "sponsorship",
  recordId: string,
  options: {
    customerEmail: string;
    quote: ReturnType<typeof quoteSponsorship>;
    successUrl: string;
    cancelUrl: string;
    invoiceCreation?: boolean;
    requestId?: string;
    now: Date;
  },
): Promise<StartResult> {
  const db = getDb(env);
  const table = kind === "registration" ? registrations : sponsorships;
  const gateway = checkoutGateway(env);
  let session;
  try {
    session = await gateway.create({
      idempotencyKey: `${kind}:${recordId}`,
      clientReferenceId: recordId,
      metadata: { kind, record_id: recordId },
      customerEmail: options.customerEmail,
      successUrl: options.successUrl,
      cancelUrl: options.cancelUrl,
      lineItem: {
        amountCents: options.quote.amountCents,
        productName: options.quote.productName,
        ...(options.quote.priceId ? { priceId: options.quote.priceId } : {}),
      },
      invoiceCreation: options.invoiceCreation,
    });
  } catch (error) {
    log("error", "payments.checkout_create_failed", { requestId: options.requestId, kind, recordId, error });
    await db
      .update(table)
      .set({ status: "failed", updatedAt: options.now.toISOString() })
      .where(eq(table.id, recordId));
    throw new PaymentError("checkout_failed", "We couldn't start the payment. Please try again in a moment.");
  }
  if (!session.url) throw new PaymentError("checkout_failed", "The payment page is not available. Please try again.");
  await db.update(table).set({ checkoutSessionId: session.id }).where(eq(table.id, recordId));
  log("info", "payments.checkout_created", {
    requestId: options.requestId,
    kind,
    recordId,
    sessionId: session.id,
    gateway: gateway.name,
  });
  return { type: "checkout", url: session.url, sessionId: session.id, recordId };
}
