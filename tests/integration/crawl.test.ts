import { describe, expect, it } from "vitest";
import { publicRoutes, sitemapRoutes } from "~/content/routes";
import { phaseClocks } from "../edition-2026";
import { fetchWithEnv } from "./worker";

/**
 * Starting at /, follows every internal link of the server's HTML: no link
 * leads to a 404 (or any error), every #fragment names an element on its
 * target page, and every page has exactly one <h1>. The public routes list
 * (app/content/routes.ts) is crawled too, so pages nobody links to yet are
 * still checked. In every phase of the 2026 edition, since links and
 * anchors come and go with it (the header's button, the showcase, results).
 * Until issue 30 a browser walked the site on one day, fetching each page
 * twice to read the HTML read here (tests/e2e/crawl.spec.ts): the same
 * checks took some 25 s there, and take about 0.6 s a phase here.
 */

const ORIGIN = "http://localhost";

/** Links that are meant to fail, by path with query. None so far: the 404 page is checked on its own (frame.test.ts). */
const intentionalNotFound = new Set<string>();

const MAX_PAGES = 400;

interface Visited {
  status: number;
  html: boolean;
  ids: Set<string>;
  h1Count: number;
}

/** Path with query, the crawl's key for a URL ("/register?tab=workforce"). */
const keyOf = (url: URL) => `${url.pathname}${url.search}`;

/** The ids, link targets and <h1> count of a page, read by workerd's HTML parser as the document's elements. */
async function pageFacts(response: Response) {
  const ids: string[] = [];
  const links: string[] = [];
  let h1Count = 0;
  await new HTMLRewriter()
    .on("[id]", { element: (el) => void ids.push(el.getAttribute("id") ?? "") })
    .on("a[href]", { element: (el) => void links.push(el.getAttribute("href") ?? "") })
    .on("h1", { element: () => void h1Count++ })
    .transform(response)
    .arrayBuffer();
  return { ids, links, h1Count };
}

async function crawl(appNow: string) {
  const visited = new Map<string, Visited>();
  const fragments: { from: string; target: string; fragment: string }[] = [];
  const linkedFrom = new Map<string, string>();
  const discovered = new Set<string>(["/"]);
  const queue: string[] = ["/"];
  // The route list, after everything reachable from / (so discovery is measured first).
  const extra = publicRoutes.map((r) => r.path as string);

  const enqueue = (key: string, from: string) => {
    if (!visited.has(key) && !queue.includes(key)) {
      queue.push(key);
      if (!linkedFrom.has(key)) linkedFrom.set(key, from);
    }
  };

  while (queue.length > 0 || extra.length > 0) {
    const key = queue.shift() ?? extra.shift()!;
    if (visited.has(key)) continue;
    if (visited.size >= MAX_PAGES) throw new Error(`more than ${MAX_PAGES} pages: is a link generating new URLs?`);

    const response = await fetchWithEnv(key, { APP_NOW: appNow }, { redirect: "manual" });
    const isHtml = (response.headers.get("content-type") ?? "").startsWith("text/html");
    const entry: Visited = { status: response.status, html: isHtml, ids: new Set(), h1Count: 0 };
    visited.set(key, entry);
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get("location");
      if (location) {
        const next = new URL(location, new URL(key, ORIGIN));
        if (next.origin === ORIGIN) enqueue(keyOf(next), key);
      }
      continue;
    }
    if (!isHtml) {
      await response.body?.cancel();
      continue;
    }

    const facts = await pageFacts(response);
    entry.ids = new Set(facts.ids);
    entry.h1Count = facts.h1Count;
    for (const href of facts.links) {
      const url = new URL(href, new URL(key, ORIGIN));
      if (url.origin !== ORIGIN || !/^https?:$/.test(url.protocol)) continue;
      const target = keyOf(url);
      if (url.hash.length > 1) fragments.push({ from: key, target, fragment: decodeURIComponent(url.hash.slice(1)) });
      discovered.add(url.pathname);
      enqueue(target, key);
    }
  }
  return { visited, fragments, linkedFrom, discovered };
}

describe("the site's links", () => {
  it.each(phaseClocks)(
    "in $phase, every internal link and anchor resolves, and every page has one h1",
    async ({ now }) => {
      const { visited, fragments, linkedFrom, discovered } = await crawl(now);

      const broken = [...visited]
        .filter(([key, v]) => v.status >= 400 && !intentionalNotFound.has(key))
        .map(([key, v]) => `${key} answered ${v.status} (linked from ${linkedFrom.get(key) ?? "the route list"})`);
      expect.soft(broken, "links to missing or failing pages").toEqual([]);

      const missingTargets = fragments
        .filter((f) => {
          const target = visited.get(f.target);
          return target?.html === true && target.status < 400 && !target.ids.has(f.fragment);
        })
        .map((f) => `${f.target}#${f.fragment} (linked from ${f.from})`);
      expect.soft(missingTargets, "#fragments without a target element").toEqual([]);

      const badHeadings = [...visited]
        .filter(([, v]) => v.html && v.status === 200 && v.h1Count !== 1)
        .map(([key, v]) => `${key} has ${v.h1Count} h1 elements`);
      expect.soft(badHeadings, "pages without exactly one h1").toEqual([]);

      const orphans = sitemapRoutes.map((r) => r.path as string).filter((path) => !discovered.has(path));
      expect.soft(orphans, "indexable pages no link leads to").toEqual([]);

      // Sanity: the crawl really walked the site and met anchors on the way.
      expect(visited.size).toBeGreaterThanOrEqual(publicRoutes.length);
      expect(fragments.length).toBeGreaterThan(0);
    },
  );
});
