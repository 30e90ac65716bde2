/**
 * /organization/invitation?token=… (issue 14): a co-administrator's
 * invitation. The GET only shows it (mail scanners open links); accepting is
 * a POST by the signed-in account whose verified address was invited.
 */
import { data } from "react-router";
import { requireUserForForm } from "~/accounts/gate.server";
import { PageHero } from "~/components/page";
import { organizationMessages } from "~/content/organization";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { requestNow } from "~/clock/page-clock.server";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast, type ToastInput } from "~/lib/toast.server";
import { acceptInvitation, openInvitation } from "~/organization/admins.server";
import type { Route } from "./+types/organization.invitation";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserForForm(request, context, { description: organizationMessages.signInRequired });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await openInvitation(getDb(context.get(requestContext).env), token, requestNow(context));
  return data(
    {
      token,
      organizationName: invitation?.organizationName ?? null,
      signedInAs: user.email,
      message: invitation ? null : organizationMessages.acceptInvalid,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** After a POST: 303, so the browser GETs the page with its toast. */
function seeOther(env: Env, url: string, toast: ToastInput) {
  return redirectWithToast(env, url, toast, { status: 303 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const form = await request.formData().catch(() => new FormData());
  const token = String(form.get("token") ?? "");
  const user = await requireUserForForm(request, context, {
    description: organizationMessages.signInRequired,
    returnTo: `/organization/invitation?token=${encodeURIComponent(token)}`,
  });
  if (!(await clientAllowed(env, "organization", request, "accept"))) {
    return data({ message: organizationMessages.rateLimited }, { status: 429, headers: { "Retry-After": "60" } });
  }
  const result = await acceptInvitation(getDb(env), token, user, requestNow(context));
  log("info", "organization.invitation_accept", {
    requestId,
    userId: user.id,
    outcome: result.ok ? "accepted" : result.reason,
  });
  if (!result.ok) return data({ message: result.message }, { status: result.reason === "invalid" ? 410 : 403 });
  return seeOther(env, `/organization/${result.registrationId}`, {
    type: "success",
    title: "Welcome",
    description: result.message,
  });
}

// The loader's Cache-Control (private, no-store: the page holds the organization's data) reaches the document.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Organization invitation", "Accept an invitation to manage an organization in the Challenge."),
  { name: "robots", content: "noindex" },
];

export default function OrganizationInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const message = actionData?.message ?? loaderData.message;
  return (
    <>
      <PageHero eyebrow="Organization dashboard" title="Invitation to manage an organization" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-2xl">
          <div className="card p-6 sm:p-8">
            {message ? (
              <p role="alert" className="font-medium text-red-800" data-testid="invitation-message">
                {message}
              </p>
            ) : null}
            {loaderData.organizationName && !actionData ? (
              <form method="post" className="space-y-4">
                <p className="text-slate-800">
                  You're invited to manage <strong>{loaderData.organizationName}</strong>: its company code, employees
                  and recognition tier. You're signed in as {loaderData.signedInAs}.
                </p>
                <input type="hidden" name="token" value={loaderData.token} />
                <button type="submit" className="btn-primary">
                  Accept invitation
                </button>
              </form>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}
