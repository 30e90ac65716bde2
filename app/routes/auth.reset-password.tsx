import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { createAuth, type Auth } from "~/auth/auth.server";
import { AUTH_RATE_LIMIT_MESSAGE, AUTH_RATE_LIMIT_RETRY_AFTER } from "~/auth/rate-limit.server";
import { recoveryMessages, recoveryToasts } from "~/content/auth";
import { ResetPasswordSchema } from "~/auth/recovery-schema";
import { authPath, DEFAULT_AFTER_AUTH } from "~/auth/safe-redirect";
import { Field, FormErrorSummary, SubmitButton, useIsPending, useSchemaForm } from "~/components/forms";
import { PageHero } from "~/components/page";
import { requestContext } from "~/context";
import { parseSubmission } from "~/forms/parse.server";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/auth.reset-password";

// The form validates in the browser with the same schema as the server.
export const handle = { hydrate: true } satisfies RouteHandle;

/** Whether better-auth still holds this reset token, unexpired (it stores only its hash). */
async function tokenUsable(auth: Auth, token: string | null): Promise<boolean> {
  if (!token || token.length > 256) return false;
  const found = await auth.inRequest(async (instance) =>
    (await instance.$context).internalAdapter.findVerificationValue(`reset-password:${token}`),
  );
  return Boolean(found && found.expiresAt > new Date());
}

/** GET /auth/reset-password?token=… (the link in the reset e-mail): the form while the link works. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, requestId } = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token");
  const usable = await tokenUsable(createAuth(env, request, { requestId }), token);
  return data({ token: usable ? token : null }, { status: usable ? 200 : 410 });
}

type ActionData = { expired: boolean; result: SubmissionResult<string[]> | null };

/**
 * POST: better-auth's resetPassword: the new password (sign-up rules), the
 * token used up, and every session of the account deleted
 * (revokeSessionsOnPasswordReset). Then Sign In with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseSubmission(formData, { schema: ResetPasswordSchema });
  if (!(await clientAllowed(env, "auth:password-reset", request))) {
    log("warn", "auth.rate_limited", { requestId, attempt: "reset-password" });
    return data<ActionData>(
      { expired: false, result: submission.reply({ formErrors: [AUTH_RATE_LIMIT_MESSAGE], hideFields: ["password"] }) },
      { status: 429, headers: { "Retry-After": String(AUTH_RATE_LIMIT_RETRY_AFTER) } },
    );
  }
  if (submission.status !== "success") {
    return data<ActionData>(
      { expired: false, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const { token, password } = submission.value;
  let ok = false;
  try {
    const response = await createAuth(env, request, { requestId }).api.resetPassword({
      body: { newPassword: password, token },
      headers: request.headers,
      asResponse: true,
    });
    ok = response.ok;
  } catch (error) {
    log("warn", "auth.password_reset_refused", { requestId, error });
  }
  if (!ok) {
    log("info", "auth.password_reset_refused", { requestId });
    return data<ActionData>({ expired: true, result: null }, { status: 410 });
  }
  log("info", "auth.password_reset", { requestId });
  return redirectWithToast(env, authPath(DEFAULT_AFTER_AUTH, "signin"), recoveryToasts.passwordReset);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return {
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    // The token must not leave in a Referer to another site. Not no-referrer: a page under it
    // posts its forms with `Origin: null`, which the same-origin check of every action refuses.
    "Referrer-Policy": "same-origin",
    ...(retryAfter ? { "Retry-After": retryAfter } : {}),
  };
};

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Choose a new password", "Choose a new password for your Idaho AI Challenge account."),
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const token = actionData?.expired ? null : loaderData.token;
  return (
    <>
      <PageHero eyebrow="Your account" title="Choose a new password" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-xl">
          <div className="card p-6 sm:p-8">
            {token ? (
              <ResetPasswordForm token={token} lastResult={actionData?.result ?? undefined} />
            ) : (
              <div role="alert" data-testid="reset-link-invalid">
                <p className="text-lg text-slate-800">{recoveryMessages.resetLinkInvalid}</p>
                <p className="mt-4">
                  <Link to="/auth/forgot-password" className="font-semibold text-brand-700 underline">
                    Ask for a new link
                  </Link>
                </p>
              </div>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

function ResetPasswordForm({
  token,
  lastResult,
}: {
  token: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({ id: "reset-password", schema: ResetPasswordSchema, lastResult });
  const summary = [{ id: fields.password.id, label: "New password", errors: fields.password.errors }];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-2xl font-bold text-brand-950">New password</h2>
      <FormErrorSummary form={form} fields={summary} />
      <input type="hidden" name={fields.token.name} value={token} />
      <Field
        meta={fields.password}
        label="New password"
        type="password"
        hint="At least 6 characters. Long passphrases are welcome. You'll be signed out everywhere else."
        autoComplete="new-password"
        autoFocus={lastResult?.status === "error"}
      />
      <SubmitButton pending={pending} pendingLabel="Saving...">
        Change Password
      </SubmitButton>
    </Form>
  );
}
