/**
 * /organize/sponsorships (issue 33): the edition's sponsorships, filtered by a GET form,
 * paged, with a link to the same selection as CSV (/organize/sponsorships.csv).
 * The same rows as the organizer API's `sponsorships.list` and
 * `npm run admin -- export sponsorships` (app/people/lists.server.ts).
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { SponsorshipsSection } from "~/components/organize/people";
import { peopleText } from "~/content/organize";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { sponsorshipsDeskView } from "~/people/desk.server";
import type { Route } from "./+types/sponsorships";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(peopleText.sponsorshipsPageTitle, peopleText.sponsorshipsPageLead("")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return deskPage(await sponsorshipsDeskView(context.get(deskContext), new URL(request.url)));
}

export const headers = signedInPageHeaders;

export default function Sponsorships({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title={peopleText.sponsorshipsPageTitle}
        lead={peopleText.sponsorshipsPageLead(view.editionName)}
      />
      <DeskBody>
        <SponsorshipsSection view={view} />
      </DeskBody>
    </>
  );
}
