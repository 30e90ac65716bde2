/**
 * The one action behind /register and /sponsor-register (issue 21). Each page
 * says only what is its own: the schema, the gate's words, the service that
 * starts the payment. Then, the same for both:
 * - signed out: the 'Authentication Required' toast and /auth (SPEC.md §8);
 * - invalid: the page again with its field errors (400);
 * - a refusal the visitor can act on (PaymentError): its message under the
 *   field it names, or above the form, and the 'Registration Failed' toast,
 *   with the error's status (a 429 says when to retry);
 * - started: without JavaScript a 303 to checkout; with it, the checkout link
 *   to open in a new tab (docs/decisions/005-checkout-in-a-new-tab.md);
 *   enrolled with a company code: the success page.
 */
import type { SubmissionResult } from "@conform-to/dom";
import { data, redirect, type RouterContextProvider } from "react-router";
import type * as z from "zod/mini";
import type { SessionUser } from "~/auth/session.server";
import { isEmailVerified } from "~/auth/session.server";
import { requireUserForForm } from "~/auth/gate.server";
import { requestNow } from "~/clock/page-clock.server";
import { ENHANCED_FIELD, type CheckoutHandoffData } from "~/components/checkout-handoff";
import { requestContext } from "~/context";
import { parseSubmission } from "~/forms/parse.server";
import { clientKey, retryAfterHeaders } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { siteOrigin } from "~/lib/meta";
import type { Toast } from "~/lib/toast";
import { PaymentError, paymentErrorStatus, type StartOptions, type StartResult } from "./start";
import { paymentToasts } from "~/content/registration";

/** What a checkout page's component receives from its action when it does not redirect. */
export type CheckoutActionData = {
  result: SubmissionResult<string[]> | null;
  toast: Toast | null;
  handoff: CheckoutHandoffData | null;
};

export interface CheckoutForm<Schema extends z.ZodMiniObject> {
  /** The form's schema; /register has two forms, told apart by a field of the post. */
  schema: (formData: FormData) => Schema;
  /** The 'Authentication Required' toast's description (gateDescriptions). */
  gate: string;
  /** The log event of an unexpected failure: `register.failed`. */
  failureEvent: string;
  start: (env: Env, input: NoInfer<z.output<Schema>>, options: StartOptions) => Promise<StartResult>;
  /** A toast beside the checkout link, with JavaScript (SPEC.md §8 names one for sponsors only). */
  handoffToast?: Omit<Toast, "id">;
}

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

function answer(value: CheckoutActionData, init?: ResponseInit) {
  return data<CheckoutActionData>(value, init);
}

function toast(input: Omit<Toast, "id">): Toast {
  return { id: crypto.randomUUID(), ...input };
}

export async function checkoutAction<Schema extends z.ZodMiniObject>(
  { request, context }: ActionArgs,
  form: CheckoutForm<Schema>,
) {
  const { env, requestId } = context.get(requestContext);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return answer({ result: null, toast: null, handoff: null }, { status: 400 });
  }
  const user: SessionUser = await requireUserForForm(request, context, { description: form.gate });
  const submission = parseSubmission(formData, { schema: form.schema(formData) });
  if (submission.status !== "success" || submission.value === undefined) {
    return answer({ result: submission.reply(), toast: null, handoff: null }, { status: 400 });
  }

  let started: StartResult;
  try {
    started = await form.start(env, submission.value, {
      userId: user.id,
      origin: siteOrigin(request, env),
      now: requestNow(context),
      accountEmail: user.email,
      emailVerified: isEmailVerified(user),
      clientIp: clientKey(request),
      requestId,
    });
  } catch (error) {
    if (!(error instanceof PaymentError)) {
      log("error", form.failureEvent, { requestId, error });
      return answer(
        { result: submission.reply(), toast: toast(paymentToasts.registrationFailed()), handoff: null },
        { status: 500 },
      );
    }
    const status = paymentErrorStatus[error.code];
    const result = error.field
      ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
      : submission.reply({ formErrors: [error.message] });
    return answer(
      { result, toast: toast(paymentToasts.registrationFailed(error.message)), handoff: null },
      { status, headers: status === 429 ? retryAfterHeaders() : undefined },
    );
  }

  if (started.type === "enrolled") {
    return redirect(`/registration-success?registration_id=${encodeURIComponent(started.registrationId)}`, 303);
  }
  if (formData.get(ENHANCED_FIELD) !== "1") return redirect(started.url, 303);
  return answer({
    result: submission.reply({ resetForm: false }),
    toast: form.handoffToast ? toast(form.handoffToast) : null,
    handoff: { id: crypto.randomUUID(), checkoutUrl: started.url },
  });
}
