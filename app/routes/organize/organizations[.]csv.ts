/**
 * /organize/organizations.csv (issue 33): the edition's organizations, who
 * bought each Workforce Package, its live company code and the employees
 * enrolled with it, as the one CSV writer makes them.
 */
import { deskContext } from "~/organize/guard.server";
import { csvDownload, csvFilter, organizationsList } from "~/people/lists.server";
import { EditionFilterSchema } from "~/people/schema";
import type { Route } from "./+types/organizations[.]csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const filter = csvFilter(EditionFilterSchema, new URL(request.url));
  if (!filter) throw new Response(null, { status: 400 });
  const listing = await organizationsList(desk.db, filter.edition ?? desk.edition.id);
  return csvDownload(desk.action, listing, "organizations", filter);
}
