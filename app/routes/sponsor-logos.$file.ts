/**
 * GET /sponsor-logos/:file (issue 54): an approved sponsor's logo, by the
 * SHA-256 of its content, cached for a year as immutable (its address never
 * names other bytes). A logo no paid sponsorship shows (under review,
 * returned, or never uploaded) answers 404, like any unknown address.
 */
import { data } from "react-router";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { isApprovedLogo, logoKeyOf, logoResponse } from "~/sponsors/serve.server";
import type { Route } from "./+types/sponsor-logos.$file";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const key = logoKeyOf(params.file);
  const response =
    key && (await isApprovedLogo(getDb(env), key)) ? await logoResponse(env.SUBMISSION_FILES, key, "public") : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
