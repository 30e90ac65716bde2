import type { SubmissionResult } from "@conform-to/react";
import { data, useLocation } from "react-router";
import { NextEditionForm } from "~/components/next-edition-form";
import { PageHero } from "~/components/page";
import { ToastRegion } from "~/components/toast";
import { isNextEditionInterest, nextEditionCopy, nextEditionMessages } from "~/content/next-edition";
import { requestContext } from "~/context";
import { HONEYPOT_FIELD, NextEditionSchema, overlongFields } from "~/next-edition/schema";
import { parseWithSchema } from "~/forms/parse";
import { clientAllowed } from "~/lib/client-limit.server";
import { now } from "~/clock/clock.server";
import { contentMeta } from "~/lib/content-meta";
import { log } from "~/lib/log.server";
import { siteOrigin } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { safeRedirectPath } from "~/accounts/safe-redirect";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
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

// Route headers other than cookies reach the page only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

type ActionData = { result: SubmissionResult<string[]> | null; toast: Toast | null };

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<ActionData>({ result: null, toast: null }, { status: 400 });
  }
  // Back to the page the form was on, or this one; never off the site.
  const returnTo = safeRedirectPath(formData.get("returnTo"), "/next-edition");

  // A bot that fills the hidden field hears what a person hears; nothing is stored.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (honeypot !== null && honeypot !== "") {
    log("info", "next_edition.honeypot", { requestId });
    return redirectWithToast(env, returnTo, nextEditionCopy.toast);
  }

  const submission = parseWithSchema(formData, { schema: NextEditionSchema });
  // Values longer than their field allows are not sent back into the page.
  const hideFields = overlongFields(formData);
  // Every post counts, invalid ones too (as the contact form's, issue 16): a
  // flood of bad posts costs the same parsing as good ones.
  if (!(await clientAllowed(env, "next-edition", request))) {
    log("warn", "next_edition.rate_limited", { requestId });
    return data<ActionData>(
      { result: submission.reply({ formErrors: [nextEditionMessages.rateLimited], hideFields }), toast: null },
      { status: 429, headers: { "Retry-After": "60" } },
    );
  }
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply({ hideFields }), toast: null }, { status: 400 });
  }

  try {
    const { outcome } = await signUp(env, submission.value, {
      now: now(env),
      origin: siteOrigin(request, env),
      requestId,
    });
    // The outcome is for the log only: the visitor hears the same whatever it was.
    log("info", "next_edition.signed_up", { requestId, outcome });
  } catch (error) {
    log("error", "next_edition.save_failed", { requestId, error });
    return data<ActionData>(
      { result: submission.reply({ hideFields }), toast: { id: crypto.randomUUID(), ...nextEditionCopy.failureToast } },
      { status: 500 },
    );
  }
  return redirectWithToast(env, returnTo, nextEditionCopy.toast);
}

export const meta = contentMeta(nextEditionCopy.pageTitle, nextEditionCopy.pageLead);

export default function NextEdition({ loaderData, actionData }: Route.ComponentProps) {
  // A new location (the redirect after signing up) mounts a fresh, empty form.
  const location = useLocation();
  return (
    <>
      <PageHero eyebrow="Next edition" title={nextEditionCopy.pageTitle} lead={nextEditionCopy.pageLead} />
      <ToastRegion toast={actionData?.toast} />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl">
          <NextEditionForm key={location.key} interest={loaderData.interest} lastResult={actionData?.result} />
        </div>
      </section>
    </>
  );
}
