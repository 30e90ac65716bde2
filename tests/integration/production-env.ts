/**
 * Every setting production requires today (app/lib/config.server.ts), and
 * none of the test-only ones the test worker runs with (vitest.config.ts):
 * pass it to fetchWithEnv to see the site in production mode. Without it,
 * production answers every request with the 500 "temporarily unavailable" page.
 */
export const completeProductionEnv: Partial<Env> = {
  ENVIRONMENT: "production",
  RESEND_API_KEY: "re_live_key",
  EMAIL_FROM: "Idaho AI Challenge <notifications@example.org>",
  NOTIFY_TO: "organizers@example.org",
  BETTER_AUTH_SECRET: "a-production-secret-of-32-characters",
  BASE_URL: "https://example.org",
  STRIPE_SECRET_KEY: "sk_live_key",
  STRIPE_WEBHOOK_SECRET: "whsec_live_secret",
  CREDENTIAL_SIGNING_KEY: "production-1:1111111111111111111111111111111111111111111111111111111111111111",
  CONTACT_EMAIL: "contact@organizer.example",
  CONTACT_PHONE: "(208) 555-0199",
  ORGANIZER_LEGAL_NAME: "Idaho Workforce AI Collaborative PBC",
  PASSWORD_HASH_COST: undefined,
};
