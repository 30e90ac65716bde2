/**
 * /organization/invitation?token=… (issue 14): a co-administrator's
 * invitation. The GET only shows it (mail scanners open links); accepting is
 * a POST by the signed-in account whose verified address was invited.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { IntentForm, intentErrors } from "~/components/intent-form";
import { PageHero } from "~/components/page";
import { organizationMessages } from "~/content/organization";
import { requestContext, signedInContext } from "~/context";
import { handleIntentPost, intent } from "~/forms/intent-action.server";
import { pageMeta } from "~/lib/meta";
import { acceptInvitation, openInvitation } from "~/organization/admins.server";
import type { Route } from "./+types/invitation";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, db, now } = context.get(signedInContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await openInvitation(db, token, now);
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

const AcceptSchema = z.object({ token: z._default(z.string().check(z.maxLength(128)), "") });

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const { user, db, now } = context.get(signedInContext);
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "organization.invitation",
    ctx: null,
    intents: {
      accept: intent({
        schema: AcceptSchema,
        async handle({ token }) {
          const result = await acceptInvitation(db, token, user, now);
          if (!result.ok)
            return { ok: false, message: result.message, status: result.reason === "invalid" ? 410 : 403 };
          return {
            ok: true,
            toast: { type: "success", title: "Welcome", description: result.message },
            redirectTo: `/organization/${result.registrationId}`,
          };
        },
      }),
    },
    redirectTo: "/organization",
    rateLimit: { scope: "organization", keys: [], message: organizationMessages.rateLimited },
    unknownIntent: organizationMessages.unknownIntent,
    logFields: { userId: user.id },
  });
}

// The loader's Cache-Control (private, no-store: the page holds the organization's data) reaches the document.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Organization invitation", "Accept an invitation to manage an organization in the Challenge."),
  { name: "robots", content: "noindex" },
];

export default function OrganizationInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const refused = intentErrors(actionData, "accept");
  const message = refused.length > 0 ? refused.join(" ") : loaderData.message;
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
              <IntentForm intent="accept" className="space-y-4">
                <p className="text-slate-800">
                  You're invited to manage <strong>{loaderData.organizationName}</strong>: its company code, employees
                  and recognition tier. You're signed in as {loaderData.signedInAs}.
                </p>
                <input type="hidden" name="token" value={loaderData.token} />
                <button type="submit" className="btn-primary">
                  Accept invitation
                </button>
              </IntentForm>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}
