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
import { judgingMessages } from "~/content/judging";
import { requestContext } from "~/context";
import { signedInPageHeaders } from "~/forms/action.server";
import { handleIntentPost, intent } from "~/forms/intent-action.server";
import { judgingContext } from "~/judging/guard.server";
import { declareConflict, judgingWriteRefusal, saveReview } from "~/judging/judge.server";
import { DeclareConflictSchema, SaveReviewSchema } from "~/judging/schema";
import { projectView } from "~/judging/view.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/project";

export const meta: Route.MetaFunction = ({ loaderData: view }) => [
  ...pageMeta(view ? `Judging: ${view.name}` : "Judging", "A project assigned to you, and your scores."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const view = await projectView(context.get(judgingContext), params.teamId);
  if (!view) throw data(null, { status: 404 });
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const judging = context.get(judgingContext);
  const { judge, db, d1, now, edition } = judging;
  // The layout's middleware answered 404 to anyone but an active judge.
  const judgeUserId = judge!.userId;
  // Bound to the edition the judge is judging now: last edition's projects are not theirs any more (issue 31).
  const target = { judgeUserId, edition, teamId: params.teamId, now };
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "judging.project",
    ctx: null,
    intents: {
      save: intent({
        schema: SaveReviewSchema,
        async handle(value) {
          const { privateNote, teamComment, ...scores } = value;
          const answer = await saveReview(db, target, { scores, privateNote, teamComment });
          if (!answer.ok) return answer;
          return { ok: true, toast: { type: "success", title: "Saved", description: judgingMessages.saved } };
        },
      }),
      declare: intent({
        schema: DeclareConflictSchema,
        async handle({ reason }) {
          const answer = await declareConflict(db, d1, target, reason ?? "");
          if (!answer.ok) return answer;
          const toast = { type: "success", title: "Conflict declared", description: judgingMessages.declared } as const;
          return { ok: true, toast, redirectTo: "/judging" };
        },
      }),
    },
    redirectTo: `/judging/${params.teamId}#rubric`,
    rateLimit: { scope: "judging", keys: [judgeUserId], message: judgingMessages.rateLimited },
    closed: () => judgingWriteRefusal(now, edition),
    unknownIntent: judgingMessages.unknownIntent,
    logFields: { userId: judgeUserId, teamId: params.teamId },
  });
}

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
