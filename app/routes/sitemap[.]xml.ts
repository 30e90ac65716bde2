import { sitemapRoutes } from "~/content/routes";
import { canonicalUrl, siteOrigin } from "~/lib/meta";
import { requestContext } from "~/context";
import { showcaseProjectPaths } from "~/showcase/projects.server";
import type { Route } from "./+types/sitemap[.]xml";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Every public page worth indexing (app/content/routes.ts), and each project
 * page of the showcase (issue 25), as a sitemaps.org urlset.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context.get(requestContext).env);
  const paths = [...sitemapRoutes.map((r) => r.path as string), ...(await showcaseProjectPaths(context))];
  const urls = paths
    .map((path) => `  <url>\n    <loc>${escapeXml(canonicalUrl(origin, path) ?? "")}</loc>\n  </url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
