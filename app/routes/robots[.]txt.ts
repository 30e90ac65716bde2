import { disallowedPathPrefixes } from "~/content/routes";
import { requestContext } from "~/context";
import { siteOrigin } from "~/lib/meta";
import type { Route } from "./+types/robots[.]txt";

/**
 * robots.txt, served by the worker rather than from public/: its Sitemap line
 * must be an absolute URL, and the origin is known only per request (or from
 * BASE_URL).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context.get(requestContext).env);
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...disallowedPathPrefixes.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).href}`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
