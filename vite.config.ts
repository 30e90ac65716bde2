import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
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
    // jsonld's Node document loader imports an HTTP client (and undici, which
    // workerd cannot load); credentials never fetch a context, so a stub that
    // refuses stands in for it (app/credentials/no-http-client.ts, ADR 016).
    alias: { "@digitalbazaar/http-client": fileURLToPath(new URL("./app/credentials/no-http-client.ts", import.meta.url)) },
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
