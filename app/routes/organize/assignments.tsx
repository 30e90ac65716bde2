/**
 * /organize/assignments (issues 24 and 32): run the assignment (after a
 * confirmation saying what it will do), then one tab at a time (issue 56,
 * `?view=`): each project's judges, each judge's load, or the conflicts of
 * interest with dismiss and add. Each form is a
 * registered organizer action (app/judging/assignment-actions.server.ts),
 * the same the organizer API and `npm run admin -- assign | conflicts |
 * dismiss-conflict | add-conflict` run.
 */
import { Refusals } from "~/components/intent-form";
import {
  AddConflictSection,
  AssignmentsTabs,
  ConflictsSection,
  LoadsSection,
  ProjectsSection,
  RunSection,
} from "~/components/organize/assignments";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { deskLinks } from "~/desk/pages";
import { signedInPageHeaders } from "~/forms/action.server";
import { assignmentsDeskIntents, assignmentsDeskView } from "~/judging/desk.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/assignments";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Assignments", "Who judges which project, and the conflicts of interest."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const view = await assignmentsDeskView(desk, new URL(request.url));
  return deskPage({ ...view, links: deskLinks(desk) });
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    {
      event: "organize.assignments",
      intents: assignmentsDeskIntents(new URL(request.url)),
      redirectTo: "/organize/assignments",
    },
  );
}

export const headers = signedInPageHeaders;

export default function Assignments({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title="Assignments and conflicts"
        lead={`${view.editionName}: ${view.judgesPerProject} judges per project.`}
      />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <RunSection view={view} actionData={actionData} />
        <AssignmentsTabs view={view} />
        {view.view === "projects" ? (
          <ProjectsSection view={view} links={view.links} />
        ) : view.view === "judges" ? (
          <LoadsSection view={view} />
        ) : (
          <>
            <ConflictsSection view={view} actionData={actionData} />
            <AddConflictSection view={view} actionData={actionData} />
          </>
        )}
      </DeskBody>
    </>
  );
}
