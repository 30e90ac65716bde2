/**
 * /portal/invitation?token=… (issue 15): an invitation to join a team. The
 * GET only shows it (mail scanners open links); accepting or declining is a
 * POST by the signed-in account whose address was invited. Joining needs an
 * enrollment and an open portal: teams freeze at the submission deadline.
 */
import { data } from "react-router";
import { Alert } from "~/components/alert";
import { IntentForm } from "~/components/intent-form";
import { PageHero } from "~/components/page";
import { portalMessages } from "~/content/portal";
import { requestContext, signedInContext } from "~/context";
import { signedInPageHeaders } from "~/forms/action.server";
import { handleIntentPost, intent } from "~/forms/intent-action.server";
import { pageMeta } from "~/lib/meta";
import { writeRefusal } from "~/portal/guard.server";
import { enrollmentOf, portalWindow } from "~/portal/participant.server";
import { InvitationAnswerSchema } from "~/portal/schema";
import { acceptInvitation, declineInvitation, findOpenInvitation } from "~/portal/team.server";
import type { Route } from "./+types/invitation";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, db, now } = context.get(signedInContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await findOpenInvitation(db, token, now);
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
  const { user, db, now, edition } = context.get(signedInContext);
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "portal.invitation",
    ctx: null,
    intents: {
      accept: intent({
        schema: InvitationAnswerSchema,
        async handle({ token }) {
          const answer = await acceptInvitation(
            db,
            token,
            user,
            (await enrollmentOf(db, user.id, edition.id)) !== null,
            now,
          );
          if (!answer.ok) return answer;
          const toast = { type: "success", title: "Welcome to the team", description: answer.message } as const;
          return { ok: true, toast, redirectTo: "/portal#team" };
        },
      }),
      decline: intent({
        schema: InvitationAnswerSchema,
        async handle({ token }) {
          const answer = await declineInvitation(db, token, user, now);
          if (!answer.ok) return answer;
          return { ok: true, toast: { type: "success", title: "Declined", description: answer.message } };
        },
      }),
    },
    redirectTo: "/portal",
    rateLimit: { scope: "portal", keys: [user.id], message: portalMessages.rateLimited },
    // Teams freeze at the submission deadline.
    closed: () => writeRefusal({ window: portalWindow(now, edition), edition, deadline: edition.submissionDeadline }),
    unknownIntent: portalMessages.unknownIntent,
    logFields: { userId: user.id },
  });
}

export const headers = signedInPageHeaders;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Team invitation", "An invitation to join a team in the Challenge Portal."),
  { name: "robots", content: "noindex" },
];

export default function PortalInvitation({ loaderData, actionData }: Route.ComponentProps) {
  // A refused answer (accept or decline) says why in place of the invitation's own state.
  const refused = actionData?.result.error?.[""] ?? [];
  const message = refused.length > 0 ? refused.join(" ") : loaderData.message;
  return (
    <>
      <PageHero eyebrow="Challenge Portal" title="Invitation to join a team" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-2xl">
          <div className="card p-6 sm:p-8">
            {message ? <Alert message={message} /> : null}
            {loaderData.teamName ? (
              <div className="mt-4 space-y-4">
                <p className="text-slate-800">
                  {`${loaderData.inviterEmail ?? "A participant"} invites you to join team `}
                  <strong>{loaderData.teamName}</strong>
                  {`. You're signed in as ${loaderData.signedInAs}. Every member must be enrolled in the Challenge, and each person is in one team.`}
                </p>
                <div className="flex flex-wrap gap-3">
                  <IntentForm intent="accept" errors={[]}>
                    <input type="hidden" name="token" value={loaderData.token} />
                    <button type="submit" className="btn-primary">
                      Join the team
                    </button>
                  </IntentForm>
                  <IntentForm intent="decline" errors={[]}>
                    <input type="hidden" name="token" value={loaderData.token} />
                    <button type="submit" className="btn-outline">
                      Decline
                    </button>
                  </IntentForm>
                </div>
              </div>
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
