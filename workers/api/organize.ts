import { Hono, type Context } from "hono";
import { clockFor, withRequestClock } from "~/clock/clock.server";
import { getDb } from "~/db/client.server";
import { isProduction } from "~/lib/config.server";
import { clientAllowed, retryAfterHeaders } from "~/lib/client-limit.server";
import { tokenHash } from "~/lib/link-token.server";
import { log } from "~/lib/log.server";
import { siteOrigin } from "~/lib/meta";
import { deskMessages } from "~/content/organize";
import {
  actionRefusal,
  actorMay,
  executeAction,
  runQuery,
  type ActionContext,
  type Actor,
} from "~/organize/action.server";
import type { Refusal } from "~/lib/refusal";
import { bootstrapSecret } from "~/organize/bootstrap";
import { bootstrapDirector } from "~/organize/organizers.server";
import { proposeAction } from "~/organize/proposals.server";
import { organizerActions, organizerQueries } from "~/desk/registry.server";
import { allPermissions, can } from "~/organize/roles";
import { actorOfToken } from "~/organize/tokens.server";
import type { ApiEnv } from "./env";

/**
 * The organizer API (issue 32, ADR 018), for the admin CLI and the
 * organizers' own scripts: the same registered actions and queries as the
 * desk, with a per-organizer token (`Authorization: Bearer iac_org_…`,
 * created on the desk), acting with the role its owner holds at the time of
 * the call. Every action writes its audit row; so does every read of personal
 * data (issue 50); other reads go to the ordinary log.
 * Session cookies do not authenticate here. The clock is the worker's: an
 * X-App-Now header moves it only outside production, as for pages.
 *
 *   POST /bootstrap                 the first director, with the bootstrap secret, while none exists
 *   GET  /me                        the token's owner, role and permissions
 *   GET  /actions                   every action, and whether this token may take it
 *   POST /actions/<id>              runs one (JSON body: its input); a one-way action is proposed instead
 *   GET  /queries/<id>?…            runs a read (query string: its input)
 *   POST /queries/<id>              the same read, its input as a JSON body (a completions file's preview)
 *   POST /proposals/<id>/confirm    refused: a proposal is confirmed on the desk, with the second factor
 */
type OrganizeEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { actor: Actor } };

function actionContext(c: Context<OrganizeEnv>, actor: Actor): ActionContext {
  const { now, edition } = clockFor(withRequestClock(c.req.raw, c.env));
  return {
    env: c.env,
    db: getDb(c.env),
    now,
    edition,
    origin: siteOrigin(c.req.raw, c.env),
    requestId: c.get("requestId"),
    actor,
  };
}

