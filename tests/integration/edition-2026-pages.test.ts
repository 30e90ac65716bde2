/**
 * The 2026 pages, byte for byte, whoever stores the edition (issue 52, ADR 024).
 *
 * In each of the nine phases of 2026 (one instant inside each, tests/edition-2026.ts), every public GET page
 * (the route list, the sitemap, the calendar feed and each milestone's event, the credentials' achievement
 * pages) is fetched through the worker, normalised (CSP nonces and hashed asset names are the only parts that
 * change from one build or request to the next, with random ids) and its SHA-256 compared with tests/fixtures/edition-2026-pages.json,
 * written on the commit before 2026 moved from a TypeScript module into the database.
 *
 * Regenerate the JSON (only when a public page changes on purpose), from the repository's root:
 *
 *   npx react-router build && UPDATE_EDITION_PAGES=1 npx vitest run tests/integration/edition-2026-pages.test.ts
 *
 * This file depends on nothing of the move itself, so the JSON can be regenerated on any commit.
 */
import { describe, expect, it } from "vitest";
import { achievementsFor } from "~/content/credentials";
import { milestoneIds } from "~/content/editions/types";
import { publicRoutes } from "~/content/routes";
import recorded from "../fixtures/edition-2026-pages.json";
import { phaseClocks } from "../edition-2026";
import { fetchSite } from "./worker";

const paths: readonly string[] = [
  ...publicRoutes.map((route) => route.path as string),
  "/sitemap.xml",
  "/robots.txt",
  "/timeline.ics",
  ...milestoneIds.map((id) => `/timeline.ics?milestone=${id}`),
  ...achievementsFor("2026").map((achievement) => `/credentials/achievements/2026/${achievement.id}`),
];

/**
 * What varies between two renders of the same page: the CSP nonce, the build's hashed asset names and the
 * random ids a page hands out (a toast's, on the payment pages). What a form page hands the browser for
 * hydration is left out too: its loader data, which may carry the edition itself where it carried its id
 * (ADR 024), and the list of script chunks it preloads, which follows how the build splits modules (2026's
 * module leaves the client bundle). The HTML the page renders, compared here, stays the same.
 */
function normalised(body: string): string {
  return body
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, "")
    .replace(/(<script[^>]*>)[^<]*\/assets\/[^<]*(<\/script>)/g, "$1$2")
    .replace(/(<script[^>]*>)[^<]*__reactRouterContext\.streamController\.enqueue\([^<]*(<\/script>)/g, "$1$2")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/'nonce-[^']*'/g, "'nonce-'")
    .replace(/(\/assets\/[\w.-]+?)-[\w-]{8,}\.(js|css|woff2?|png|svg|webp)/g, "$1.$2");
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Status and body of a page as a browser would fetch it at `now`. */
async function pageHash(path: string, now: string): Promise<string> {
  const response = await fetchSite(path, { headers: { "X-App-Now": now }, redirect: "manual" });
  const body = normalised(await response.text());
  return sha256(`${response.status}\n${response.headers.get("content-type") ?? ""}\n${body}`);
}

describe("the 2026 pages before and after 2026 became data", () => {
  it("every public page of every phase renders as recorded", { timeout: 120_000 }, async () => {
    const hashes: Record<string, Record<string, string>> = {};
    for (const { phase, now } of phaseClocks) {
      const byPath: Record<string, string> = {};
      for (const path of paths) byPath[path] = await pageHash(path, now);
      hashes[phase] = byPath;
    }

    if (__UPDATE_EDITION_PAGES__) {
      await expect(`${JSON.stringify(hashes, null, 2)}\n`).toMatchFileSnapshot("../fixtures/edition-2026-pages.json");
      return;
    }
    const expected = recorded as Record<string, Record<string, string> | undefined>;
    for (const [phase, byPath] of Object.entries(hashes)) {
      for (const [path, hash] of Object.entries(byPath)) {
        expect
          .soft(hash, `${phase}: ${path} differs from the page recorded before the move`)
          .toBe(expected[phase]?.[path]);
      }
    }
    expect(Object.keys(hashes)).toEqual(Object.keys(expected));
  });
});
