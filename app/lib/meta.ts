import { site } from "~/content/site";

/**
 * Title, description and Open Graph tags for a page: "Page title | Site name".
 * Pass `canonical` (an absolute URL, see `canonicalUrl`) to add the canonical
 * link and og:url; pages get the origin from `originLoader`.
 */
export function pageMeta(title: string, description: string, canonical?: string) {
  const tags = [
    { title: title === site.name ? site.name : `${title} | ${site.name}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary" },
  ];
  if (canonical) {
    return [
      ...tags,
      { tagName: "link", rel: "canonical", href: canonical },
      { property: "og:url", content: canonical },
    ];
  }
  return tags;
}

/**
 * The site's public origin (free of React Router: auth.server.ts and the
 * worker use it too): BASE_URL when the deployment sets it (so a preview
 * host or a proxy never leaks into canonical links), else the request's own.
 */
export function siteOrigin(request: Request, env?: { BASE_URL?: string }): string {
  const configured = env?.BASE_URL;
  if (configured && configured.trim() !== "") {
    try {
      return new URL(configured.trim()).origin;
    } catch {
      // A malformed BASE_URL falls back to the request's origin rather than breaking every page.
    }
  }
  return new URL(request.url).origin;
}

/**
 * Absolute canonical URL of a path: no query, no fragment, no trailing slash
 * (except "/"). Undefined without an origin (a meta function rendering an
 * error has no loader data), so the page simply goes without.
 */
export function canonicalUrl(origin: string | undefined, pathname: string): string | undefined {
  if (!origin) return undefined;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : "/";
  return new URL(path || "/", origin).href;
}
