/**
 * GET /organize/organization-logos/:id (issue 54): the logo an
 * organization gave for its listing, under review, for the registrar
 * deciding on it (the desk's guard has checked the role: app/desk/pages.ts).
 * Private, never stored by a cache.
 */
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { organizationListings } from "~/db/schema";
import { deskContext } from "~/organize/guard.server";
import { logoResponse } from "~/sponsors/serve.server";
import type { Route } from "./+types/organization-logo";

export async function loader({ context, params }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const [listing] = await desk.db
    .select({ logoKey: organizationListings.logoKey })
    .from(organizationListings)
    .where(eq(organizationListings.organizationId, params.id))
    .limit(1);
  const response = listing?.logoKey ? await logoResponse(desk.env.SUBMISSION_FILES, listing.logoKey, "private") : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