function refusalJson(c: Context<OrganizeEnv>, refusal: Refusal) {
  return c.json(
    { error: refusal.message, field: refusal.field, fieldErrors: refusal.fieldErrors },
    refusal.status as 400,
    refusal.status === 429 ? retryAfterHeaders() : undefined,
  );
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** Equal secrets, compared as hashes (so the time taken says nothing about how much of it was right). */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([tokenHash(given), tokenHash(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export const organize = new Hono<OrganizeEnv>();

// Every answer holds an organizer's data or a secret: never stored by a cache.
organize.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

organize.post("/bootstrap", async (c) => {
  const expected = bootstrapSecret(c.env.ORGANIZER_BOOTSTRAP_SECRET, isProduction(c.env));
  if (!expected) {
    // Closed; an operator who set a weak secret in production learns why from the log (issue 50).
    if (c.env.ORGANIZER_BOOTSTRAP_SECRET?.trim())
      log("warn", "organize.bootstrap_secret_too_weak", { requestId: c.get("requestId") });
    return c.json({ error: "Not found" }, 404);
  }
  if (!(await clientAllowed(c.env, "organize:bootstrap", c.req.raw))) {
    return refusalJson(c, { ok: false, message: deskMessages.rateLimited, status: 429 });
  }
  const given =
    c.req
      .header("authorization")
      ?.replace(/^Bearer\s+/i, "")
      .trim() ?? "";
  if (!given || !(await sameSecret(given, expected))) {
    log("warn", "organize.bootstrap_refused", { requestId: c.get("requestId") });
    return c.json({ error: deskMessages.bootstrapSecretWrong }, 401);
  }
  const body = (await readJson(c.req.raw)) as { email?: unknown; role?: unknown } | undefined;
  const email = typeof body?.email === "string" ? body.email : "";
  const role = typeof body?.role === "string" ? body.role : "";
  const done = await bootstrapDirector(actionContext(c, { kind: "job", name: "bootstrap" }), { email, role });
  if (!done.ok) return refusalJson(c, done);
  return c.json({ message: done.message, userId: done.userId });
});

const authed = new Hono<OrganizeEnv>();

authed.use(async (c, next) => {
  const { now } = clockFor(withRequestClock(c.req.raw, c.env));
  const actor = await actorOfToken(getDb(c.env), c.req.header("authorization") ?? null, now);
  if ("ok" in actor) {
    log("info", "organize.api_refused", { requestId: c.get("requestId"), status: actor.status });
    return refusalJson(c, actor);
  }
  if (actor.kind !== "token") throw new Error("a token acts as a token");
  if (!(await clientAllowed(c.env, "organize:api", c.req.raw, actor.tokenId, c.req.method, c.req.path))) {
    return refusalJson(c, { ok: false, message: deskMessages.rateLimited, status: 429 });
  }
  c.set("actor", actor);
  await next();
});

authed.get("/me", (c) => {
  const actor = c.get("actor");
  if (actor.kind === "job") throw new Error("a token acts for a person");
  return c.json({
    email: actor.email,
    role: actor.role,
    permissions: allPermissions.filter((p) => can(actor.role, p)),
  });
});

authed.get("/actions", (c) => {
  const actor = c.get("actor");
  const ctx = actionContext(c, actor);
  return c.json({
    actions: Object.values(organizerActions).map((a) => ({
      id: a.id,
      permission: a.permission,
      oneWay: Boolean(a.preview),
      allowed: actionRefusal(a, ctx) === null,
    })),
    queries: Object.values(organizerQueries).map((q) => ({
      id: q.id,
      permission: q.permission,
      allowed: actorMay(actor, q.permission),
    })),
  });
});

authed.post("/actions/:id", async (c) => {
  const action = organizerActions[c.req.param("id")];
  if (!action || !Object.hasOwn(organizerActions, c.req.param("id"))) {
    return c.json({ error: "No such action." }, 404);
  }
  const ctx = actionContext(c, c.get("actor"));
  const input = await readJson(c.req.raw);
  if (action.preview) {
    const proposed = await proposeAction(action, input, ctx);
    if (!proposed.ok) return refusalJson(c, proposed);
    return c.json({ message: proposed.message, proposalId: proposed.proposalId, preview: proposed.preview }, 202);
  }
  const done = await executeAction(action, input, ctx);
  if (!done.ok) return refusalJson(c, done);
  return c.json({ message: done.message, result: done.result, eventId: done.eventId });
});

/** Runs the query the path names with `input`, for the token's actor, and logs the read. */
async function serveQuery(c: Context<OrganizeEnv>, input: () => Promise<unknown> | unknown) {
  const query = organizerQueries[c.req.param("id") ?? ""];
  if (!query || !Object.hasOwn(organizerQueries, c.req.param("id") ?? "")) {
    return c.json({ error: "No such query." }, 404);
  }
  const actor = c.get("actor");
  const done = await runQuery(query, await input(), actionContext(c, actor));
  if (!done.ok) return refusalJson(c, done);
  log("info", "organize.api_read", {
    requestId: c.get("requestId"),
    query: query.id,
    userId: actor.kind === "token" ? actor.userId : null,
    tokenId: actor.kind === "token" ? actor.tokenId : null,
  });
  return c.json({ result: done.result });
}

authed.get("/queries/:id", (c) => serveQuery(c, () => Object.fromEntries(new URL(c.req.url).searchParams)));

// A read whose input is too large for a query string (the completions file's preview): the same query, its input as JSON.
authed.post("/queries/:id", (c) => serveQuery(c, () => readJson(c.req.raw)));

authed.post("/proposals/:id/confirm", (c) => c.json({ error: deskMessages.proposalDeskOnly }, 403));

organize.route("/", authed);
