/**
 * What a judge's project page does (issue 24, ADR 013): save the scores,
 * note and comment, or declare a conflict of interest, each with its schema
 * and handler, run by `handleIntentPost` for the judge the layout's
 * middleware found (`judgeContext`), bound to the edition the judge is
 * judging now: last edition's projects are not theirs any more (issue 31).
 */
import type { RouterContextProvider } from "react-router";
import { judgingMessages } from "~/content/judging";
import { requestContext } from "~/context";
import { handleIntentPost, intent } from "~/forms/intent-action.server";
import { judgeContext, type JudgeAtWork } from "./guard.server";
import { declareConflict, judgingWriteRefusal, saveReview } from "./judge.server";
import { DeclareConflictSchema, SaveReviewSchema } from "./schema";

interface ProjectCtx {
  judging: JudgeAtWork;
  target: { judgeUserId: string; edition: JudgeAtWork["edition"]; teamId: string; now: Date };
}

export const projectIntents = {
  save: intent({
    schema: SaveReviewSchema,
    async handle(value, { judging, target }: ProjectCtx) {
      const { privateNote, teamComment, ...scores } = value;
      const answer = await saveReview(judging.db, target, { scores, privateNote, teamComment });
      if (!answer.ok) return answer;
      return { ok: true, toast: { type: "success", title: "Saved", description: judgingMessages.saved } };
    },
  }),
  declare: intent({
    schema: DeclareConflictSchema,
    async handle({ reason }, { judging, target }: ProjectCtx) {
      const answer = await declareConflict(judging.db, judging.d1, target, reason ?? "");
      if (!answer.ok) return answer;
      const toast = { type: "success", title: "Conflict declared", description: judgingMessages.declared } as const;
      return { ok: true, toast, redirectTo: "/judging" };
    },
  }),
};

/**
 * /judging/:teamId's action: its intents for this judge and project, refused
 * from the instant scores are final, counted per judge.
 */
export function judgingProjectAction({
  request,
  context,
  params,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { teamId: string };
}) {
  const { env, requestId } = context.get(requestContext);
  const judging = context.get(judgeContext);
  const { judge, now, edition } = judging;
  const target = { judgeUserId: judge.userId, edition, teamId: params.teamId, now };
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "judging.project",
    ctx: { judging, target },
    intents: projectIntents,
    redirectTo: `/judging/${params.teamId}#rubric`,
    rateLimit: { scope: "judging", keys: [judge.userId], message: judgingMessages.rateLimited },
    // The clock decides, whatever the page the browser still shows.
    closed: () => judgingWriteRefusal(now, edition),
    unknownIntent: judgingMessages.unknownIntent,
    logFields: { userId: judge.userId, teamId: params.teamId },
  });
}
