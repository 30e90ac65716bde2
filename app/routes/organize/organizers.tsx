/**
 * /organize/organizers (issue 32): directors only (the page's permission,
 * app/organize/pages.ts): who holds which role, granting, changing and
 * removing one. Each form is a registered action with its audit row.
 */
import { data } from "react-router";
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { GrantSection, OrganizersSection } from "~/components/organize/organizers";
import { deskMessages } from "~/content/organize";
import { requestContext } from "~/context";
import { signedInPageHeaders } from "~/forms/action.server";
import { handleIntentPost } from "~/forms/intent-action.server";
import { pageMeta } from "~/lib/meta";
import { organizersIntents } from "~/organize/desk-intents.server";
import { organizersView } from "~/organize/desk-view.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/organizers";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Organizers", "Who runs the Challenge, and with which role."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return data(await organizersView(context.get(deskContext)), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const desk = context.get(deskContext);
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "organize.organizers",
    intents: organizersIntents,
    ctx: desk,
    redirectTo: "/organize/organizers",
    rateLimit: { scope: "organize", keys: [desk.user.id], message: deskMessages.rateLimited },
    unknownIntent: deskMessages.unknownIntent,
    logFields: { userId: desk.user.id },
  });
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
      </DeskBody>
    </>
  );
}
