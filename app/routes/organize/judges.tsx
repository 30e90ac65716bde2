/**
 * /organize/judges (issues 24 and 32): the edition's judges with their
 * progress, inviting (by address or from an interest form), the open
 * invitations (resend, revoke) and removing a judge. Each form is a
 * registered organizer action (app/judging/actions.server.ts), the same the
 * organizer API and `npm run admin -- invite-judge | judges | remove-judge` run.
 * Issue 54 adds the advisors (invited from their offers with the same
 * action) and the judges' and advisors' profiles, with "Publish profiles".
 * One tab at a time (issue 56, `?view=`), each a table a page at a time.
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import {
  InterestsSection,
  InvitationsSection,
  InviteSection,
  JudgesSection,
  JudgesTabs,
} from "~/components/organize/judges";
import { signedInPageHeaders } from "~/forms/action.server";
import { judgesDeskIntents, judgesDeskView } from "~/judging/desk.server";
import { AdvisorInterestsSection, AdvisorsSection, ProfilesSection } from "~/components/organize/profiles";
import { profilesDeskIntents } from "~/profiles/desk.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/judges";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Judges", "The edition's judges, their progress and their invitations."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  return deskPage(await judgesDeskView(desk, new URL(request.url)));
}

export async function action({ request, context }: Route.ActionArgs) {
  const posted = new URL(request.url);
  const intents = { ...judgesDeskIntents(posted), ...profilesDeskIntents(posted) };
  return handleDeskPost({ request, context }, { event: "organize.judges", intents, redirectTo: "/organize/judges" });
}

export const headers = signedInPageHeaders;

export default function Judges({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title="Judges"
        lead={`${view.editionName}: scores are final ${view.scoresFinal}.`}
      />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <JudgesTabs view={view} />
        {view.view === "judges" ? (
          <JudgesSection view={view} actionData={actionData} />
        ) : view.view === "invitations" ? (
          <>
            <InviteSection view={view} actionData={actionData} />
            <InvitationsSection view={view} actionData={actionData} />
          </>
        ) : view.view === "interests" ? (
          <InterestsSection view={view} actionData={actionData} />
        ) : view.view === "advisor-interests" ? (
          <AdvisorInterestsSection view={view} actionData={actionData} />
        ) : view.view === "advisors" ? (
          <AdvisorsSection view={view} />
        ) : (
          <ProfilesSection view={view} actionData={actionData} />
        )}
      </DeskBody>
    </>
  );
}
