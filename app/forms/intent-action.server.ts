/**
 * The one way a signed-in page's action runs (issue 21, ADR 013). A page
 * posts several small forms, each naming an `intent`; each intent declares
 * its schema and its handler, and this helper does the rest in one order:
 * read the post, pick the intent, refuse when the page is closed (a deadline),
 * count it against the client's allowance, validate with the intent's schema,
 * run the handler, then redirect (303) with a toast, or answer the page again
 * with Conform's reply. Field errors, form errors and refusals all come back
 * the same way: `{ intent, result }`, which `useIntentForm` gives to the form
 * that was posted. With JavaScript off the same reply re-renders the page.
 */
import type { Refusal } from "~/lib/refusal";
import type { SubmissionResult } from "@conform-to/dom";
import { data } from "react-router";
import * as z from "zod/mini";
import { retryAfterHeaders, clientAllowed, type LimitScope } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { redirectWithToast, type ToastInput } from "~/lib/toast.server";
import { parseSubmission } from "./parse.server";

/** Data a step hands back to the page beside the form's state (the second factor's QR code). */
export type StepData = Record<string, unknown>;

/** What a signed-in page's component receives from its action when it does not redirect. */
export type IntentActionData = {
  intent: string | null;
  result: SubmissionResult<string[]>;
  /** Which of an intent's forms was posted, when one intent serves several (the portal's "save" per component). */
  instance?: string;
  step?: StepData;
};

/**
 * A handler's answer: done (a toast, where to go, cookies to set), refused
 * with a message for the form or a field, or the page again at a next step
 * (another intent's form, with its data).
 */
export type IntentOutcome =
  | { ok: true; toast: ToastInput; redirectTo?: string; headers?: Headers }
  | Refusal
  | { ok: "next"; intent: string; step: StepData };

export interface Intent<Schema extends z.ZodMiniObject, Ctx> {
  schema: Schema;
  handle: (value: z.output<Schema>, ctx: Ctx) => Promise<IntentOutcome>;
  /** False: the intent may run while the page is closed for writes (say, a download). */
  closable?: boolean;
  /** This intent's own allowance instead of the page's (password guesses are counted per account). */
  allowed?: (ctx: Ctx) => Promise<boolean>;
  /** What the page shows again with every answer that is not a redirect (the step being confirmed). */
  step?: (formData: FormData) => StepData;
  /** The field that tells this intent's forms apart: the answer goes back to the form that was posted. */
  instanceField?: string;
}

/** Declares one intent with its schema's types checked against its handler. */
export function intent<Schema extends z.ZodMiniObject, Ctx>(definition: Intent<Schema, Ctx>): Intent<Schema, Ctx> {
  return definition;
}

export interface IntentPost<Ctx> {
  request: Request;
  env: Env;
  requestId: string;
  /** The log events' prefix: `portal` logs portal.action and portal.rate_limited. */
  event: string;
  intents: Record<string, Intent<z.ZodMiniObject, Ctx>>;
  ctx: Ctx;
  /** Where a done intent goes unless it says otherwise (the page, often with an anchor). */
  redirectTo: string;
  /** Counted per client, scope and these keys (the account, the intent): a script cannot mail or churn in bulk. */
  rateLimit: { scope: LimitScope; keys: string[]; message: string };
  /** Why no write is accepted now (a deadline passed), or null. */
  closed?: () => string | null;
  /** The form-level message for a post naming no intent this page has. */
  unknownIntent: string;
  /** Logged with every outcome (the account, the organization). */
  logFields?: Record<string, unknown>;
}

export async function handleIntentPost<Ctx>(post: IntentPost<Ctx>) {
  const { request, env, requestId, event } = post;
  const formData = await request.formData().catch(() => new FormData());
  const named = formData.get("intent");
  const name = typeof named === "string" && Object.hasOwn(post.intents, named) ? named : null;
  const definition = name ? post.intents[name]! : null;
  const submission = parseSubmission(formData, { schema: definition?.schema ?? emptySchema });
  const step = definition?.step?.(formData);
  const posted = definition?.instanceField ? formData.get(definition.instanceField) : null;
  const instance = typeof posted === "string" ? posted.slice(0, 64) : undefined;
  const answer = (result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) =>
    data<IntentActionData>({ intent: name, result, instance, step }, { status, headers });
  const refuse = (
    message: string,
    status: number,
    init: { field?: string; fieldErrors?: Record<string, string[]>; headers?: HeadersInit } = {},
  ) =>
    answer(
      init.fieldErrors
        ? submission.reply({ fieldErrors: init.fieldErrors })
        : init.field
          ? submission.reply({ fieldErrors: { [init.field]: [message] } })
          : submission.reply({ formErrors: [message] }),
      status,
      init.headers,
    );
  if (!name || !definition) return refuse(post.unknownIntent, 400);
  const logged = (outcome: string) =>
    log("info", `${event}.action`, { requestId, intent: name, outcome, ...post.logFields });

  const closed = definition.closable === false ? null : (post.closed?.() ?? null);
  if (closed) {
    logged("closed");
    return refuse(closed, 403);
  }
  const allowed = definition.allowed
    ? await definition.allowed(post.ctx)
    : await clientAllowed(env, post.rateLimit.scope, request, ...post.rateLimit.keys, name);
  if (!allowed) {
    log("warn", `${event}.rate_limited`, { requestId, intent: name, ...post.logFields });
    return refuse(post.rateLimit.message, 429, { headers: retryAfterHeaders() });
  }
  if (submission.status !== "success" || submission.value === undefined) {
    logged("invalid");
    return answer(submission.reply(), 400);
  }
  const outcome = await definition.handle(submission.value, post.ctx);
  if (outcome.ok === "next") {
    logged("next");
    const next = { intent: outcome.intent, result: submission.reply({ resetForm: true }), step: outcome.step };
    return data<IntentActionData>(next, { status: 200 });
  }
  logged(outcome.ok ? "done" : "refused");
  if (!outcome.ok)
    return refuse(outcome.message, outcome.status, { field: outcome.field, fieldErrors: outcome.fieldErrors });
  return redirectWithToast(env, outcome.redirectTo ?? post.redirectTo, outcome.toast, {
    status: 303,
    headers: outcome.headers,
  });
}

/** The schema of a post that names no known intent: nothing of it is echoed back. */
const emptySchema = z.object({});
