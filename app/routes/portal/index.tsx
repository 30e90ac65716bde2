/**
 * /portal, the Challenge Portal (issue 15): the participant's enrollment, the
 * next deadlines with calendar links, their team and where their project
 * stands. Anyone who cannot use it yet is told why and the one step that
 * fixes it (sign in, verify, register). The layout's middleware has found
 * who asks (ADR 013); its writes are a participant's only.
 *
 * Server-rendered plain forms, no hydration: each team action posts an
 * intent (app/portal/intents.server.ts), answered with a redirect and a
 * toast, or the page again with the message. The project itself is edited
 * at /portal/submission.
 */
import { data } from "react-router";
import { Refusals } from "~/components/intent-form";
import { PageHero } from "~/components/page";
import {
  DeadlinesSection,
  EnrollmentSection,
  PastProjects,
  ProjectSection,
  WhyNot,
} from "~/components/portal/overview";
import { ModerationNotice } from "~/components/portal/moderation-notice";
import { ResultsSection } from "~/components/portal/results";
import { TeamSection } from "~/components/portal/team";
import { requestContext } from "~/context";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta, siteOrigin } from "~/lib/meta";
import { participantContext, portalContext } from "~/portal/guard.server";
import { portalHomeView } from "~/portal/home-view.server";
import { portalAction, teamIntents } from "~/portal/intents.server";
import type { Route } from "./+types/index";
import { editionsFor } from "~/clock/clock.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Challenge Portal", "Your team, your project and its deadlines in the Idaho AI Challenge."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const portal = context.get(portalContext);
  const participant = portal.access.kind === "participant" ? context.get(participantContext) : null;
  const view = await portalHomeView(portal, participant, siteOrigin(request, env), editionsFor(env));
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

export const action = portalAction(teamIntents, { event: "portal.team", redirectTo: "/portal#team" });

export const headers = signedInPageHeaders;

export default function Portal({ loaderData: view, actionData }: Route.ComponentProps) {
  const { participant } = view;
  const open = view.window === "open";
  return (
    <>
      <PageHero eyebrow="Participants" title="Challenge Portal" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-4xl space-y-8">
          {!participant ? (
            <WhyNot access={view.access} email={view.email} editionName={view.edition.name} />
          ) : (
            <>
              <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
              <ModerationNotice
                hiddenReason={participant.hiddenReason}
                extended={view.extended}
                deadline={view.deadline}
              />
              {participant.results ? <ResultsSection results={participant.results} actionData={actionData} /> : null}
              <EnrollmentSection view={view} participant={participant} />
              <DeadlinesSection
                ids={participant.deadlineIds}
                statuses={participant.deadlineStatuses}
                edition={view.edition}
                origin={participant.origin}
              />
              <ProjectSection participant={participant} open={open} />
              <TeamSection participant={participant} open={open} actionData={actionData} />
            </>
          )}
          <PastProjects projects={view.pastProjects} />
        </div>
      </section>
    </>
  );
}
