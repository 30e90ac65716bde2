/**
 * A desk form is an organizer action (ADR 018): `actionIntent(action)` is
 * the intent `handleIntentPost` runs (ADR 013) — the action's own schema
 * validates the post (field errors come back on the form, with JavaScript
 * on or off), the executor checks the role and writes the change with its
 * audit row, and the page redirects with the action's message. A one-way
 * action (with a preview) is proposed instead, and the browser goes to the
 * proposal's page.
 */
import { data, type RouterContextProvider } from "react-router";
import type * as z from "zod/mini";
import { deskMessages } from "~/content/organize";
import { requestContext } from "~/context";
import { handleIntentPost, intent, type Intent, type IntentOutcome } from "~/forms/intent-action.server";
import type { Refusal } from "~/lib/refusal";
import { type ActionContext, executeAction, type Executed, type OrganizerAction } from "./action.server";
import { deskContext, type Desk } from "./guard.server";
import { proposeAction } from "./proposals.server";
import { withSecondFactorCode } from "./schema";
import { checkCodeAgain, codeAttemptAllowed, secondFactorRefusal } from "./second-factor-again.server";

/** A desk page's data: never cached anywhere, whoever asks. */
export function deskPage<View>(view: View) {
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * A desk page's POST: its intents run for the signed-in organizer, counted
 * per organizer, logged as `event`, answering on the page (`redirectTo`).
 */
export function handleDeskPost(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  page: {
    event: string;
    intents: Record<string, Intent<z.ZodMiniObject, Desk>>;
    redirectTo: string;
    logFields?: Record<string, unknown>;
  },
) {
  const { env, requestId } = context.get(requestContext);
  const desk = context.get(deskContext);
  return handleIntentPost({
    request,
    env,
    requestId,
    ...page,
    ctx: desk,
    rateLimit: { scope: "organize", keys: [desk.user.id], message: deskMessages.rateLimited },
    unknownIntent: deskMessages.unknownIntent,
    logFields: { userId: desk.user.id, ...page.logFields },
  });
}

/** A refusal as the form shows it: on its field when it names one, else above the form. */
export function refusalOutcome(refusal: Refusal): IntentOutcome {
  return {
    ok: false,
    message: refusal.message,
    status: refusal.status,
    field: refusal.field,
    ...(refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {}),
  };
}

export function actionIntent<Schema extends z.ZodMiniObject, Result>(
  action: OrganizerAction<Schema, Result>,
  {
    title,
    redirectTo,
    done,
  }: {
    /** The toast's title when done (or, for a one-way action, proposed). */
    title: string;
    /** Where to go when done (default: the page, at its anchor if the route gives one). */
    redirectTo?: string;
    /** A page that shows something once (a new token) answers here instead of redirecting. */
    done?: (executed: Executed<Result>) => IntentOutcome;
  },
): Intent<Schema, Desk> {
  if (action.secondFactorAgain) {
    // The form carries the code beside the action's fields; the action never sees it.
    return intent({
      schema: withSecondFactorCode(action.input),
      allowed: codeAttemptAllowed,
      async handle({ code, ...value }, desk: Desk): Promise<IntentOutcome> {
        const wrongCode = secondFactorRefusal(await checkCodeAgain(desk, String(code)));
        if (wrongCode) return refusalOutcome(wrongCode);
        return takeAction(value as z.output<Schema>, { ...desk.action, secondFactorAgain: true });
      },
    }) as unknown as Intent<Schema, Desk>;
  }
  return intent({
    schema: action.input,
    handle: (value, desk: Desk) => takeAction(value, desk.action),
  });

  async function takeAction(value: z.output<Schema>, ctx: ActionContext): Promise<IntentOutcome> {
    if (action.preview) {
      const proposed = await proposeAction(action, value, ctx);
      if (!proposed.ok) return refusalOutcome(proposed);
      return {
        ok: true,
        toast: { type: "success", title, description: proposed.message },
        redirectTo: `/organize/proposals/${proposed.proposalId}`,
      };
    }
    const executed = await executeAction(action, value, ctx);
    if (!executed.ok) return refusalOutcome(executed);
    if (done) return done(executed);
    return { ok: true, toast: { type: "success", title, description: executed.message }, redirectTo };
  }
}
