/**
 * /organize/organizers (issue 32): directors only (the page's permission,
 * app/desk/pages.ts): who holds which role, granting, changing and
 * removing one, and proposing a director's (ADR 021). Each form is a
 * registered action with its audit row, and asks for the code again.
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { DirectorSection, GrantSection, OrganizersSection } from "~/components/organize/organizers";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { organizersDeskIntents, organizersDeskView } from "~/organize/desk.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/organizers";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Organizers", "Who runs the Challenge, and with which role."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return deskPage(await organizersDeskView(context.get(deskContext)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.organizers", intents: organizersDeskIntents, redirectTo: "/organize/organizers" },
  );
}

export const headers = signedInPageHeaders;

export default function Organizers({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title="Organizers" lead="Only directors grant and remove roles." />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <OrganizersSection organizers={view.organizers} me={view.me} actionData={actionData} />
        <GrantSection roles={view.roles} actionData={actionData} />
        <DirectorSection director={view.director} actionData={actionData} />
      </DeskBody>
    </>
  );
}
