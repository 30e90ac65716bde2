import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import {
  Field,
  firstInvalid,
  FormErrorSummary,
  PersonField,
  personSummary,
  SubmitButton,
  useIsPending,
  useSchemaForm,
} from "~/components/forms";
import { PageHero } from "~/components/page";
import { requestContext } from "~/context";
import { authTab, SignInSchema, SignUpSchema, type AuthTab } from "~/auth/schema";
import { authToasts } from "~/content/auth";
import { parseSubmission } from "~/forms/parse.server";
import {
  AUTH_RATE_LIMIT_MESSAGE,
  AUTH_RATE_LIMIT_RETRY_AFTER,
  authAttemptAllowed,
  clearSignInFailures,
  recordSignInFailure,
} from "~/auth/rate-limit.server";
import { createAuth } from "~/auth/auth.server";
import { formHeaders } from "~/forms/action.server";
import { appendSetCookies } from "~/auth/session.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { secondFactorRequired, twoFactorPath } from "~/auth/two-factor.server";
import { log } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { DEFAULT_AFTER_AUTH, safeRedirectPath } from "~/auth/safe-redirect";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/auth";
import { fieldLabels } from "~/content/fields";

// The forms validate in the browser with the same schemas as the server.
export const handle = { hydrate: true } satisfies RouteHandle;

/** Hidden fields: which form was sent, and where to go afterwards. */
const INTENT_FIELD = "intent";
const REDIRECT_FIELD = "redirectTo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get(REDIRECT_FIELD));
  // SPEC.md §2: a visitor who already has a session goes on to /register (or where they were going).
  if (await requestSessionUser(request, context)) throw redirect(redirectTo);
  return { tab: authTab(url.searchParams.get("tab")), redirectTo };
}

type ActionData = { tab: AuthTab; result: SubmissionResult<string[]> | null; toast: Toast | null };

/** The page again, with the answer's errors and, for a refused attempt, the failure toast. */
function reply(
  tab: AuthTab,
  result: SubmissionResult<string[]> | null,
  status: number,
  { refused = false, headers }: { refused?: boolean; headers?: HeadersInit } = {},
) {
  return data<ActionData>({ tab, result, toast: refused ? failureToast(tab) : null }, { status, headers });
}

function failureToast(tab: AuthTab): Toast {
  return { id: crypto.randomUUID(), ...(tab === "signup" ? authToasts.signUpFailure : authToasts.signInFailure) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<ActionData>({ tab: "signup", result: null, toast: null }, { status: 400 });
  }
  const tab = authTab(String(formData.get(INTENT_FIELD) ?? ""));
  const redirectTo = safeRedirectPath(formData.get(REDIRECT_FIELD));
  const schema = tab === "signup" ? SignUpSchema : SignInSchema;
  const submission = parseSubmission(formData, { schema });
  const attempt = tab === "signup" ? "sign-up" : "sign-in";
  // Invalid posts count too (issue 16); the address only when there is a valid one.
  const address = submission.status === "success" ? submission.value.email : undefined;
  if (!(await authAttemptAllowed(env, request, attempt, address))) {
    log("warn", "auth.rate_limited", { requestId, attempt: tab, via: "page" });
    return reply(tab, submission.reply({ formErrors: [AUTH_RATE_LIMIT_MESSAGE], hideFields: ["password"] }), 429, {
      headers: { "Retry-After": String(AUTH_RATE_LIMIT_RETRY_AFTER) },
    });
  }
  // A password is never sent back to the page.
  if (submission.status !== "success") return reply(tab, submission.reply({ hideFields: ["password"] }), 400);
  const { email, password } = submission.value;

  const auth = createAuth(env, request, { requestId });
  let response: Response;
  try {
    response =
      tab === "signup"
        ? await auth.api.signUpEmail({
            body: { email, password, name: "" },
            headers: request.headers,
            asResponse: true,
          })
        : await auth.api.signInEmail({ body: { email, password }, headers: request.headers, asResponse: true });
  } catch (error) {
    log("error", "auth.failed", { requestId, attempt: tab, error });
    return reply(tab, submission.reply({ hideFields: ["password"] }), 500, { refused: true });
  }
  if (!response.ok) {
    // The same words whether or not the account exists (the library's own message may say).
    log("info", "auth.refused", { requestId, attempt: tab, status: response.status });
    if (tab === "signin") await recordSignInFailure(env, request, email);
    return reply(tab, submission.reply({ hideFields: ["password"] }), tab === "signup" ? 400 : 401, { refused: true });
  }
  if (tab === "signin") await clearSignInFailures(env, request, email);
  // The session cookie better-auth set goes out with our redirect.
  const headers = appendSetCookies(new Headers(), response.headers);
  // Right password, second factor on: no session yet, a challenge cookie and the code page (issue 13).
  if (tab === "signin" && (await secondFactorRequired(response)))
    return redirect(twoFactorPath(redirectTo), { headers });
  return redirectWithToast(env, redirectTo, tab === "signup" ? authToasts.signUpSuccess : authToasts.signInSuccess, {
    headers,
  });
}

