/**
 * GET /organize/sponsor-logos/:id (issue 54): the logo a sponsorship gave,
 * under review, for the registrar deciding on it (the desk's guard has
 * checked the role: app/desk/pages.ts). Private, never stored by a cache.
 */
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { sponsorPresences } from "~/db/schema";
import { deskContext } from "~/organize/guard.server";
import { logoResponse } from "~/sponsors/serve.server";
import type { Route } from "./+types/sponsor-logo";

export async function loader({ context, params }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const [presence] = await desk.db
    .select({ logoKey: sponsorPresences.logoKey })
    .from(sponsorPresences)
    .where(eq(sponsorPresences.sponsorshipId, params.id))
    .limit(1);
  const response = presence?.logoKey
    ? await logoResponse(desk.env.SUBMISSION_FILES, presence.logoKey, "private")
    : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
