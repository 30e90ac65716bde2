import type { RouterContextProvider } from "react-router";
import { requestContext } from "~/context";
import { siteOrigin } from "./meta";

/**
 * A loader for content pages that need nothing but the origin for their
 * canonical link and JSON-LD: `export const loader = originLoader;`, then in
 * meta `pageMeta(t, d, canonicalUrl(loaderData.origin, location.pathname))`.
 */
export function originLoader({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  return { origin: siteOrigin(request, context.get(requestContext).env) };
}
