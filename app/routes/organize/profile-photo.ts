/**
 * GET /organize/profile-photos/:id (issue 54): the photo a judge or advisor
 * (by account id) gave with their profile in the desk's edition, for the
 * coordinator about to publish it (the desk's guard has checked the role:
 * app/desk/pages.ts). Private, never stored by a cache.
 */
import { data } from "react-router";
import { deskContext } from "~/organize/guard.server";
import { profileOf } from "~/profiles/profile.server";
import { photoResponse } from "~/profiles/serve.server";
import type { Route } from "./+types/profile-photo";

export async function loader({ context, params }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const profile = await profileOf(desk.db, params.id, desk.edition.id);
  const response = profile?.photoKey
    ? await photoResponse(desk.env.SUBMISSION_FILES, profile.photoKey, "private")
    : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
