/**
 * CORS on the public credential documents (issue 31): in-browser verifiers
 * (VerifierPlus, a wallet's web view) fetch the issuer profile, its keys, the
 * status lists, the achievements and a credential's JSON from another origin.
 * Those documents are public, so any origin may read them; only reads: GET and
 * HEAD, and the preflight (OPTIONS) a verifier's extra headers (Cache-Control,
 * Pragma) cause. No credentials are allowed (`*` forbids cookies), so a
 * private credential's JSON stays its holder's alone.
 */
const PUBLIC_CREDENTIAL_DOCUMENT =
  /^\/credentials\/(?:issuer(?:\/keys\/[^/]+)?|status\/[^/]+|achievements\/[^/]+\/[^/]+|[^/]+\/credential\.json)$/;

export const CORS_METHODS = "GET, HEAD, OPTIONS";

export function isPublicCredentialDocument(pathname: string): boolean {
  return PUBLIC_CREDENTIAL_DOCUMENT.test(pathname);
}

/** The answer to a preflight for a public credential document; null for anything else. */
export function corsPreflight(request: Request, pathname: string): Response | null {
  if (request.method.toUpperCase() !== "OPTIONS" || !isPublicCredentialDocument(pathname)) return null;
  return new Response(null, {
    status: 204,
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": CORS_METHODS,
      "Access-Control-Allow-Headers": request.headers.get("access-control-request-headers") ?? "*",
      "Access-Control-Max-Age": "86400",
    },
  });
}

/** Lets any origin read a public credential document answered to GET or HEAD. */
export function withCors(request: Request, pathname: string, response: Response): Response {
  const method = request.method.toUpperCase();
  if ((method !== "GET" && method !== "HEAD") || !isPublicCredentialDocument(pathname)) return response;
  const shared = new Response(response.body, response);
  shared.headers.set("Access-Control-Allow-Origin", "*");
  shared.headers.set("Access-Control-Allow-Methods", CORS_METHODS);
  return shared;
}
