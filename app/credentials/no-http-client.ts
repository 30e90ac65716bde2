/**
 * Stands in for @digitalbazaar/http-client, which jsonld's Node document
 * loader imports (and, through it, undici, which does not load in workerd).
 * The credentials never use that loader: every call passes our static
 * document loader (proof.server.ts), so nothing is ever fetched. If anything
 * did try, it fails loudly here instead of reaching the network (ADR 016).
 */
function refuse(): never {
  throw new Error("network access is disabled for JSON-LD processing: contexts are bundled (ADR 016)");
}

export const httpClient = new Proxy(refuse, { get: () => refuse, apply: () => refuse() });
export const DEFAULT_HEADERS = {};
export default httpClient;
