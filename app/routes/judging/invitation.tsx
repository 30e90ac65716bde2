/**
 * /judging/invitation?token=… (issue 24): an invitation to judge. The GET
 * only shows it and says what is missing (mail scanners open links);
 * accepting is a POST by the signed-in account whose address was invited,
 * verified and with two-step sign-in on. Each link works once.
 */
import { data } from "react-router";
import { Alert } from "~/components/alert";
import { IntentForm } from "~/components/intent-form";
import { PageHero } from "~/components/page";
import { judgingMessages } from "~/content/judging";
import { requestContext, signedInContext } from "~/context";
import { signedInPageHeaders } from "~/forms/action.server";
import { handleIntentPost, intent } from "~/forms/intent-action.server";
import { acceptJudgeInvitation, checkInvitation } from "~/judging/invitation.server";
import { JudgeInvitationSchema } from "~/judging/schema";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/invitation";
import { editionsFor } from "~/clock/clock.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, db, now } = context.get(signedInContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = await checkInvitation(db, token, user, now, editionsFor(context.get(requestContext).env));
  return data(
    {
      token,
      editionName: check.ok ? check.editionName : null,
      signedInAs: user.email,
      message: check.ok ? null : check.message,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const { user, db, now } = context.get(signedInContext);
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "judging.invitation",
    ctx: null,
    intents: {
      accept: intent({
        schema: JudgeInvitationSchema,
        async handle({ token }) {
          const answer = await acceptJudgeInvitation(db, token, user, now, editionsFor(env));
          if (!answer.ok) return answer;
          const toast = {
            type: "success",
            title: "Welcome, judge",
            description: judgingMessages.invitationAccepted,
          } as const;
          return { ok: true, toast, redirectTo: "/judging" };
        },
      }),
    },
    redirectTo: "/judging",
    rateLimit: { scope: "judging", keys: [user.id], message: judgingMessages.rateLimited },
    unknownIntent: judgingMessages.unknownIntent,
    logFields: { userId: user.id },
  });
}

export const headers = signedInPageHeaders;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Judging invitation", "An invitation to judge the Challenge."),
  { name: "robots", content: "noindex" },
];

export default function JudgingInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData?.result.error?.[""] ?? [];
  const message = refused.length > 0 ? refused.join(" ") : loaderData.message;
  return (
    <>
      <PageHero eyebrow="Judging" title="Invitation to judge" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-2xl">
          <div className="card p-6 sm:p-8">
            {message ? <Alert message={message} /> : null}
            {loaderData.editionName && refused.length === 0 ? (
              <div className="mt-4 space-y-4">
                <p className="text-slate-800">
                  {"The organizers invite you to judge the "}
                  <strong>{loaderData.editionName}</strong>
                  {`. You're signed in as ${loaderData.signedInAs}. As a judge you score the projects assigned to you against the published rubric, until scores are final.`}
                </p>
                <IntentForm intent="accept" errors={[]}>
                  <input type="hidden" name="token" value={loaderData.token} />
                  <button type="submit" className="btn-primary">
                    Accept and become a judge
                  </button>
                </IntentForm>
              </div>
            ) : (
              <p className="mt-4 flex flex-wrap gap-4">
                <a href="/account" className="font-semibold text-brand-700 underline">
                  Your account (verification and two-step sign-in)
                </a>
                <a href="/judging" className="font-semibold text-brand-700 underline">
                  Judging
                </a>
              </p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
