// The one place `Env` is extended: variables and secrets the worker reads that
// wrangler.toml does not declare (wrangler types writes the rest into
// worker-configuration.d.ts). They live in .dev.vars locally and in
// `wrangler secret put` in production. Optional here because each has a local
// default; .dev.vars.example lists them. Production refuses to start without
// the ones in app/lib/config.server.ts. (Test-only bindings: tests/env.d.ts.)
interface Env {
  APP_NOW?: string;
  /** "1" adds the test fixture edition (app/content/editions/fixture.ts); ignored in production. */
  APP_EDITION_FIXTURE?: string;
  BASE_URL?: string;
  BETTER_AUTH_SECRET?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /**
   * Tests only: the origin the Stripe SDK talks to instead of api.stripe.com
   * (the fake in tests/fakes/stripe.ts). Ignored in production.
   */
  STRIPE_API_BASE?: string;
  STRIPE_PRICE_INDIVIDUAL_EARLY?: string;
  STRIPE_PRICE_INDIVIDUAL_REGULAR?: string;
  STRIPE_PRICE_WORKFORCE_EARLY?: string;
  STRIPE_PRICE_WORKFORCE_REGULAR?: string;
  RESEND_API_KEY?: string;
  /** Tests point the Resend SDK at the fake in tests/fakes/resend.ts. */
  RESEND_BASE_URL?: string;
  EMAIL_FROM?: string;
  NOTIFY_TO?: string;
  /**
   * Signs Open Badges credentials (issue 26, ADR 016): `<key id>:<64 hex
   * characters>`, the key's name and its 32-byte Ed25519 seed. Locally the
   * committed development key (app/credentials/keys.ts) stands in.
   */
  CREDENTIAL_SIGNING_KEY?: string;
  /**
   * The organizers' LinkedIn company page id (the number in its admin URL):
   * "Add to LinkedIn profile" then names that page as the credential's
   * issuing organization. Without it, LinkedIn gets ORGANIZER_LEGAL_NAME as text.
   */
  LINKEDIN_ORGANIZATION_ID?: string;
  /**
   * "test" makes new password hashes cheap (app/auth/password.server.ts, ADR
   * 005) for the test workers and servers; unset (or "production") is
   * production strength. Production refuses to start with any other value.
   */
  PASSWORD_HASH_COST?: string;
  /**
   * Opens the organizers' bootstrap step (POST /api/organize/bootstrap, ADR
   * 018) while no director exists. Locally a development default; in
   * production the step answers 404 while this is unset.
   */
  ORGANIZER_BOOTSTRAP_SECRET?: string;
  /** The payee details a quote shows (bank, remit-to address), several lines; shown only when set (issue 53). */
  INVOICE_PAYEE_DETAILS?: string;
  /** Where the organizer's Form W-9 is (a URL, or a path under public/); shown only when set. */
  W9_URL?: string;
  /** "1": Checkout for organizations offers a US bank account (ACH) beside the card (ADR 025). */
  STRIPE_BANK_PAYMENTS?: string;
}
