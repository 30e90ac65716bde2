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
import { type SessionUser } from "~/auth/session.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { editionsFor } from "~/clock/clock.server";
import { formatMountain } from "~/clock/format";
import { requestClock } from "~/clock/page-clock.server";
import type { Edition } from "~/content/editions";
import { showcaseMessages } from "~/content/showcase";
import { requestContext } from "~/context";
import { getDb, type Db } from "~/db/client.server";
import { handleIntentPost, intent, type IntentPost } from "~/forms/intent-action.server";
import { isProjectSlug, voteTarget } from "./projects.server";
import { castVote, type VoteTarget } from "./votes.server";
import { showcaseEdition, showcaseOpensAt, votingWindow } from "./window";

interface VoteCtx {
  db: Db;
  user: SessionUser;
  edition: Edition;
  slug: string;
  now: Date;
  clientIp: string;
  /** The project and the voter's place on its team, read only if the vote is refused. */
  target: VoteTarget;
}

const notFound = () => data(showcaseMessages.notFound, { status: 404 });

/** The vote's log events' prefix (`showcase.vote.action`, `showcase.vote.rate_limited`). */
export const VOTE_EVENT = "showcase.vote";

/**
 * The vote's allowance: counted per client, account and intent, as every
 * intent post is (handleIntentPost). The bench's floor counts the same.
 */
export function voteAllowance(user: Pick<SessionUser, "id">): IntentPost<VoteCtx>["rateLimit"] {
  return { scope: "showcase:vote", keys: [user.id], message: showcaseMessages.rateLimited };
}

export const voteIntents = {
  vote: intent({
    schema: z.object({}),
    async handle(_, ctx: VoteCtx) {
      const answer = await castVote(ctx.db, ctx.user, ctx.edition, ctx.slug, {
        now: ctx.now,
        clientIp: ctx.clientIp,
        target: ctx.target,
      });
      if (!answer.ok && answer.status === 404) throw notFound();
      if (!answer.ok) return answer;
      return {
        ok: true,
        toast: { type: "success", title: "Your vote", description: answer.message },
        redirectTo: `/showcase/${ctx.slug}#your-vote`,
      };
    },
  }),
};

/** Reads `read` once, on the first call, however often it is asked. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= read());
}

/**
 * A vote costs the request's session read and one statement (issue 34):
 * whether the project is shown is checked inside the vote's write, and read
 * apart only to explain a refusal. A post for a project that is not shown
 * answers 404 whatever else is wrong with it, as it always has.
 */
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
  if (!shown || !isProjectSlug(slug)) throw notFound();
  const db = getDb(env);
  const user = await requestSessionUser(request, context);
  const target = once(() => voteTarget(db, shown.id, slug, user?.id ?? null));
  if (!user) {
    if (!(await target())) throw notFound();
    throw await signInFirst(request, env, { description: showcaseMessages.signInToVote });
  }
  const ctx: VoteCtx = {
    db,
    user,
    edition: shown,
    slug,
    now,
    clientIp: request.headers.get("cf-connecting-ip") ?? "unknown",
    target,
  };
  const window = votingWindow(now, shown);
  // The clock decides, whatever the page the browser still shows; castVote checks it again.
  const closed =
    window === "open"
      ? null
      : window === "closed"
        ? showcaseMessages.closed
        : showcaseMessages.notOpenYet(formatMountain(showcaseOpensAt(shown), "longDate"));
  const answer = await handleIntentPost({
    request,
    env,
    requestId,
    event: VOTE_EVENT,
    intents: voteIntents,
    ctx,
    redirectTo: `/showcase/${slug}`,
    rateLimit: voteAllowance(user),
    closed: () => closed,
    unknownIntent: showcaseMessages.unknownIntent,
    logFields: { userId: user.id },
  });
  // A refusal before the vote's write (unknown intent, closed, over the allowance) for no shown project: 404.
  if (!(answer instanceof Response) && !(await target())) throw notFound();
  return answer;
}
