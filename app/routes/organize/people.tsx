/**
 * /organize/people (issue 33): find an account by name or e-mail address (a
 * GET form, paged), then open its page. The same search as the organizer
 * API's `people.search` (app/people/people.server.ts).
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { PeopleSearchSection } from "~/components/organize/people";
import { peopleText } from "~/content/organize";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { peopleDeskView } from "~/people/desk.server";
import type { Route } from "./+types/people";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(peopleText.searchTitle, peopleText.searchLead),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return deskPage(await peopleDeskView(context.get(deskContext), new URL(request.url)));
}

export const headers = signedInPageHeaders;

export default function People({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title={peopleText.searchTitle} lead={peopleText.searchLead} />
      <DeskBody>
        <PeopleSearchSection view={view} />
      </DeskBody>
    </>
  );
}
