/**
 * /portal/invitation?token=… (issue 15): an invitation to join a team. The
 * GET only shows it (mail scanners open links); accepting or declining is a
 * POST by the signed-in account whose address was invited. Joining needs an
 * enrolment and an open portal: teams freeze at the submission deadline.
 */
import { signedInPageHeaders } from "~/forms/action.server";
import { data } from "react-router";
import { requireUserForForm } from "~/accounts/gate.server";
import { requestClock } from "~/clock/page-clock.server";
import { Alert } from "~/components/alert";
import { PageHero } from "~/components/page";
import { portalMessages } from "~/content/portal";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { writeRefusal } from "~/portal/guard.server";
import { enrolmentOf, portalWindow } from "~/portal/participant.server";
import { acceptInvitation, declineInvitation, findOpenInvitation } from "~/portal/team.server";
import type { Route } from "./+types/portal.invitation";

function returnTo(token: string) {
  return `/portal/invitation?token=${encodeURIComponent(token)}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = await requireUserForForm(request, context, {
    description: portalMessages.signInRequired,
    returnTo: returnTo(token),
  });
  const { now } = requestClock(context);
  const invitation = await findOpenInvitation(getDb(context.get(requestContext).env), token, now);
  return data(
    {
      token,
      teamName: invitation?.teamName ?? null,
      inviterEmail: invitation?.inviterEmail ?? null,
      signedInAs: user.email,
      message: invitation ? null : portalMessages.invitationInvalid,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const form = await request.formData().catch(() => new FormData());
  const token = String(form.get("token") ?? "");
  const intent = form.get("intent") === "decline" ? "decline" : "accept";
  const user = await requireUserForForm(request, context, {
    description: portalMessages.signInRequired,
    returnTo: returnTo(token),
  });
  if (!(await clientAllowed(env, "portal", request, user.id, "invitation"))) {
    return data({ message: portalMessages.rateLimited }, { status: 429, headers: { "Retry-After": "60" } });
  }
  const { now, edition } = requestClock(context);
  const closed = writeRefusal({ window: portalWindow(now, edition), edition });
  if (closed) return data({ message: closed }, { status: 403 });
  const db = getDb(env);
  const result =
    intent === "accept"
      ? await acceptInvitation(db, token, user, (await enrolmentOf(db, user.id)) !== null, now)
      : await declineInvitation(db, token, user, now);
  log("info", "portal.invitation", { requestId, userId: user.id, intent, outcome: result.ok ? "done" : result.status });
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  return redirectWithToast(
    env,
    intent === "accept" ? "/portal#team" : "/portal",
    { type: "success", title: intent === "accept" ? "Welcome to the team" : "Declined", description: result.message },
    { status: 303 },
  );
}

export const headers = signedInPageHeaders;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Team invitation", "An invitation to join a team in the Challenge Portal."),
  { name: "robots", content: "noindex" },
];

export default function PortalInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const message = actionData?.message ?? loaderData.message;
  return (
    <>
      <PageHero eyebrow="Challenge Portal" title="Invitation to join a team" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-2xl">
          <div className="card p-6 sm:p-8">
            {message ? <Alert message={message} /> : null}
            {loaderData.teamName ? (
              <form method="post" className="mt-4 space-y-4">
                <p className="text-slate-800">
                  {`${loaderData.inviterEmail ?? "A participant"} invites you to join team `}
                  <strong>{loaderData.teamName}</strong>
                  {`. You're signed in as ${loaderData.signedInAs}. Every member must be enrolled in the Challenge, and each person is in one team.`}
                </p>
                <input type="hidden" name="token" value={loaderData.token} />
                <div className="flex flex-wrap gap-3">
                  <button type="submit" name="intent" value="accept" className="btn-primary">
                    Join the team
                  </button>
                  <button type="submit" name="intent" value="decline" className="btn-outline">
                    Decline
                  </button>
                </div>
              </form>
            ) : (
              <p className="mt-4">
                <a href="/portal" className="font-semibold text-brand-700 underline">
                  Go to the Challenge Portal
                </a>
              </p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
