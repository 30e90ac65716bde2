/**
 * /organize/votes (issue 33): the review of the audience vote — its flags,
 * the exclusions with their reasons, the tally so far — and the proposal of
 * the Audience Choice. Each form is a registered organizer action
 * (app/showcase/vote-review.server.ts), the same the organizer API and `npm
 * run admin -- exclude-votes | publish-audience-choice` run; the proposal
 * goes to its page, where a second director confirms it.
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import {
  ExcludeVotesSection,
  ExclusionsSection,
  FlagsSection,
  OrphanRefusals,
  ProposeSection,
  TallySection,
  VotingStatus,
} from "~/components/organize/votes";
import { voteDeskText } from "~/content/vote-review";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { votesDeskIntents, votesDeskView } from "~/showcase/desk.server";
import type { Route } from "./+types/votes";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(voteDeskText.title, voteDeskText.metaDescription),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return deskPage(await votesDeskView(context.get(deskContext), new URL(request.url)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.votes", intents: votesDeskIntents, redirectTo: "/organize/votes" },
  );
}

export const headers = signedInPageHeaders;

export default function Votes({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title={voteDeskText.title} lead={voteDeskText.lead(view.editionName)} />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <OrphanRefusals view={view} actionData={actionData} />
        <VotingStatus view={view} />
        <FlagsSection view={view} actionData={actionData} />
        <ExcludeVotesSection view={view} actionData={actionData} />
        <ExclusionsSection view={view} />
        <TallySection view={view} />
        <ProposeSection view={view} actionData={actionData} />
      </DeskBody>
    </>
  );
}
