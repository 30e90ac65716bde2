/**
 * GET /organization-logos/:file (issue 54): a recognized organization's
 * approved logo, by the SHA-256 of its content, served as sponsors' logos
 * are (app/sponsors/serve.server.ts): cached for a year as immutable, its
 * type from the content checked at upload. A logo no approved listing shows
 * answers 404, like any unknown address.
 */
import { data } from "react-router";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { isShownOrganizationLogo } from "~/organization/recognized.server";
import { ORGANIZATION_LOGO_KEY_PREFIX } from "~/sponsors/logo.server";
import { logoKeyOf, logoResponse } from "~/sponsors/serve.server";
import type { Route } from "./+types/organization-logos.$file";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const key = logoKeyOf(params.file, ORGANIZATION_LOGO_KEY_PREFIX);
  const response =
    key && (await isShownOrganizationLogo(getDb(env), key))
      ? await logoResponse(env.SUBMISSION_FILES, key, "public")
      : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
