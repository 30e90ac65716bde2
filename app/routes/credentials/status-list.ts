/**
 * /credentials/status/:list (issue 26, issue 31): a Bitstring Status List
 * credential, signed, whose bit i says whether the credential at index i of
 * this list is revoked (`npm run admin -- revoke-credential`). Only a list
 * that holds a credential exists; its validFrom is its last change, and it is
 * signed again only when that changes (credential.server.ts).
 */
import { data } from "react-router";
import { requestContext } from "~/context";
import { statusListCredential } from "~/credentials/credential.server";
import { siteOrigin } from "~/lib/meta";
import type { Route } from "./+types/status-list";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  if (!/^[1-9][0-9]{0,5}$/.test(params.list)) throw data(null, { status: 404 });
  const credential = await statusListCredential(env, Number(params.list), siteOrigin(request, env));
  if (!credential) throw data(null, { status: 404 });
  return new Response(JSON.stringify(credential), {
    // A revocation shows within a minute.
    headers: { "Content-Type": "application/ld+json; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
