/**
 * /organize/showcase (issue 33): the edition's submitted projects, each
 * hidden from the public gallery or shown again with a reason the team reads
 * on /portal (`showcase.hide`, `showcase.show`), and late-submission
 * exceptions for one team at a time (`deadlines.extend`, proposed here and
 * confirmed by a second director on /organize/proposals/:id). The same
 * actions the organizer API runs.
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { ExtensionsSection, ProjectsSection } from "~/components/organize/showcase";
import { moderationDeskText } from "~/content/showcase-moderation";
import { deskLinks } from "~/desk/pages";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { showcaseDeskIntents, showcaseDeskView, showcaseRedirect } from "~/showcase/desk.server";
import type { Route } from "./+types/showcase";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Showcase", "Moderate the public gallery and grant late-submission exceptions."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  return deskPage({ ...(await showcaseDeskView(desk, new URL(request.url))), links: deskLinks(desk) });
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.showcase", intents: showcaseDeskIntents, redirectTo: showcaseRedirect(new URL(request.url)) },
  );
}

export const headers = signedInPageHeaders;

export default function Showcase({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title={moderationDeskText.title}
        lead={moderationDeskText.lead(view.editionName)}
      />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <ProjectsSection view={view} links={view.links} actionData={actionData} />
        <ExtensionsSection view={view} links={view.links} actionData={actionData} />
      </DeskBody>
    </>
  );
}
