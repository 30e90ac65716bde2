import { canonicalUrl, pageMeta } from "./meta";

/**
 * The `meta` export of a content page whose loader returns `origin`:
 * unique title and description, plus the canonical link.
 */
export function contentMeta(title: string, description: string) {
  return ({ loaderData, location }: { loaderData?: { origin: string } | undefined; location: { pathname: string } }) =>
    pageMeta(title, description, loaderData ? canonicalUrl(loaderData.origin, location.pathname) : undefined);
}
