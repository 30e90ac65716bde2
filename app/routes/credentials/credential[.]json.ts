/**
 * /credentials/:id/credential.json (issue 26): the signed Open Badges 3.0
 * credential, as a download. The same visibility as its page: a private
 * credential is a 404 to anyone but its holder, and an unverified or deleted
 * holder's to everyone (issue 31).
 */
import { data } from "react-router";
import { requestSessionUser } from "~/auth/request-session.server";
import { requestNow } from "~/clock/page-clock.server";
import { requestContext } from "~/context";
import { signedCredential } from "~/credentials/credential.server";
import { visibleCredential } from "~/credentials/page-view.server";
import { siteOrigin } from "~/lib/meta";
import type { Route } from "./+types/credential[.]json";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  // A session is read only when it can matter: for a private credential's holder.
  let visible = await visibleCredential(env, params.id, null);
  if (!visible) {
    const viewer = await requestSessionUser(request, context);
    visible = viewer ? await visibleCredential(env, params.id, viewer.id) : null;
  }
  if (!visible) throw data(null, { status: 404 });
  const { credential } = await signedCredential(env, visible.row, siteOrigin(request, env), requestNow(context));
  return new Response(JSON.stringify(credential, null, 2), {
    headers: {
      "Content-Type": "application/ld+json; charset=utf-8",
      "Content-Disposition": `attachment; filename="credential-${visible.row.id}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
