/**
 * /organize/judges (issues 24 and 32): the edition's judges with their
 * progress, inviting (by address or from an interest form), the open
 * invitations (resend, revoke) and removing a judge. Each form is a
 * registered organizer action (app/judging/actions.server.ts), the same the
 * organizer API and `npm run admin -- invite-judge | judges | remove-judge` run.
 * Issue 54 adds the advisors (invited from their offers with the same
 * action) and the judges' and advisors' profiles, with "Publish profiles".
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { InterestsSection, InvitationsSection, InviteSection, JudgesSection } from "~/components/organize/judges";
import { signedInPageHeaders } from "~/forms/action.server";
import { judgesDeskIntents, judgesDeskView } from "~/judging/desk.server";
import { AdvisorsSection, ProfilesSection } from "~/components/organize/profiles";
import { profilesDeskIntents, profilesDeskView } from "~/profiles/desk.server";
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
  const [view, profiles] = await Promise.all([judgesDeskView(desk, new URL(request.url)), profilesDeskView(desk)]);
  return deskPage({ ...view, profiles });
}

const intents = { ...judgesDeskIntents, ...profilesDeskIntents };

export async function action({ request, context }: Route.ActionArgs) {
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
        <JudgesSection view={view} actionData={actionData} />
        <InviteSection view={view} actionData={actionData} />
        <InvitationsSection view={view} actionData={actionData} />
        <InterestsSection view={view} actionData={actionData} />
        <AdvisorsSection view={view.profiles} actionData={actionData} />
        <ProfilesSection view={view.profiles} actionData={actionData} />
      </DeskBody>
    </>
  );
}
