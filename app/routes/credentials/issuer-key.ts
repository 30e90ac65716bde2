/**
 * /credentials/issuer/keys/:keyId (issue 26): one public key as a Multikey
 * verification method, at a URL that never changes; retired keys stay here.
 */
import { data } from "react-router";
import { requestContext } from "~/context";
import { keyDocument } from "~/credentials/credential.server";
import { siteOrigin } from "~/lib/meta";
import type { Route } from "./+types/issuer-key";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const document = await keyDocument(env, siteOrigin(request, env), params.keyId);
  if (!document) throw data(null, { status: 404 });
  return new Response(JSON.stringify(document, null, 2), {
    headers: { "Content-Type": "application/ld+json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
