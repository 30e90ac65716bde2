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
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { PresenceSection } from "~/components/organize/sponsor-presence";
import { presenceDeskIntents, presenceDeskView } from "~/sponsors/desk.server";
import { deskContext } from "~/organize/guard.server";
import { sponsorshipsDeskView } from "~/people/desk.server";
import type { Route } from "./+types/sponsorships";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(peopleText.sponsorshipsPageTitle, peopleText.sponsorshipsPageLead("")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const [view, presence] = await Promise.all([
    sponsorshipsDeskView(desk, new URL(request.url)),
    presenceDeskView(desk),
  ]);
  return deskPage({ ...view, presence });
}

/** Approving or returning a sponsor's presence (issue 54). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.sponsorships", intents: presenceDeskIntents, redirectTo: "/organize/sponsorships#presence" },
  );
}

export const headers = signedInPageHeaders;

export default function Sponsorships({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title={peopleText.sponsorshipsPageTitle}
        lead={peopleText.sponsorshipsPageLead(view.editionName)}
      />
      <DeskBody>
        <PresenceSection view={view.presence} actionData={actionData} />
        <SponsorshipsSection view={view} />
      </DeskBody>
    </>
  );
}
