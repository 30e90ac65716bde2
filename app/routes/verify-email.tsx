import { data, Link } from "react-router";
import { createAuth } from "~/auth/auth.server";
import { isEmailVerified } from "~/auth/session.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { recoveryMessages } from "~/content/auth";
import { recoveryToasts } from "~/content/auth";
import { authPath, DEFAULT_AFTER_AUTH } from "~/auth/safe-redirect";
import { unverifiedTokenEmail } from "~/auth/verification-token";
import { eq } from "drizzle-orm";
import { PageHero } from "~/components/page";
import { getDb } from "~/db/client.server";
import { user as accounts } from "~/db/schema";
import { requestContext } from "~/context";
import { log } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/verify-email";

type Outcome = "missing" | "invalid" | "expired" | "used";

const outcomeStatus: Record<Outcome, number> = { missing: 400, invalid: 400, expired: 410, used: 200 };

async function wasVerified(env: Pick<Env, "DB">, email: string | null): Promise<boolean> {
  if (!email) return false;
  const [row] = await getDb(env)
    .select({ verified: accounts.emailVerified })
    .from(accounts)
    .where(eq(accounts.email, email))
    .limit(1);
  return row?.verified === true;
}

/** better-auth's error code from a refused verification (APIError body), if any. */
function errorCode(error: unknown): string | undefined {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === "string" ? body.code : undefined;
}

/**
 * GET /verify-email?token=… (the link in the verification e-mail, issue 13).
 * better-auth checks the signed token and marks the address verified; the
 * visitor lands on /register with a toast. Expired, tampered and already used
 * links get a page that says so and offers a new link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, requestId } = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token");
  let outcome: Outcome | "verified" = "missing";
  if (token) {
    // better-auth answers a link for an already verified address like a fresh one: look first.
    const before = await wasVerified(env, unverifiedTokenEmail(token));
    try {
      const response = await createAuth(env, request, { requestId }).api.verifyEmail({
        query: { token },
        headers: request.headers,
        asResponse: true,
      });
      if (response.ok) outcome = before ? "used" : "verified";
      else {
        const body = await response.json<{ code?: string }>().catch(() => null);
        outcome = body?.code === "TOKEN_EXPIRED" ? "expired" : "invalid";
      }
    } catch (error) {
      outcome = errorCode(error) === "TOKEN_EXPIRED" ? "expired" : "invalid";
    }
  }
  log("info", "auth.verify_email", { requestId, outcome });
  if (outcome === "verified") return redirectWithToast(env, DEFAULT_AFTER_AUTH, recoveryToasts.emailVerified);
  const user = await requestSessionUser(request, context);
  return data(
    { outcome, signedIn: Boolean(user), verified: isEmailVerified(user) },
    { status: outcomeStatus[outcome] },
  );
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  // The token must not leave in a Referer to another site (not no-referrer: see auth.reset-password.tsx).
  "Referrer-Policy": "same-origin",
});

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Verify your e-mail address", "Confirm the e-mail address of your Idaho AI Challenge account."),
  { name: "robots", content: "noindex" },
];

const messages: Record<Outcome, string> = {
  missing: recoveryMessages.verifyLinkMissing,
  invalid: recoveryMessages.verifyLinkInvalid,
  expired: recoveryMessages.verifyLinkExpired,
  used: recoveryMessages.verifyLinkUsed,
};

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { outcome, signedIn, verified } = loaderData;
  return (
    <>
      <PageHero eyebrow="Your account" title="Verify your e-mail address" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-xl">
          <div className="card p-6 sm:p-8" data-testid="verify-email-outcome" data-outcome={outcome}>
            <p className="text-lg text-slate-800">{messages[outcome]}</p>
            {outcome === "used" || verified ? (
              <p className="mt-4">
                <Link to={DEFAULT_AFTER_AUTH} className="font-semibold text-brand-700 underline">
                  Continue to registration
                </Link>
              </p>
            ) : signedIn ? (
              <>
                <p className="mt-4 text-slate-700">We can send you a new link; it works for 24 hours.</p>
                {/* A plain form: this page ships no JavaScript (it needs none), so it posts like one anyway. */}
                <form method="post" action="/account/verify-email" className="mt-3">
                  <input type="hidden" name="redirectTo" value={DEFAULT_AFTER_AUTH} />
                  <button type="submit" className="btn-secondary">
                    Send a new verification link
                  </button>
                </form>
              </>
            ) : (
              <p className="mt-4 text-slate-700">
                To get a new link,{" "}
                <Link to={authPath(DEFAULT_AFTER_AUTH, "signin")} className="font-semibold text-brand-700 underline">
                  sign in
                </Link>{" "}
                and choose &ldquo;Send a new verification link&rdquo; on the registration page.
              </p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
