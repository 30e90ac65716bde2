/**
 * What starting a payment takes and answers, and how it refuses: shared by
 * the checkout (./checkout.server.ts), the company-code enrollment it hands
 * off to (./enrollment.server.ts) and the API, in a module of its own: the
 * enrollment once imported them from the checkout that imports it.
 */

export type StartResult =
  { type: "checkout"; url: string; sessionId: string; recordId: string } | { type: "enrolled"; registrationId: string };

export interface StartOptions {
  userId: string;
  /** The site's public origin, for Stripe's success and cancel urls. */
  origin: string;
  now: Date;
  /** The signed-in account's address: confirmations go there, never to an address typed in the form. */
  accountEmail: string;
  /** From the server's session (isEmailVerified), never the browser: required for workforce and company codes. */
  emailVerified: boolean;
  /** For the per-client limits: an IPv4 address or IPv6 /64 (app/lib/client-limit.server.ts). */
  clientIp: string;
  requestId?: string;
}

export type PaymentErrorCode =
  | "enrollment_closed"
  | "sponsorship_closed"
  | "unknown_company_code"
  | "company_code_other_edition"
  | "email_unverified"
  | "rate_limited"
  | "checkout_failed";

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
  sponsorship_closed: 403,
  unknown_company_code: 400,
  company_code_other_edition: 403,
  email_unverified: 403,
  rate_limited: 429,
  checkout_failed: 502,
};
