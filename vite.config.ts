import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  define: {
    // `npm run bench` builds with BENCH_BUILD=1 into its own directory: the vote's floor route and a
    // per-request count of D1 statements (workers/bench/). Any other build drops that code.
    __BENCH_BUILD__: JSON.stringify(process.env.BENCH_BUILD === "1"),
  },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Shared machines: the default 9229 may belong to someone else.
      inspectorPort: false,
      persistState: { path: ".wrangler/state" },
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: {
    tsconfigPaths: true,
    // Two stand-ins for the credentials' libraries (ADR 016): jsonld's Node
    // document loader imports an HTTP client (and undici, which workerd cannot
    // load) that is never used, since no context is ever fetched; and the VC
    // contexts package computes file URLs from import.meta.url, which throws in
    // a deployed worker.
    alias: {
      "@digitalbazaar/http-client": fileURLToPath(new URL("./app/credentials/no-http-client.ts", import.meta.url)),
      "@digitalbazaar/credentials-context": fileURLToPath(
        new URL("./app/credentials/credentials-context.ts", import.meta.url),
      ),
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The small modules every hydrating page loads (the document shell's
                // and the forms'): one chunk instead of a dozen, each of which costs
                // its own request and gzip overhead (form-page budget, ADR 007).
                {
                  name: "shell",
                  test: /[\\/]app[\\/](components[\\/](nonce|page)|content[\\/](navigation|site)|lib[\\/](meta|route-handle|toast)|accounts[\\/]safe-redirect|forms[\\/]fields)\b/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
