/**
 * The vote's form on /showcase/:slug (issue 25): a plain POST naming the
 * `vote` intent, run by the one intent helper (ADR 013) for a signed-in
 * visitor. A visitor who is not signed in goes to /auth and comes back to the
 * project. The clock, the account and the project are the server's; the
 * post carries nothing else.
 */
import { data, type RouterContextProvider } from "react-router";
import * as z from "zod/mini";
import { signInFirst } from "~/auth/gate.server";
import { getSessionUser, type SessionUser } from "~/auth/session.server";
import { editionsFor } from "~/clock/clock.server";
import { formatMountain } from "~/clock/format";
import { requestClock } from "~/clock/page-clock.server";
import type { Edition } from "~/content/editions";
import { showcaseMessages } from "~/content/showcase";
import { requestContext } from "~/context";
import { getDb, type Db } from "~/db/client.server";
import { handleIntentPost, intent } from "~/forms/intent-action.server";
import { projectBySlug, type ShowcaseProject } from "./projects.server";
import { castVote } from "./votes.server";
import { showcaseEdition, showcaseOpensAt, votingWindow } from "./window";

interface VoteCtx {
  db: Db;
  user: SessionUser;
  edition: Edition;
  project: ShowcaseProject;
  now: Date;
  clientIp: string;
}

export const voteIntents = {
  vote: intent({
    schema: z.object({}),
    async handle(_, ctx: VoteCtx) {
      const answer = await castVote(ctx.db, ctx.user, ctx.edition, ctx.project, {
        now: ctx.now,
        clientIp: ctx.clientIp,
      });
      if (!answer.ok) return answer;
      return {
        ok: true,
        toast: { type: "success", title: "Your vote", description: answer.message },
        redirectTo: `/showcase/${ctx.project.slug}#your-vote`,
      };
    },
  }),
};

export async function voteAction({
  request,
  context,
  slug,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  slug: string;
}) {
  const { env, requestId } = context.get(requestContext);
  const { now, edition } = requestClock(context);
  const { shown } = showcaseEdition(now, edition, editionsFor(env));
  const db = getDb(env);
  const project = shown ? await projectBySlug(db, shown.id, slug) : null;
  if (!shown || !project) throw data(showcaseMessages.notFound, { status: 404 });
  const user = await getSessionUser(request, env, { requestId });
  if (!user) throw await signInFirst(request, env, { description: showcaseMessages.signInToVote });
  const ctx: VoteCtx = {
    db,
    user,
    edition: shown,
    project,
    now,
    clientIp: request.headers.get("cf-connecting-ip") ?? "unknown",
  };
  const window = votingWindow(now, shown);
  // The clock decides, whatever the page the browser still shows; castVote checks it again.
  const closed =
    window === "open"
      ? null
      : window === "closed"
        ? showcaseMessages.closed
        : showcaseMessages.notOpenYet(formatMountain(showcaseOpensAt(shown), "longDate"));
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "showcase.vote",
    intents: voteIntents,
    ctx,
    redirectTo: `/showcase/${slug}`,
    rateLimit: { scope: "showcase:vote", keys: [user.id], message: showcaseMessages.rateLimited },
    closed: () => closed,
    unknownIntent: showcaseMessages.unknownIntent,
    logFields: { userId: user.id },
  });
}
