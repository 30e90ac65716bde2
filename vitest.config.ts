import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Unit and integration tests run inside workerd against the *built* worker
// (`npm run build` first): the React Router server build only exists there.
// Kept apart from vite.config.ts, whose Cloudflare and React Router plugins do
// not load under vitest.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: "./build/server/wrangler.json" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The fake Resend API (tests/fakes/resend.ts) served by the global setup below.
            // RESEND_API_KEY stays unset: tests that send through Resend pass a key of their own.
            RESEND_BASE_URL: inject("resendBaseUrl"),
            // The fake Stripe API (tests/fakes/stripe.ts); tests pass their own STRIPE_SECRET_KEY (tests/integration/stripe-fake.ts).
            STRIPE_API_BASE: inject("stripeBaseUrl"),
          },
        },
      })),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
      globalSetup: ["./tests/fakes/resend-server.ts", "./tests/fakes/stripe-server.ts"],
      setupFiles: ["./tests/setup.ts"],
    },
  };
});
