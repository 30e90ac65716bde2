/**
 * /organize/registrations (issue 33): the edition's registrations, filtered by a GET form,
 * paged, with a link to the same selection as CSV (/organize/registrations.csv).
 * The same rows as the organizer API's `registrations.list` and
 * `npm run admin -- export registrations` (app/people/lists.server.ts).
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { RegistrationsSection } from "~/components/organize/people";
import { peopleText } from "~/content/organize";
import { deskLinks } from "~/desk/pages";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { registrationsDeskView } from "~/people/desk.server";
import type { Route } from "./+types/registrations";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(peopleText.registrationsPageTitle, peopleText.registrationsPageLead("")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  return deskPage({ ...(await registrationsDeskView(desk, new URL(request.url))), links: deskLinks(desk) });
}

export const headers = signedInPageHeaders;

export default function Registrations({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title={peopleText.registrationsPageTitle}
        lead={peopleText.registrationsPageLead(view.editionName)}
      />
      <DeskBody>
        <RegistrationsSection view={view} links={view.links} />
      </DeskBody>
    </>
  );
}
