import { useLocation } from "react-router";
import { NextEditionForm } from "~/components/next-edition-form";
import { PageHero } from "~/components/page";
import { isNextEditionInterest, nextEditionCopy, nextEditionMessages } from "~/content/next-edition";
import { requestContext } from "~/context";
import { NextEditionSchema, overlongFields } from "~/next-edition/schema";
import { formHeaders, handleFormPost } from "~/forms/action.server";
import { parseWithSchema } from "~/forms/parse";
import { now } from "~/clock/clock.server";
import { contentMeta } from "~/lib/content-meta";
import { log } from "~/lib/log.server";
import { siteOrigin } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { signUp } from "~/next-edition/list.server";
import type { Route } from "./+types/next-edition";

// The form validates in the browser with the same schema as the server.
export const handle = { hydrate: true } satisfies RouteHandle;

export function loader({ request, context }: Route.LoaderArgs) {
  const interest = new URL(request.url).searchParams.get("interest");
  return {
    origin: siteOrigin(request, context.get(requestContext).env),
    interest: isNextEditionInterest(interest) ? interest : undefined,
  };
}

export const headers = formHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  return handleFormPost({
    request,
    env,
    requestId,
    event: "next_edition",
    parse: (formData) => parseWithSchema(formData, { schema: NextEditionSchema }),
    // Values longer than their field allows are not sent back into the page.
    hide: overlongFields,
    // A bot is answered before it is counted (the contact form counts it).
    rateLimit: { scope: "next-edition", message: nextEditionMessages.rateLimited, countsBots: false },
    honeypot: true,
    async save(signup) {
      const { outcome } = await signUp(env, signup, { now: now(env), origin: siteOrigin(request, env), requestId });
      // The outcome is for the log only: the visitor hears the same whatever it was.
      log("info", "next_edition.signed_up", { requestId, outcome });
    },
    // Back to the page the form was on, or this one; never off the site.
    redirectTo: (formData) => safeRedirectPath(formData.get("returnTo"), "/next-edition"),
    successToast: nextEditionCopy.toast,
    failureToast: nextEditionCopy.failureToast,
  });
}

export const meta = contentMeta(nextEditionCopy.pageTitle, nextEditionCopy.pageLead);

export default function NextEdition({ loaderData, actionData }: Route.ComponentProps) {
  // A new location (the redirect after signing up) mounts a fresh, empty form.
  const location = useLocation();
  return (
    <>
      <PageHero eyebrow="Next edition" title={nextEditionCopy.pageTitle} lead={nextEditionCopy.pageLead} />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl">
          <NextEditionForm key={location.key} interest={loaderData.interest} lastResult={actionData?.result} />
        </div>
      </section>
    </>
  );
}
