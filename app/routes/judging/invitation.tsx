/**
 * /judging/invitation?token=… (issue 24): an invitation to judge, or to
 * advise (issue 54: the same invitation with an advisor's standing). The GET
 * only shows it and says what is missing (mail scanners open links);
 * accepting is a POST by the signed-in account whose address was invited,
 * verified and with two-step sign-in on. Each link works once. The same
 * form may carry an optional public profile (consent, name, title,
 * organization, bio, photo): a refused photo or too long a bio refuses the
 * whole post, so the link stays unused until it is fixed.
 */
import { data } from "react-router";
import { Alert } from "~/components/alert";
import { IntentForm, useIntentForm } from "~/components/intent-form";
import { PageHero } from "~/components/page";
import { ProfileFields } from "~/components/profile-form";
import { judgingMessages } from "~/content/judging";
import { advisoryGroupName, profilePaths } from "~/content/profiles";
import { requestContext, signedInContext } from "~/context";
import { signedInPageHeaders } from "~/forms/action.server";
import { handleIntentPost, intent } from "~/forms/intent-action.server";
import { acceptJudgeInvitation, checkInvitation, judgeName } from "~/judging/invitation.server";
import { JudgeInvitationSchema } from "~/judging/schema";
import { pageMeta } from "~/lib/meta";
import { saveProfile, storePhoto } from "~/profiles/profile.server";
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
      standing: check.ok ? check.invitation.standing : "judge",
      advisoryGroup: check.ok ? check.invitation.advisoryGroup : null,
      name: check.ok ? await judgeName(db, check.invitation) : "",
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
        async handle({ token, ...profile }) {
          // The profile's photo is checked before the link is used: a refusal leaves it to send again.
          const photo = profile.consent === "on" ? await storePhoto(env.SUBMISSION_FILES, profile.photo) : null;
          if (photo && "ok" in photo) return photo;
          const answer = await acceptJudgeInvitation(db, token, user, now, editionsFor(env));
          if (!answer.ok) return answer;
          const advisor = answer.holder.standing === "advisor";
          if (profile.consent === "on") {
            const saved = await saveProfile(db, answer.holder, profile, photo, now);
            if (!saved.ok) return saved;
          }
          const toast = advisor
            ? ({ type: "success", title: "Welcome, advisor", description: judgingMessages.advisorAccepted } as const)
            : ({ type: "success", title: "Welcome, judge", description: judgingMessages.invitationAccepted } as const);
          return { ok: true, toast, redirectTo: advisor ? profilePaths.page : "/judging" };
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
  ...pageMeta("Judging invitation", "An invitation to judge or advise the Challenge."),
  { name: "robots", content: "noindex" },
];

export default function JudgingInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useIntentForm("accept", JudgeInvitationSchema, actionData, {
    defaultValue: { name: loaderData.name },
  });
  const refused = actionData?.result.error?.[""] ?? [];
  const message = refused.length > 0 ? refused.join(" ") : loaderData.message;
  const advisor = loaderData.standing === "advisor";
  const fieldRefused = Object.keys(actionData?.result.error ?? {}).some((name) => name !== "");
  return (
    <>
      <PageHero eyebrow="Judging" title={advisor ? "Invitation to advise" : "Invitation to judge"} />
      <section className="section bg-slate-50">
        <div className="container-page max-w-2xl">
          <div className="card p-6 sm:p-8">
            {message ? <Alert message={message} /> : null}
            {loaderData.editionName && (refused.length === 0 || fieldRefused) ? (
              <div className="mt-4 space-y-4">
                <p className="text-slate-800">
                  {advisor ? "The organizers invite you to advise the " : "The organizers invite you to judge the "}
                  <strong>{loaderData.editionName}</strong>
                  {advisor
                    ? `, with its ${advisoryGroupName(loaderData.advisoryGroup)}. You're signed in as ${loaderData.signedInAs}. Advisors guide the Challenge; they do not score projects.`
                    : `. You're signed in as ${loaderData.signedInAs}. As a judge you score the projects assigned to you against the published rubric, until scores are final.`}
                </p>
                <IntentForm
                  intent="accept"
                  form={form}
                  encType="multipart/form-data"
                  className="space-y-4"
                  labelledBy="accept-title"
                >
                  <h2 id="accept-title" className="sr-only">
                    Accept the invitation
                  </h2>
                  <input type="hidden" name="token" value={loaderData.token} />
                  <ProfileFields
                    fields={fields}
                    standing={loaderData.standing}
                    advisoryGroup={loaderData.advisoryGroup}
                    photo={null}
                  />
                  <button type="submit" className="btn-primary">
                    {advisor ? "Accept and become an advisor" : "Accept and become a judge"}
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
