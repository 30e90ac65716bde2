/**
 * The site's protective limits (issue 16), written once: the worker entry,
 * the actions, fulfillment and the notification sweep read them from here, and
 * docs/operations.md lists them for operators. Per-client counters use the
 * RATE_LIMITER binding, whose own allowance (10 a minute per key) is set in
 * wrangler.toml; `rateLimitPerMinute` restates it for the pages and the docs.
 */

import { completionImportRules } from "./credentials";
import { portalFileRules } from "./portal";

const KIB = 1024;

/** Request bodies larger than this are refused with 413 before any route reads them. */
export const requestBodyLimits = {
  /** Every form post and JSON call: the longest form (judge/advisor) is under 10 KB. */
  defaultBytes: 64 * KIB,
  /** Stripe's signed events: a charge or dispute with its expansions stays well under this. */
  stripeWebhookBytes: 512 * KIB,
  /**
   * A portal file upload (/portal/upload), streamed, never held whole: twice
   * the largest file a component takes, plus room for the form's other
   * parts. A moderately oversize file still reaches the route, which names
   * the component's own limit; only a far bigger one gets the 413 page.
   */
  /** /verify (issue 26): a pasted credential and an uploaded one, each at most VERIFY_MAX_BYTES, sent multipart. */
  verifyBytes: 160 * KIB,
  uploadBytes: 2 * Math.max(...Object.values(portalFileRules).map((rule) => rule.maxBytes)) + 64 * KIB,
  /**
   * The training provider's completions file (issue 33): the desk's upload
   * (multipart) and its confirmation, and the organizer API's import and
   * preview (JSON, whose escaping can double a file's size).
   */
  completionsBytes: 2 * completionImportRules.maxBytes + 16 * KIB,
} as const;

/** The RATE_LIMITER binding's allowance per key (wrangler.toml `simple = { limit = 10, period = 60 }`). */
export const rateLimitPerMinute = 10;

/** Seconds a refused client is told to wait (Retry-After): the binding's period. */
export const rateLimitRetryAfterSeconds = 60;

/**
 * Asking for a password-reset link or a verification e-mail is answered no
 * sooner than this, on the page and the JSON API alike, whether or not the
 * address has an account: the timing does not tell (issue 22).
 */
export const accountEmailMinimumAnswerMs = 500;

/**
 * IPv6 clients are counted per /64 (the prefix one subscriber or host is
 * routed): counting each address would hand anyone 2^64 fresh allowances.
 */
export const ipv6PrefixHextets = 4;

/**
 * Sign-in lockout (ADR 008). The strict limit is the binding's, per client
 * and address. Across all clients an address may fail this many times in the
 * window; past that, a client that has itself failed for the address in the
 * window is refused until the window passes, while a client that has not may
 * still try (so the owner is never locked out by someone else's guesses).
 */
export const signInLockout = {
  addressFailureCeiling: 20,
  windowMinutes: 15,
} as const;

/**
 * Codes given from a signed-in session (the desk's confirmation, /account's):
 * this many wrong in a row refuse every code for the account for this long
 * (issue 50). A right code resets the count. Sign-in keeps better-auth's own
 * lockout (10 wrong codes, 15 minutes).
 */
export const secondFactorLockout = {
  wrongCodesInARow: 5,
  minutes: 15,
} as const;

/**
 * A Checkout Session expires when the price or the enrollment window it was
 * opened in ends, within Stripe's bounds (30 minutes to 24 hours after
 * creation, with a minute's margin each side for the trip to Stripe). So a
 * session opened in the last half hour of a window may outlive it by at most
 * that half hour (ADR 008).
 */
export const checkoutSessionLifetime = {
  minMinutes: 31,
  maxMinutes: 24 * 60 - 1,
} as const;

/**
 * Dead notifications (retries exhausted) are queued once more by the sweep,
 * at the earliest this long after they died (an outage has usually passed),
 * at most this many per sweep, and never more than once each.
 */
export const deadNotificationRetry = {
  afterMinutes: 60,
  perSweep: 50,
} as const;

/**
 * Display-name changes (issue 31): the name beside a holder's credentials is
 * theirs to fix, not a field to rotate through a stream of identities next to
 * a genuine credential. A typo and its fix fit easily; saving the name it
 * already has is no change.
 */
export const displayNameChanges = {
  max: 5,
  days: 30,
} as const;
