/**
 * Cache-Control for HTML, decided once for every page (issue: fast by
 * measurement). Anonymous content is the same for every visitor, so the edge
 * may keep it for a few minutes and serve it stale while it refreshes;
 * anything that may carry a visitor's data (a session, a flash message, a
 * form result) must never be stored by a shared cache. A page's single-fetch
 * data (`/about.data`, React Router's `text/x-script` answer to a client-side
 * navigation or revalidation) holds what its HTML holds, the signed-in
 * person's e-mail and vote among it: it follows the same rule (issue 31).
 */
export const PUBLIC_HTML_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
export const PRIVATE_NO_STORE = "private, no-store";

export function withCachePolicy(
  request: Request,
  response: Response,
  { previewed = false }: { previewed?: boolean } = {},
): Response {
  // An organizer's preview of another day (issue 52) is theirs alone and never the site's: whatever
  // the route said, no cache keeps it, no cache answers it, and no search engine reads it.
  if (previewed) {
    response.headers.set("Cache-Control", PRIVATE_NO_STORE);
    response.headers.set("X-Robots-Tag", "noindex");
    return response;
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.startsWith("text/html") && !isPageData(request)) return response;
  // A route that chose its own policy knows best.
  if (response.headers.has("cache-control")) return response;
  response.headers.set("Cache-Control", isSharedCacheable(request, response) ? PUBLIC_HTML_CACHE : PRIVATE_NO_STORE);
  if (!response.headers.has("vary")) response.headers.set("Vary", "Cookie");
  return response;
}

/** React Router's single-fetch request for a page's loader data (its path ends in ".data"). */
function isPageData(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

function isSharedCacheable(request: Request, response: Response): boolean {
  const method = request.method.toUpperCase();
  return (
    (method === "GET" || method === "HEAD") &&
    response.status === 200 &&
    // Cookies mean a session or a flash message may shape the page.
    !request.headers.has("cookie") &&
    !response.headers.has("set-cookie")
  );
}
