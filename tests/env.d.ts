import type { D1Migration } from "cloudflare:test";

// Bindings that exist only in the test runtime (vitest.config.ts).
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

/** vitest.config.ts `define`: true when UPDATE_EDITION_PAGES=1 asks to rewrite the 2026 pages' recorded hashes. */
declare global {
  const __UPDATE_EDITION_PAGES__: boolean;
}
