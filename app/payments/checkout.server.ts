/**
 * Starting a payment: the one service behind the /register and
 * /sponsor-register actions and POST /api/payments/create-*-payment.
 * The record is written first (pending, with the server's price), then the
 * Checkout Session, with an idempotency key derived from the record.
 */
import { eq } from "drizzle-orm";
import type { Edition } from "~/content/editions";
import { checkoutRateLimitMessage, unverifiedEmailMessages } from "~/content/registration";
import { getDb } from "~/db/client.server";
import { registrations, sponsorships } from "~/db/schema";
import type { RegistrationInput } from "~/payments/registration-form";
import type { SponsorshipInput } from "~/payments/sponsorship-form";
import { log } from "~/lib/log.server";
import { editionAt } from "~/clock/clock.server";
import { publishedVersionOf } from "~/editions/cache.server";
import { enrollmentState, isSponsorshipOpen } from "~/clock/schedule";
import { formatMountain } from "~/clock/format";
import { enrollWithCompanyCode } from "./enrollment.server";
import { checkoutExpiresAt, registrationWindowEnd } from "./expiry.server";
import { checkoutGateway } from "./gateway.server";
import { quoteRegistration, quoteSponsorship } from "./plans.server";
import { PaymentError, type StartOptions, type StartResult } from "./start";

/** Each checkout writes a record and calls Stripe: counted per client like the contact form (issue 16). */
export async function checkoutAllowed(env: Env, clientIp: string): Promise<void> {
  const { success } = await env.RATE_LIMITER.limit({ key: `checkout:${clientIp}` });
  if (!success) throw new PaymentError("rate_limited", checkoutRateLimitMessage);
}

/** STRIPE_BANK_PAYMENTS=1: the Stripe account has US bank account payments turned on (docs/payments.md). */
export function bankPaymentsOn(env: Pick<Env, "STRIPE_BANK_PAYMENTS">): boolean {
  return env.STRIPE_BANK_PAYMENTS?.trim() === "1";
}

/** Why enrollment refuses at `now`, or null while it is open. */
export function enrollmentClosedMessage(now: Date, edition: Edition): string | null {
  const state = enrollmentState(now, edition);
  if (state === "open") return null;
  if (state === "notYetOpen") {
    return `Enrollment for the ${edition.name} opens on ${formatMountain(edition.enrollmentOpens, "dateTime")}.`;
  }
  return `Enrollment for the ${edition.name} has closed.`;
}

/** Why sponsorship refuses at `now`, or null while it is open. */
export function sponsorshipClosedMessage(now: Date, edition: Edition): string | null {
  if (isSponsorshipOpen(now, edition)) return null;
  return `Sponsorships for the ${edition.name} closed on ${formatMountain(edition.sponsorshipClosesAt, "longDate")}, when its finals began.`;
}

export async function startRegistration(
  env: Env,
  input: RegistrationInput,
  options: StartOptions,
): Promise<StartResult> {
  const { now, userId, origin, requestId } = options;
  const edition = editionAt(env, now);
  const closed = enrollmentClosedMessage(now, edition);
  if (closed) throw new PaymentError("enrollment_closed", closed);
  if (!options.emailVerified) {
    if (input.registrationType === "workforce") {
      throw new PaymentError("email_unverified", unverifiedEmailMessages.workforce);
    }
    if (input.employerCode) {
      throw new PaymentError("email_unverified", unverifiedEmailMessages.companyCode, "employerCode");
    }
  }
  if (input.registrationType === "individual" && input.employerCode) {
    return enrollWithCompanyCode(env, { ...input, employerCode: input.employerCode }, options, edition);
  }

  await checkoutAllowed(env, options.clientIp);
  const db = getDb(env);
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const plan = input.registrationType;
  const quote = quoteRegistration(env, plan, now, edition);
  await db.insert(registrations).values({
    id,
    // The edition the clock sells for today: the registration enrolls into it and no other.
    editionId: edition.id,
    // The published version it was priced from (ADR 024): what this person relied on.
    editionVersion: publishedVersionOf(edition),
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
    // An organization's bank account where the Stripe account offers it; a person pays by card (ADR 025).
    bankAccount: plan === "workforce" && bankPaymentsOn(env),
    expiresAt: checkoutExpiresAt(now, registrationWindowEnd(now, edition)),
    requestId,
    now,
  });
}

/** A sponsorship does not need a verified address (issue 13). */
export async function startSponsorship(
  env: Env,
  input: SponsorshipInput,
  options: Omit<StartOptions, "emailVerified">,
): Promise<StartResult> {
  const { now, userId, origin, requestId } = options;
  // Whatever the browser sends: no money for an edition whose finals have begun.
  const edition = editionAt(env, now);
  const closed = sponsorshipClosedMessage(now, edition);
  if (closed) throw new PaymentError("sponsorship_closed", closed);
  await checkoutAllowed(env, options.clientIp);
  const db = getDb(env);
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const quote = quoteSponsorship(input.sponsorshipTier);
  await db.insert(sponsorships).values({
    id,
    editionId: edition.id,
    editionVersion: publishedVersionOf(edition),
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
    bankAccount: bankPaymentsOn(env),
    // A sponsorship is payable until sponsorships close (the finals begin).
    expiresAt: checkoutExpiresAt(now, edition.sponsorshipClosesAt),
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
    bankAccount?: boolean;
    expiresAt: number;
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
      bankAccount: options.bankAccount,
      expiresAt: options.expiresAt,
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
