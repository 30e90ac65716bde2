import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { requestContext } from "~/context";
import { isDevOnlyPath, isProduction, misconfigurationResponse } from "~/lib/config.server";
import { log } from "~/lib/log.server";
import { DATA_LIFECYCLE_CRON } from "~/retention/records.server";
import { withEditions, withRequestClock } from "~/clock/clock.server";
import { siteEditions } from "~/editions/cache.server";
import { previewRefusal, previewRefusesRequest, requestPreview, type RequestPreview } from "~/editions/preview.server";
import { signUnsignedCredentials } from "~/credentials/issue.server";
import { api } from "./api";
import { runDailyJobs } from "./daily-jobs";
import { handleNotificationBatch, sweepNotifications } from "./notifications-consumer";
import { withCachePolicy } from "./cache";
import { corsPreflight, withCors } from "./cors";
import { bodyLimitFor, isStreamedBodyPath, withBoundedBody, withCountedBody } from "./body-limit";
import { carryRequestId, createNonce, isCrossSiteFormWrite, requestIdFor, withSecurityHeaders } from "./security";

/**
 * React Router's handler, built once per isolate on the first document
 * request (issue 34). Given the build itself rather than a function that
 * returns it, React Router derives the route tree and its static handler
 * once, not on every request. Imported lazily: nothing runs at module scope.
 */
let documentHandler: Promise<RequestHandler> | undefined;

async function handleDocumentRequest(request: Request, context: RouterContextProvider): Promise<Response> {
  documentHandler ??= import("virtual:react-router/server-build").then(
    (build) => createRequestHandler(build, import.meta.env.MODE),
    (error: unknown) => {
      documentHandler = undefined;
      throw error;
    },
  );
  return (await documentHandler)(request, context);
}

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** A request's answer, and whether it showed an organizer's preview (which no cache may keep). */
interface Routed {
  response: Response;
  preview: RequestPreview | null;
}

async function route(
  incoming: Request,
  env: Env,
  ctx: ExecutionContext,
  nonce: string,
  requestId: string,
): Promise<Routed> {
  const url = new URL(incoming.url);
  const answer = (response: Response): Routed => ({ response, preview: null });
  if (isCrossSiteFormWrite(incoming)) {
    log("warn", "request.cross_site_write_refused", {
      requestId,
      method: incoming.method,
      path: url.pathname,
      origin: incoming.headers.get("origin"),
      fetchSite: incoming.headers.get("sec-fetch-site"),
    });
    return answer(
      new Response("Forbidden: this form was submitted from another site.", {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      }),
    );
  }
  if (isProduction(env) && isDevOnlyPath(url.pathname)) {
    return answer(new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } }));
  }
  // Before any route reads it: a body over its limit is refused unread (issue 16).
  const limit = bodyLimitFor(url.pathname);
  const bounded = isStreamedBodyPath(url.pathname)
    ? withCountedBody(incoming, limit)
    : await withBoundedBody(incoming, limit);
  if (bounded instanceof Response) {
    log("warn", "request.body_too_large", { requestId, method: incoming.method, path: url.pathname });
    return answer(bounded);
  }
  const request = bounded === incoming ? incoming : carryRequestId(incoming, bounded);
  // Public credential documents are readable from any origin (issue 31, workers/cors.ts).
  const preflight = corsPreflight(request, url.pathname);
  if (preflight) return answer(preflight);
  // Every reader of an edition takes it from the request (ADR 024): this isolate's copy, no D1 round trip when warm.
  const withOwnEditions = withEditions(env, { editions: await siteEditions(env) });
  const clocked = withRequestClock(request, withOwnEditions);
  // An organizer's preview of another day (issue 52): looked for only when the browser hints at one,
  // never on the desk; while it lasts, nothing outside the desk is paid, sent or saved.
  const preview = await requestPreview(request, url.pathname, clocked, requestId);
  if (preview?.env && previewRefusesRequest(request, url.pathname)) {
    log("info", "preview.write_refused", { requestId, method: request.method, path: url.pathname });
    return { response: previewRefusal(request), preview };
  }
  if (isApiPath(url.pathname)) {
    return answer(await api.fetch(request, withOwnEditions, ctx));
  }
  // The vote's floor, in the bench's build only (workers/bench/floor.ts); a normal build drops this branch.
  if (__BENCH_BUILD__ && url.pathname.startsWith("/__bench/floor/")) {
    return answer(await (await import("./bench/floor")).floorVote(request, withOwnEditions));
  }
  const context = new RouterContextProvider();
  context.set(requestContext, { env: preview?.env ?? clocked, ctx, nonce, requestId });
  return { response: withCors(request, url.pathname, await handleDocumentRequest(request, context)), preview };
}

async function serve(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const requestId = requestIdFor(request);
  const nonce = createNonce();
  // Production without its required settings answers every request with a 500 page (and a log line).
  const misconfigured = misconfigurationResponse(env, requestId);
  const { response, preview } = misconfigured
    ? { response: misconfigured, preview: null }
    : await route(request, env, ctx, nonce, requestId);
  const secured = withSecurityHeaders(response, { nonce, requestId, production: isProduction(env) });
  for (const cookie of preview?.setCookies ?? []) secured.headers.append("Set-Cookie", cookie);
  return withCachePolicy(request, secured, { previewed: Boolean(preview?.env) });
}

/**
 * Every five minutes: the outbox's sweep, and the credentials the admin CLI
 * wrote unsigned signed and kept (so no page view writes). Independent: one
 * that fails never skips the other, and says so in the log.
 */
async function runFiveMinuteSweeps(env: Env, now: Date) {
  const sweeps = [
    ["notifications", () => sweepNotifications(env, now)],
    ["credentials", () => signUnsignedCredentials(env, now)],
  ] as const;
  const outcomes = await Promise.allSettled(sweeps.map(async ([, sweep]) => sweep()));
  outcomes.forEach((outcome, index) => {
    if (outcome.status === "rejected")
      log("error", "sweep.failed", { sweep: sweeps[index]![0], error: outcome.reason });
  });
}

export default {
  // The bench's build counts each request's D1 statements (workers/bench/counted.ts); a normal build serves as is.
  fetch: __BENCH_BUILD__
    ? async (request, env, ctx) => (await import("./bench/counted")).withCountedStatements(request, env, ctx, serve)
    : serve,
  queue: handleNotificationBatch,
  async scheduled(controller, bare) {
    const now = new Date(controller.scheduledTime);
    const env = withEditions(bare, { editions: await siteEditions(bare) });
    // The daily jobs are independent: one that fails never skips the others (workers/daily-jobs.ts).
    if (controller.cron === DATA_LIFECYCLE_CRON) await runDailyJobs(env, now);
    else await runFiveMinuteSweeps(env, now);
  },
} satisfies ExportedHandler<Env>;
