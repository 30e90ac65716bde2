/**
 * /credentials/:id/credential.json (issue 26): the signed Open Badges 3.0
 * credential, as a download. The same visibility as its page: a private
 * credential is a 404 to anyone but its holder.
 */
import { data } from "react-router";
import { requestSessionUser } from "~/auth/session.server";
import { requestContext } from "~/context";
import { credentialRow, signedCredential } from "~/credentials/credential.server";
import { siteOrigin } from "~/lib/meta";
import type { Route } from "./+types/credential[.]json";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const row = await credentialRow(env.DB, params.id);
  if (!row || row.user_id.startsWith("deleted:")) throw data(null, { status: 404 });
  if (!row.is_public) {
    const viewer = await requestSessionUser(request, context);
    if (viewer?.id !== row.user_id) throw data(null, { status: 404 });
  }
  const credential = await signedCredential(env, row, siteOrigin(request, env));
  return new Response(JSON.stringify(credential, null, 2), {
    headers: {
      "Content-Type": "application/ld+json; charset=utf-8",
      "Content-Disposition": `attachment; filename="credential-${row.id}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