/** A document response carries only what the route passes on: Retry-After with a 429. */
export const headers = formHeaders;

// Indexable like every form page (issue 12: SEO 100): people search for how to sign in.
// It stays out of the sitemap; only the transactional success pages are noindex.
export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Sign Up or Sign In",
    "Create an account or sign in to register for the Idaho AI Challenge, sponsor it, or offer to judge or advise.",
  );

const tabs: { id: AuthTab; label: string }[] = [
  { id: "signup", label: "Sign Up" },
  { id: "signin", label: "Sign In" },
];

function tabHref(tab: AuthTab, redirectTo: string): string {
  const params = new URLSearchParams();
  if (tab === "signin") params.set("tab", "signin");
  if (redirectTo !== DEFAULT_AFTER_AUTH) params.set(REDIRECT_FIELD, redirectTo);
  const query = params.toString();
  return query ? `?${query}` : "/auth";
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  // After a failed submit the page shows the form that was sent, whatever the URL says.
  const tab = actionData?.tab ?? loaderData.tab;
  const location = useLocation();
  return (
    <>
      <PageHero
        eyebrow="Your account"
        title={tab === "signup" ? "Create Your Account" : "Welcome Back"}
        lead="One account lets you register for the Challenge, sponsor it, or offer to serve as a judge or advisor."
      />
      <section className="section bg-slate-50">
        <div className="container-page max-w-xl">
          <div className="card p-6 sm:p-8">
            <nav aria-label="Account" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
              {tabs.map(({ id, label }) => (
                <Link
                  key={id}
                  to={tabHref(id, redirectTo)}
                  replace
                  aria-current={tab === id ? "page" : undefined}
                  className="rounded-lg px-4 py-2 text-center text-sm font-semibold text-slate-600 hover:text-brand-800 aria-[current=page]:bg-white aria-[current=page]:text-brand-800 aria-[current=page]:shadow"
                >
                  {label}
                </Link>
              ))}
            </nav>
            <AuthForm
              key={`${tab}:${location.key}`}
              tab={tab}
              redirectTo={redirectTo}
              lastResult={actionData?.tab === tab ? (actionData.result ?? undefined) : undefined}
            />
          </div>
        </div>
      </section>
    </>
  );
}

function AuthForm({
  tab,
  redirectTo,
  lastResult,
}: {
  tab: AuthTab;
  redirectTo: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = tab === "signup" ? SignUpSchema : SignInSchema;
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({ id: tab, schema, lastResult });
  const summary = [
    ...personSummary(fields, ["email"]),
    { id: fields.password.id, label: fieldLabels.password, errors: fields.password.errors },
  ];
  const focusId = lastResult?.status === "error" ? firstInvalid(summary)?.id : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
      <h2 className="text-2xl font-bold text-brand-950">{tab === "signup" ? "Sign Up" : "Sign In"}</h2>
      <FormErrorSummary form={form} fields={summary} />
      <input type="hidden" name={INTENT_FIELD} value={tab} />
      <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
      <PersonField name="email" meta={fields.email} focusId={focusId} autoComplete="username" />
      <Field
        meta={fields.password}
        label={fieldLabels.password}
        type="password"
        hint={tab === "signup" ? "At least 6 characters. Long passphrases are welcome." : undefined}
        autoComplete={tab === "signup" ? "new-password" : "current-password"}
        autoFocus={focusId === fields.password.id}
      />
      {tab === "signin" ? (
        <p className="text-sm">
          <Link to="/auth/forgot-password" className="font-medium text-brand-700 underline hover:no-underline">
            Forgot your password?
          </Link>
        </p>
      ) : null}
      <SubmitButton pending={pending} pendingLabel={tab === "signup" ? "Creating Account..." : "Signing In..."}>
        {tab === "signup" ? "Create Account" : "Sign In"}
      </SubmitButton>
      <p className="text-sm text-slate-600">
        {tab === "signup" ? "Already have an account? " : "New here? "}
        <Link
          to={tabHref(tab === "signup" ? "signin" : "signup", redirectTo)}
          replace
          className="font-medium text-brand-700 underline hover:no-underline"
        >
          {tab === "signup" ? "Sign in" : "Create an account"}
        </Link>
      </p>
    </Form>
  );
}
