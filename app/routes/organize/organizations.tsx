/**
 * /organize/organizations (issue 33): the edition's organizations, filtered by a GET form,
 * paged, with a link to the same selection as CSV (/organize/organizations.csv).
 * The same rows as the organizer API's `organizations.list` and
 * `npm run admin -- export organizations` (app/people/lists.server.ts).
 * Above them, the organizations' public listings waiting for review (issue 54).
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { OrganizationsSection } from "~/components/organize/people";
import { peopleText } from "~/content/organize";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { ListingsSection } from "~/components/organize/organization-listings";
import { listingDeskIntents, listingDeskView } from "~/organization/desk.server";
import { deskContext } from "~/organize/guard.server";
import { organizationsDeskView } from "~/people/desk.server";
import type { Route } from "./+types/organizations";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(peopleText.organizationsPageTitle, peopleText.organizationsPageLead("")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const [view, listings] = await Promise.all([
    organizationsDeskView(desk, new URL(request.url)),
    listingDeskView(desk),
  ]);
  return deskPage({ ...view, listings });
}

/** Approving or returning an organization's public listing (issue 54). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.organizations", intents: listingDeskIntents, redirectTo: "/organize/organizations#listings" },
  );
}

export const headers = signedInPageHeaders;

export default function Organizations({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title={peopleText.organizationsPageTitle}
        lead={peopleText.organizationsPageLead(view.editionName)}
      />
      <DeskBody>
        <ListingsSection view={view.listings} actionData={actionData} />
        <OrganizationsSection view={view} />
      </DeskBody>
    </>
  );
}
