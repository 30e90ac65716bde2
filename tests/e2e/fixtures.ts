import { test as base } from "@playwright/test";
import { uniqueIp } from "../rate-limit-window";

export { expect } from "@playwright/test";

/**
 * Answers uncompressed, for the test browser's contexts: locally the runtime
 * gzips each answer anew (about 6 ms of a server's CPU for the 215 KB entry
 * script, measured, and the browser's to inflate it), where in production
 * Cloudflare's edge compresses and caches; no site code compresses a page or
 * an asset, and no browser test is about compression (`budgets.spec.ts`
 * weighs gzip sizes itself).
 */
export const uncompressed = { "accept-encoding": "identity" };

/**
 * Playwright's `test`, whose browser context (the `page` of a test, and the
 * `page.request` it shares cookies with) comes from a client address of its
 * own and asks for answers `uncompressed`. Sign-in and sign-up are limited per address (10 a minute), and
 * locally wrangler dev keeps the CF-Connecting-IP a client sends: without
 * one, every test would count against the one default address, which a fast
 * run goes past. A context a test opens itself gets one from
 * `uniqueIp()`; `page.setExtraHTTPHeaders` adds to this header (a
 * clock, say), `context.setExtraHTTPHeaders` replaces it.
 */
export const test = base.extend({
  context: async ({ context, extraHTTPHeaders }, use) => {
    await context.setExtraHTTPHeaders({ "cf-connecting-ip": uniqueIp(), ...uncompressed, ...extraHTTPHeaders });
    await use(context);
  },
});
