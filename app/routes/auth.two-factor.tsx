import { data, Form, Link, redirect } from "react-router";
import { ErrorList } from "~/components/forms";
import { PageHero } from "~/components/page";
import { requestContext } from "~/context";
import { createAuth } from "~/auth/auth.server";
import { appendSetCookies } from "~/auth/session.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { authToasts } from "~/content/auth";
import { twoFactorMessages as m } from "~/content/two-factor";
import { hasTwoFactorChallenge, twoFactorAttemptAllowed, verifySecondFactor } from "~/auth/two-factor.server";
import { AUTH_RATE_LIMIT_RETRY_AFTER } from "~/auth/rate-limit.server";
import { log } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/auth.two-factor";

/**
 * The second step of signing in to an account with a second factor (issue 13):
 * /auth's sign-in sends the visitor here with better-auth's challenge cookie.
 * One plain form, no JavaScript: an authenticator code or a recovery code.
 */
const signInAgainPath = (redirectTo: string) =>
  `/auth?${new URLSearchParams({ tab: "signin", redirectTo: safeRedirectPath(redirectTo) })}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await requestSessionUser(request, context)) throw redirect(redirectTo);
  if (!hasTwoFactorChallenge(request)) throw redirect(signInAgainPath(redirectTo));
  return data({ redirectTo }, { headers: { "Cache-Control": "no-store" } });
}

type ActionData = { error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const formData = await request.formData().catch(() => new FormData());
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  const code = String(formData.get("code") ?? "");
  if (!(await twoFactorAttemptAllowed(env, request))) {
    log("warn", "auth.rate_limited", { requestId, attempt: "two-factor", via: "page" });
    return data<ActionData>(
      { error: m.rateLimited },
      { status: 429, headers: { "Retry-After": String(AUTH_RATE_LIMIT_RETRY_AFTER) } },
    );
  }
  if (!code.trim()) return data<ActionData>({ error: m.codeRequired }, { status: 400 });
  const { outcome, response } = await verifySecondFactor(createAuth(env, request, { requestId }), request, code);
  const headers = appendSetCookies(new Headers(), response?.headers);
  log("info", "auth.two_factor", { requestId, outcome });
  if (outcome === "ok") return redirectWithToast(env, redirectTo, authToasts.signInSuccess, { headers });
  if (outcome === "expired") {
    return redirectWithToast(env, signInAgainPath(redirectTo), m.challengeExpired, { headers });
  }
  if (outcome === "locked") return data<ActionData>({ error: m.locked }, { status: 429, headers });
  if (outcome === "used") return data<ActionData>({ error: m.codeUsed }, { status: 401, headers });
  return data<ActionData>({ error: outcome === "invalid" ? m.codeRequired : m.codeWrong }, { status: 401, headers });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const result = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) result.set("Retry-After", retryAfter);
  return result;
};

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Two-Step Sign-In", "Enter the code from your authenticator app to finish signing in."),
  { name: "robots", content: "noindex" },
];

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  return (
    <>
      <PageHero eyebrow="Your account" title="Two-Step Sign-In" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-xl">
          <Form method="post" className="card space-y-5 p-6 sm:p-8">
            <h2 className="text-2xl font-bold text-brand-950">Enter your code</h2>
            <p className="text-slate-700">
              Open your authenticator app and enter the 6-digit code it shows for this site. Lost your phone? Enter one
              of your recovery codes instead; each one works once.
            </p>
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <div>
              <label htmlFor="code" className="block text-sm font-semibold text-slate-800">
                Code
              </label>
              <input
                id="code"
                name="code"
                type="text"
                required
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                // Focus only when answering a wrong code, so the error is heard first.
                autoFocus={Boolean(error)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "code-error" : undefined}
                className="mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600"
              />
              <ErrorList id="code-error" errors={error ? [error] : undefined} />
            </div>
            <button type="submit" className="btn-primary">
              Verify and Sign In
            </button>
            <p className="text-sm text-slate-600">
              <Link to={signInAgainPath(loaderData.redirectTo)} className="font-medium text-brand-700 underline">
                Start again
              </Link>{" "}
              with your e-mail and password.
            </p>
          </Form>
        </div>
      </section>
    </>
  );
}
