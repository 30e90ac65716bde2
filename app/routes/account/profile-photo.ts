/**
 * GET /account/profile/photo (issue 54): the photo of the signed-in
 * account's own profile, as saved (before any publication). Private.
 */
import { data } from "react-router";
import { requestContext, signedInContext } from "~/context";
import { profileOf } from "~/profiles/profile.server";
import { photoResponse } from "~/profiles/serve.server";
import type { Route } from "./+types/profile-photo";

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const { db, user, edition } = context.get(signedInContext);
  const profile = await profileOf(db, user.id, edition.id);
  const response = profile?.photoKey ? await photoResponse(env.SUBMISSION_FILES, profile.photoKey, "private") : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
