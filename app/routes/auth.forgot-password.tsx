import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { createAuth } from "~/auth/auth.server";
import { AUTH_RATE_LIMIT_MESSAGE, AUTH_RATE_LIMIT_RETRY_AFTER } from "~/auth/rate-limit.server";
import { recoveryMessages } from "~/content/auth";
import { ForgotPasswordSchema } from "~/auth/recovery-schema";
import { accountEmailMinimumAnswerMs } from "~/content/limits";
import {
  FormErrorSummary,
  PersonField,
  personSummary,
  SubmitButton,
  useIsPending,
  useSchemaForm,
} from "~/components/forms";
import { PageHero } from "~/components/page";
import { requestContext } from "~/context";
import { parseSubmission } from "~/forms/parse.server";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/auth.forgot-password";

// The form validates in the browser with the same schema as the server.
export const handle = { hydrate: true } satisfies RouteHandle;

type ActionData = { sent: boolean; result: SubmissionResult<string[]> | null };

/**
 * POST: better-auth's requestPasswordReset, whose sendResetPassword queues the
 * e-mail (app/auth/recovery-auth.server.ts). The answer is the same
 * whether or not the address has an account; per address, at most three
 * e-mails an hour go out (the rest silently).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const started = Date.now();
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseSubmission(formData, { schema: ForgotPasswordSchema });
  if (!(await clientAllowed(env, "auth:password-reset", request))) {
    log("warn", "auth.rate_limited", { requestId, attempt: "password-reset" });
    return data<ActionData>(
      { sent: false, result: submission.reply({ formErrors: [AUTH_RATE_LIMIT_MESSAGE] }) },
      { status: 429, headers: { "Retry-After": String(AUTH_RATE_LIMIT_RETRY_AFTER) } },
    );
  }
  if (submission.status !== "success") {
    return data<ActionData>({ sent: false, result: submission.reply() }, { status: 400 });
  }
  try {
    await createAuth(env, request, { requestId }).api.requestPasswordReset({
      body: { email: submission.value.email },
      headers: request.headers,
    });
  } catch (error) {
    // Still the same answer: the visitor learns nothing from our failures either.
    log("error", "auth.password_reset_request_failed", { requestId, error });
  }
  // Found address or not, the answer takes as long: its timing does not tell whether an account exists.
  const remaining = accountEmailMinimumAnswerMs - (Date.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  return data<ActionData>({ sent: true, result: null });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = () =>
  pageMeta("Forgot your password?", "Get a link to choose a new password for your Idaho AI Challenge account.");

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Your account" title="Forgot your password?" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-xl">
          <div className="card p-6 sm:p-8">
            {actionData?.sent ? (
              <div role="status" data-testid="reset-requested">
                <h2 className="text-2xl font-bold text-brand-950">Check your e-mail</h2>
                <p className="mt-3 text-slate-700">{recoveryMessages.resetRequested}</p>
                <p className="mt-4 text-sm text-slate-600">
                  <Link to="/auth?tab=signin" className="font-medium text-brand-700 underline hover:no-underline">
                    Back to sign in
                  </Link>
                </p>
              </div>
            ) : (
              <ForgotPasswordForm lastResult={actionData?.result ?? undefined} />
            )}
          </div>
        </div>
      </section>
    </>
  );
}

function ForgotPasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({ id: "forgot-password", schema: ForgotPasswordSchema, lastResult });
  const focusId = lastResult?.status === "error" ? fields.email.id : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-2xl font-bold text-brand-950">Reset your password</h2>
      <p className="text-slate-700">
        Enter the e-mail address of your account. We&apos;ll send it a link to choose a new password.
      </p>
      <FormErrorSummary form={form} fields={personSummary(fields, ["email"])} />
      <PersonField name="email" meta={fields.email} focusId={focusId} autoComplete="username" />
      <SubmitButton pending={pending} pendingLabel="Sending...">
        Send Reset Link
      </SubmitButton>
      <p className="text-sm text-slate-600">
        Remembered it?{" "}
        <Link to="/auth?tab=signin" className="font-medium text-brand-700 underline hover:no-underline">
          Sign in
        </Link>
      </p>
    </Form>
  );
}
