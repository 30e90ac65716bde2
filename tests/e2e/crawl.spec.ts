import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { publicRoutes, sitemapRoutes } from "../../app/content/routes";

/**
 * Starting at /, follows every internal link: no link leads to a 404 (or any
 * error), every #fragment names an element on its target page, and every page
 * has exactly one <h1>. The public routes list (app/content/routes.ts) is
 * crawled too, so pages nobody links to yet are still checked.
 */

/** Links that are meant to fail, by path with query. None so far: the 404 page is checked on its own below. */
const intentionalNotFound = new Set<string>();

const MAX_PAGES = 400;

interface Visited {
  status: number;
  html: boolean;
  ids: Set<string>;
  h1Count: number;
}

interface FragmentLink {
  from: string;
  target: string;
  fragment: string;
}

/** Path with query, the crawl's key for a URL ("/register?tab=workforce"). */
function keyOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

async function pageFacts(page: Page) {
  const ids = await page.locator("[id]").evaluateAll((els) => els.map((el) => el.id));
  const links = await page.locator("a[href]").evaluateAll((els) => els.map((el) => (el as HTMLAnchorElement).href));
  const h1Count = await page.locator("h1").count();
  return { ids, links, h1Count };
}

async function crawl(page: Page, request: APIRequestContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const visited = new Map<string, Visited>();
  const fragments: FragmentLink[] = [];
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

    const response = await request.get(key, { maxRedirects: 0 });
    const type = response.headers()["content-type"] ?? "";
    const isHtml = type.startsWith("text/html");
    const entry: Visited = { status: response.status(), html: isHtml, ids: new Set(), h1Count: 0 };
    visited.set(key, entry);
    if (response.status() >= 300 && response.status() < 400) {
      const location = response.headers()["location"];
      if (location) {
        const next = new URL(location, new URL(key, origin));
        if (next.origin === origin) enqueue(keyOf(next), key);
      }
      continue;
    }
    if (!isHtml) continue;

    await page.goto(key);
    const facts = await pageFacts(page);
    entry.ids = new Set(facts.ids);
    entry.h1Count = facts.h1Count;
    for (const href of facts.links) {
      const url = new URL(href, new URL(key, origin));
      if (url.origin !== origin || !/^https?:$/.test(url.protocol)) continue;
      const target = keyOf(url);
      if (url.hash.length > 1) fragments.push({ from: key, target, fragment: decodeURIComponent(url.hash.slice(1)) });
      discovered.add(url.pathname);
      enqueue(target, key);
    }
  }
  return { visited, fragments, linkedFrom, discovered };
}

test("every internal link and anchor resolves, and every page has one h1", async ({ page, request, baseURL }) => {
  test.setTimeout(600_000);
  const { visited, fragments, linkedFrom, discovered } = await crawl(page, request, baseURL!);

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
});

test("an unknown path is the one intended 404, with its own single h1", async ({ page }) => {
  const response = await page.goto("/no-such-page-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator("h1")).toHaveText("Oops! Page not found");
});
