/**
 * /credentials/achievements/:edition/:achievement (issue 26): the
 * Achievement every credential of that kind embeds, at its own id, for
 * verifiers and wallets that look it up.
 */
import { data } from "react-router";
import { achievementOf } from "~/content/credentials";
import { editionsFor } from "~/clock/clock.server";
import { requestContext } from "~/context";
import { achievementDocument } from "~/credentials/credential.server";
import { OB_CONTEXT, VC_V2_CONTEXT } from "~/credentials/proof.server";
import { siteOrigin } from "~/lib/meta";
import type { Route } from "./+types/achievement";

export function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const edition = editionsFor(env).find((candidate) => candidate.id === params.edition && !candidate.isFixture);
  const achievement = edition ? achievementOf(edition.id, params.achievement) : undefined;
  if (!edition || !achievement) throw data(null, { status: 404 });
  const document = {
    "@context": [VC_V2_CONTEXT, OB_CONTEXT],
    ...achievementDocument(achievement, edition.id, siteOrigin(request, env)),
  };
  return new Response(JSON.stringify(document, null, 2), {
    headers: { "Content-Type": "application/ld+json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
