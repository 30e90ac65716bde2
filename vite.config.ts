import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { badgeNames, badgePng } from "./scripts/badge-images.mjs";

/**
 * A PNG beside every badge SVG of public/badges/ (issue 31, ADR 017), for
 * wallets that show no SVG: rendered into the client build, and on request
 * by the development server. Never committed, never drawn by hand.
 */
function badgePngs(): Plugin {
  return {
    name: "badge-pngs",
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = /^\/badges\/([a-z0-9-]+)\.png$/.exec(request.url?.split("?")[0] ?? "")?.[1];
        if (!name || !badgeNames().includes(name)) return next();
        badgePng(name).then((png) => {
          response.setHeader("Content-Type", "image/png");
          response.end(png);
        }, next);
      });
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      for (const name of badgeNames()) {
        this.emitFile({ type: "asset", fileName: `badges/${name}.png`, source: await badgePng(name) });
      }
    },
  };
}

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
    badgePngs(),
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
