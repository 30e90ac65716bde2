import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and integration tests run inside workerd against the *built* worker
// (`npm run build` first): the React Router server build only exists there.
// Kept apart from vite.config.ts, whose Cloudflare and React Router plugins do
// not load under vitest.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const updateEditionPages = process.env.UPDATE_EDITION_PAGES === "1";
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
            // Cheap password hashes: tests create hundreds of accounts (ADR 005; production refuses it).
            PASSWORD_HASH_COST: "test",
          },
        },
      })),
    ],
    resolve: { tsconfigPaths: true },
    // Tests load app and worker modules as a normal (not the bench's) build has them.
    // UPDATE_EDITION_PAGES=1 rewrites the 2026 pages' recorded hashes instead of comparing them
    // (tests/integration/edition-2026-pages.test.ts says when and how).
    define: {
      __BENCH_BUILD__: "false",
      __UPDATE_EDITION_PAGES__: JSON.stringify(updateEditionPages),
    },
    test: {
      include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
      // The recorded pages are a file snapshot: writing over it is vitest's update mode.
      ...(updateEditionPages ? { update: true } : {}),
      globalSetup: ["./tests/fakes/resend-server.ts", "./tests/fakes/stripe-server.ts"],
      // One workerd per worker, not per file: a file's own would cost it some 4 s of start-up and of
      // loading the built worker again (docs/test-suite.md). Each file still starts from an empty
      // database (tests/setup.ts).
      isolate: false,
      setupFiles: ["./tests/setup.ts"],
      // The built wrangler.json declares every .js an ES module, so busboy
      // (CommonJS), imported by app code that tests load directly rather than
      // through the bundle, is pre-bundled to ESM first, its `require("stream")`
      // pointed at workerd's node:stream through an ES module. The JSON-LD
      // libraries under the credentials' proofs (ADR 016) are CommonJS too, and
      // so is much of the Digital Credentials Consortium's verifier, which the
      // tests run as outside verifiers do (ADR 017): pre-bundled whole.
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: ["busboy", "jsonld", "jsonld-signatures", "rdf-canonize", "@digitalcredentials/verifier-core"],
            rolldownOptions: {
              plugins: [
                {
                  name: "busboy-node-stream",
                  resolveId(id: string) {
                    if (id === "stream") return fileURLToPath(new URL("./tests/shims/node-stream.ts", import.meta.url));
                    if (id === "node:stream") return { id, external: true };
                    return null;
                  },
                },
              ],
            },
          },
        },
      },
    },
  };
});
