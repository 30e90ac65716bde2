/**
 * /credentials/issuer (issue 26): the issuer Profile of every credential the
 * site signs, with the public keys that verify them (current and retired,
 * app/credentials/keys.ts). The controller document of each key.
 */
import { requestContext } from "~/context";
import { issuerDocument } from "~/credentials/credential.server";
import { siteOrigin } from "~/lib/meta";
import type { Route } from "./+types/issuer";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const document = await issuerDocument(env, siteOrigin(request, env));
  return new Response(JSON.stringify(document, null, 2), {
    headers: { "Content-Type": "application/ld+json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
