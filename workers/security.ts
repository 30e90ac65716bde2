/**
 * Response hardening and the cross-site write check, applied by the worker
 * entry to every request. The stance is written down in
 * docs/decisions/002-csp-and-cross-site-writes.md.
 */

/** 128 random bits, base64: a fresh CSP nonce for each response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const requestIds = new WeakMap<Request, string>();

/**
 * The request's id: Cloudflare's ray id when there is one (it ties our logs to
 * theirs), else a UUID. Memoized per request so the entry, the API and the
 * pages all log the same id.
 */
export function requestIdFor(request: Request): string {
  let id = requestIds.get(request);
  if (id === undefined) {
    id = request.headers.get("cf-ray") ?? crypto.randomUUID();
    requestIds.set(request, id);
  }
  return id;
}

/** A copy of a request (its body read by the entry) keeps the original's id. */
export function carryRequestId(original: Request, copy: Request): Request {
  requestIds.set(copy, requestIdFor(original));
  return copy;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// The content types a browser may send cross-site without a CORS preflight.
// JSON posts (a payment provider's webhook, our own fetches) need a preflight
// that we never grant, so a browser cannot forge them and they need no check.
const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];

/**
 * True for a form-encoded write that a browser sent from another site.
 * `Sec-Fetch-Site` decides when present (every current browser sends it);
 * otherwise an `Origin` that is not ours does. Requests with neither header
 * (curl, server-to-server) are not browser form posts and pass.
 */
export function isCrossSiteFormWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  const isFormLike = contentType === "" || FORM_CONTENT_TYPES.some((type) => contentType.startsWith(type));
  if (!isFormLike) return false;

  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";

  const origin = request.headers.get("origin");
  if (origin === null) return false;
  return origin !== new URL(request.url).origin;
}

export interface SecurityOptions {
  nonce: string;
  requestId: string;
  production: boolean;
}

export function contentSecurityPolicy({ nonce, production }: Pick<SecurityOptions, "nonce" | "production">): string {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonce-carrying entry load its own chunks.
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    // React renders style="" attributes; no script can be injected through styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // Vite's dev server talks over a websocket for hot reload.
    production ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
    // Chrome applies form-action to the redirect after a POST: checkout goes to Stripe.
    "form-action 'self' https://checkout.stripe.com",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ];
  if (production) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Returns a copy of the response with the security headers set. */
export function withSecurityHeaders(response: Response, options: SecurityOptions): Response {
  // Responses from fetch() and Response.redirect() have immutable headers.
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  const contentType = headers.get("content-type") ?? "";
  if (contentType.startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(options));
  } else if (!headers.has("Content-Security-Policy")) {
    // Non-HTML answers (JSON, text) never need to run anything.
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  }
  headers.set("X-Content-Type-Options", "nosniff");
  // A page that carries a secret in its URL (reset and verification links) sets its own stricter policy: it wins.
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  headers.set("X-Request-Id", options.requestId);
  if (options.production) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  }
  return secured;
}
