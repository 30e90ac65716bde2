/**
 * /judging/:teamId (issue 24): one project assigned to the signed-in judge:
 * its five components, the rubric (1–10 per criterion, the weighted total as
 * the judge types with JavaScript, the saved total always), a private note,
 * a comment for the team, and "I know this team". 404 unless the project is
 * assigned to this judge and open. From the instant scores are final the
 * server refuses every write, whatever the browser sends.
 */
import { data } from "react-router";
import { Refusals } from "~/components/intent-form";
import { JudgingEnhancements } from "~/components/judging/enhancements";
import { Components, Declaration, Rubric } from "~/components/judging/project";
import { PageHero } from "~/components/page";
import { signedInPageHeaders } from "~/forms/action.server";
import { judgeContext } from "~/judging/guard.server";
import { judgingProjectAction } from "~/judging/intents.server";
import { projectView } from "~/judging/view.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/project";

export const meta: Route.MetaFunction = ({ loaderData: view }) => [
  ...pageMeta(view ? `Judging: ${view.name}` : "Judging", "A project assigned to you, and your scores."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const view = await projectView(context.get(judgeContext), params.teamId);
  if (!view) throw data(null, { status: 404 });
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

export const action = judgingProjectAction;

export const headers = signedInPageHeaders;

export default function JudgingProject({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Judging" title={view.name} lead={`${view.scoresFinal}.`} />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl space-y-8">
          <p>
            <a href="/judging" className="font-semibold text-brand-700 underline">
              ← Back to your projects
            </a>
          </p>
          {view.closed ? (
            <p
              role="status"
              className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4 font-medium text-amber-900"
              data-testid="read-only"
            >
              {view.closed}
            </p>
          ) : null}
          <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
          <Components view={view} />
          <Rubric view={view} actionData={actionData} />
          <Declaration view={view} actionData={actionData} />
        </div>
      </section>
      <JudgingEnhancements />
    </>
  );
}
