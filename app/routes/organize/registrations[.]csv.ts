/**
 * /organize/registrations.csv (issue 33): the registrations the page's filter
 * selects (every page), every stored column, as the one CSV writer makes them.
 */
import { deskContext } from "~/organize/guard.server";
import { csvDownload, csvFilter, registrationsList } from "~/people/lists.server";
import { RegistrationsFilterSchema } from "~/people/schema";
import type { Route } from "./+types/registrations[.]csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const filter = csvFilter(RegistrationsFilterSchema, new URL(request.url));
  if (!filter) throw new Response(null, { status: 400 });
  const listing = await registrationsList(desk.db, {
    editionId: filter.edition ?? desk.edition.id,
    plan: filter.plan,
    status: filter.status,
  });
  return csvDownload(desk.action, listing, "registrations", filter);
}
