/**
 * The one way a public form's action runs (issue 17): read the post, parse
 * it, count it against the client's allowance, answer a bot, validate, save,
 * then redirect with the success toast. Each route says only what is its own:
 * the schema, the save, the toasts and where to go. With JavaScript off the
 * same steps answer the plain POST: errors re-render the page (400), a refusal
 * says why (429 with Retry-After), a failed save keeps the input (500).
 */
import type { Submission, SubmissionResult } from "@conform-to/dom";
import { data, type HeadersFunction } from "react-router";
import { clientAllowed, retryAfterHeaders, type LimitScope } from "~/lib/client-limit.server";
import { filledHoneypot } from "~/lib/honeypot";
import { log } from "~/lib/log.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast, type ToastInput } from "~/lib/toast.server";

/** What a form page's component receives from its action when it does not redirect. */
export type FormActionData = { result: SubmissionResult<string[]> | null; toast: Toast | null };

type ReplyOptions = { formErrors?: string[]; hideFields?: string[] };

export interface FormPost<Value> {
  request: Request;
  env: Env;
  requestId: string;
  /** The log events' prefix: `contact` logs contact.rate_limited, contact.honeypot, contact.save_failed. */
  event: string;
  /** The schema's parse (parseSubmission, or parseWithSchema with `hide`). */
  parse: (formData: FormData) => Submission<unknown, string[], Value>;
  /** Fields whose submitted values must not be echoed back into the page. */
  hide?: (formData: FormData) => string[];
  rateLimit: {
    scope: LimitScope;
    message: string;
    /** False: a post that fills the honeypot is answered before it is counted. */
    countsBots?: boolean;
  };
  /** Public forms carry the honeypot; a form behind sign-in does not. */
  honeypot?: boolean;
  save: (value: Value) => Promise<unknown>;
  /** Where the visitor goes on success (and a bot too). */
  redirectTo: string | ((formData: FormData) => string);
  successToast: ToastInput;
  failureToast: Omit<Toast, "id">;
}

export async function handleFormPost<Value>(post: FormPost<Value>) {
  const { request, env, requestId, event } = post;
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<FormActionData>({ result: null, toast: null }, { status: 400 });
  }
  const redirectTo = typeof post.redirectTo === "string" ? post.redirectTo : post.redirectTo(formData);
  const answerBot = () => {
    log("info", `${event}.honeypot`, { requestId });
    return redirectWithToast(env, redirectTo, post.successToast);
  };
  const isBot = post.honeypot === true && filledHoneypot(formData);
  if (isBot && post.rateLimit.countsBots === false) return answerBot();

  const submission = post.parse(formData);
  const hideFields = post.hide?.(formData);
  const reply = (options: ReplyOptions = {}) => submission.reply(hideFields ? { ...options, hideFields } : options);

  // Every post counts, valid or not (issue 16): each costs a parse and a page,
  // and a flood of invalid ones is as much abuse as a flood of messages.
  if (!(await clientAllowed(env, post.rateLimit.scope, request))) {
    log("warn", `${event}.rate_limited`, { requestId });
    return data<FormActionData>(
      { result: reply({ formErrors: [post.rateLimit.message] }), toast: null },
      { status: 429, headers: retryAfterHeaders() },
    );
  }
  if (isBot) return answerBot();

  if (submission.status !== "success" || submission.value === undefined) {
    return data<FormActionData>({ result: reply(), toast: null }, { status: 400 });
  }
  try {
    await post.save(submission.value);
  } catch (error) {
    log("error", `${event}.save_failed`, { requestId, error });
    return data<FormActionData>(
      { result: reply(), toast: { id: crypto.randomUUID(), ...post.failureToast } },
      { status: 500 },
    );
  }
  return redirectWithToast(env, redirectTo, post.successToast);
}

/**
 * A form route's `headers` export (`export const headers = formHeaders`):
 * route headers other than cookies reach the page only through it, so a
 * refusal's Retry-After would be lost without it.
 */
export const formHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/**
 * A signed-in page's `headers` (the organization dashboard, the portal): its
 * loader's (private, no-store: the page holds one person's data) and, after
 * a refused action, that action's Retry-After.
 */
export const signedInPageHeaders: HeadersFunction = (args) => {
  const headers = new Headers(args.loaderHeaders);
  new Headers(formHeaders(args)).forEach((value, name) => headers.set(name, value));
  return headers;
};
