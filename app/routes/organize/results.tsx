/**
 * /organize/results (issue 32): the ranking, and the proposals that publish
 * the finalists and the awards. Each form proposes a one-way organizer
 * action (app/results/actions.server.ts, the same the organizer API and
 * `npm run admin -- publish-finalists | publish-awards` propose); the
 * browser goes to the proposal, which a different director confirms.
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { AwardsSection, FinalistsSection, PublishedSection, RankingSection } from "~/components/organize/results";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { resultsDeskIntents, resultsDeskView } from "~/results/desk.server";
import type { Route } from "./+types/results";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Results", "Propose the finalists and the awards for a second director to confirm."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return deskPage(await resultsDeskView(context.get(deskContext), new URL(request.url)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.results", intents: resultsDeskIntents, redirectTo: "/organize/results" },
  );
}

export const headers = signedInPageHeaders;

export default function Results({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title="Results"
        lead={`${view.editionName}: the ranking, and the publication of finalists and awards.`}
      />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <RankingSection view={view} />
        <FinalistsSection view={view} actionData={actionData} />
        <AwardsSection view={view} actionData={actionData} />
        <PublishedSection view={view} />
      </DeskBody>
    </>
  );
}
