/**
 * /organize/appeals (issues 24 and 32): the edition's appeals, open ones
 * first, and the committee's decision on each, recorded once. The form is
 * the registered organizer action `appeals.decide`
 * (app/judging/appeal-decisions.server.ts), the same the organizer API and
 * `npm run admin -- decide-appeal` run.
 */
import { Refusals } from "~/components/intent-form";
import { AppealsSection } from "~/components/organize/appeals";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { deskLinks } from "~/desk/pages";
import { signedInPageHeaders } from "~/forms/action.server";
import { appealsDeskIntents, appealsDeskView } from "~/judging/desk.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/appeals";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Appeals", "The teams' appeals of their judging and the committee's decisions."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const view = await appealsDeskView(desk, new URL(request.url));
  return deskPage({ ...view, links: deskLinks(desk) });
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.appeals", intents: appealsDeskIntents, redirectTo: "/organize/appeals#appeals" },
  );
}

export const headers = signedInPageHeaders;

export default function Appeals({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title="Appeals"
        lead={`${view.editionName}: the teams' appeals of their judging.`}
      />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <AppealsSection view={view} links={view.links} actionData={actionData} />
      </DeskBody>
    </>
  );
}
