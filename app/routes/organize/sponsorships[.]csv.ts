/**
 * /organize/sponsorships.csv (issue 33): the sponsorships the page's filter
 * selects (every page), every stored column, as the one CSV writer makes them.
 */
import { deskContext } from "~/organize/guard.server";
import { csvDownload, csvFilter, sponsorshipsList } from "~/people/lists.server";
import { SponsorshipsFilterSchema } from "~/people/schema";
import type { Route } from "./+types/sponsorships[.]csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const filter = csvFilter(SponsorshipsFilterSchema, new URL(request.url));
  if (!filter) throw new Response(null, { status: 400 });
  const listing = await sponsorshipsList(desk.db, {
    editionId: filter.edition ?? desk.edition.id,
    tier: filter.tier,
    status: filter.status,
  });
  return csvDownload(desk.action, listing, "sponsorships", filter);
}
