/**
 * /organize/organizations (issue 33): the edition's organizations, filtered by a GET form,
 * paged, with a link to the same selection as CSV (/organize/organizations.csv).
 * The same rows as the organizer API's `organizations.list` and
 * `npm run admin -- export organizations` (app/people/lists.server.ts).
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { OrganizationsSection } from "~/components/organize/people";
import { peopleText } from "~/content/organize";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { organizationsDeskView } from "~/people/desk.server";
import type { Route } from "./+types/organizations";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(peopleText.organizationsPageTitle, peopleText.organizationsPageLead("")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return deskPage(await organizationsDeskView(context.get(deskContext), new URL(request.url)));
}

export const headers = signedInPageHeaders;

export default function Organizations({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title={peopleText.organizationsPageTitle}
        lead={peopleText.organizationsPageLead(view.editionName)}
      />
      <DeskBody>
        <OrganizationsSection view={view} />
      </DeskBody>
    </>
  );
}
