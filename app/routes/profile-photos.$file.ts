/**
 * GET /profile-photos/:file (issue 54): a published judge's or advisor's
 * photo, by the SHA-256 of its content. A photo no published profile shows
 * (waiting, withdrawn, never uploaded) answers 404, like any unknown address.
 */
import { data } from "react-router";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { isPublishedPhoto, photoKeyOf, photoResponse } from "~/profiles/serve.server";
import type { Route } from "./+types/profile-photos.$file";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const key = photoKeyOf(params.file);
  const response =
    key && (await isPublishedPhoto(getDb(env), key)) ? await photoResponse(env.SUBMISSION_FILES, key, "public") : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
