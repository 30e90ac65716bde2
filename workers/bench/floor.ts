/**
 * The vote's floor (issues 34 and 56), in the bench's build only (`npm run
 * bench` builds with BENCH_BUILD=1; workers/app.ts reaches this module only
 * then, and tests/tools/production-build.test.mjs proves a normal build holds
 * none of it). `POST /__bench/floor/<slug>` does the vote's whole duty with
 * the product's own rule functions, and nothing of the framework around
 * them (React Router's routing, middleware and action, the intent helper's
 * form parsing and validation): the shown edition and the project's slug,
 * the form's intent, the session read (`getSession`: one statement), the
 * per-client allowance (`voteAllowance`, counted by the same limiter under
 * the same key), the vote intent's own handler (`castVote`: the window, the
 * verified address, the moderation rule and the voter's own team, all
 * checked inside its one write), its log line and its toast. The bench
 * measures it in the same run as the product's vote: the distance between
 * the two is what the framework adds, nothing the vote must do.
 */
import { getSession } from "~/auth/session.server";
import { clockFor, editionsFor, withRequestClock } from "~/clock/clock.server";
import { getDb } from "~/db/client.server";
import { clientAllowed, retryAfterHeaders } from "~/lib/client-limit.server";
import { isProduction } from "~/lib/config.server";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { VOTE_EVENT, voteAllowance, voteIntents } from "~/showcase/intents.server";
import { isProjectSlug, voteTarget } from "~/showcase/projects.server";
import { showcaseEdition } from "~/showcase/window";
import { requestIdFor } from "../security";

export const BENCH_FLOOR_PREFIX = "/__bench/floor/";

const plain = (status: number, text: string, headers: HeadersInit = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/** The status of what React Router's `data()` made, which a handler throws. */
function statusOf(thrown: unknown): number | undefined {
  return typeof thrown === "object" && thrown !== null && "init" in thrown
    ? (thrown as { init?: ResponseInit | null }).init?.status
    : undefined;
}

export async function floorVote(request: Request, baseEnv: Env): Promise<Response> {
  if (isProduction(baseEnv) || request.method !== "POST") return plain(404, "Not found");
  const requestId = requestIdFor(request);
  const env = withRequestClock(request, baseEnv);
  const slug = new URL(request.url).pathname.slice(BENCH_FLOOR_PREFIX.length);
  const { now, edition } = clockFor(env);
  const { shown } = showcaseEdition(now, edition, editionsFor(env));
  if (!shown || !isProjectSlug(slug)) return plain(404, "Not found");
  const form = await request.formData().catch(() => new FormData());
  if (form.get("intent") !== "vote") return plain(400, "Not a vote");
  const { user } = await getSession(request, env, { requestId });
  if (!user) return plain(401, "Sign in first");
  const logFields = { requestId, intent: "vote", userId: user.id };
  const allowance = voteAllowance(user);
  if (!(await clientAllowed(env, allowance.scope, request, ...allowance.keys, "vote"))) {
    log("warn", `${VOTE_EVENT}.rate_limited`, logFields);
    return plain(429, allowance.message, retryAfterHeaders());
  }
  const db = getDb(env);
  const ctx = {
    db,
    user,
    edition: shown,
    slug,
    now,
    clientIp: request.headers.get("cf-connecting-ip") ?? "unknown",
    target: () => voteTarget(db, shown.id, slug, user.id),
  };
  let outcome;
  try {
    outcome = await voteIntents.vote.handle({}, ctx);
  } catch (thrown) {
    // The handler throws React Router's 404 (`data(…, { status: 404 })`) for a project that is not shown.
    if (statusOf(thrown) === 404) return plain(404, "Not found");
    throw thrown;
  }
  log("info", `${VOTE_EVENT}.action`, { ...logFields, outcome: outcome.ok === true ? "done" : "refused" });
  if (outcome.ok === false) return plain(outcome.status, outcome.message);
  if (outcome.ok !== true) return plain(500, "The vote has no next step");
  return redirectWithToast(env, outcome.redirectTo ?? `/showcase/${slug}`, outcome.toast, { status: 303 });
}
