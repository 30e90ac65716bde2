/**
 * Cache-Control for HTML, decided once for every page (issue: fast by
 * measurement). Anonymous content is the same for every visitor, so the edge
 * may keep it for a few minutes and serve it stale while it refreshes;
 * anything that may carry a visitor's data (a session, a flash message, a
 * form result) must never be stored by a shared cache.
 */
export const PUBLIC_HTML_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
export const PRIVATE_NO_STORE = "private, no-store";

export function withCachePolicy(request: Request, response: Response): Response {
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.startsWith("text/html")) return response;
  // A route that chose its own policy knows best.
  if (response.headers.has("cache-control")) return response;
  response.headers.set("Cache-Control", isSharedCacheable(request, response) ? PUBLIC_HTML_CACHE : PRIVATE_NO_STORE);
  if (!response.headers.has("vary")) response.headers.set("Vary", "Cookie");
  return response;
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
