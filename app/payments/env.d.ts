// Variables of the payment path that wrangler.toml does not declare (see also app/env.d.ts).
interface Env {
  /**
   * Tests only: the origin the Stripe SDK talks to instead of api.stripe.com
   * (the fake in tests/fakes/stripe.ts). Ignored in production.
   */
  STRIPE_API_BASE?: string;
}
