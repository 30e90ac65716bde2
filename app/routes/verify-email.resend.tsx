import { redirect } from "react-router";
import { recentAccountEmails, accountEmailHourlyCap } from "~/auth/account-emails.server";
import { createAuth } from "~/auth/auth.server";
import { isEmailVerified } from "~/auth/session.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { recoveryToasts } from "~/content/auth";
import { authPath, safeRedirectPath } from "~/auth/safe-redirect";
import { requestContext } from "~/context";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/verify-email.resend";

/**
 * POST /account/verify-email: e-mails the signed-in account a new
 * verification link (issue 13). Action only; every form that offers "send a
 * new link" posts here with `redirectTo` (the page to come back to, a path on
 * this site) and gets a toast there. Limited per client (RATE_LIMITER) and per
 * account (three links an hour, counted in the outbox).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  let formData: FormData | null = null;
  try {
    formData = await request.formData();
  } catch {
    // No body: go back to the default page.
  }
  const redirectTo = safeRedirectPath(formData?.get("redirectTo"));
  if (!(await clientAllowed(env, "auth:verify-email", request))) {
    log("warn", "auth.rate_limited", { requestId, attempt: "verify-email" });
    return redirectWithToast(env, redirectTo, recoveryToasts.tooMany);
  }
  const user = await requestSessionUser(request, context);
  if (!user) return redirectWithToast(env, authPath(redirectTo, "signin"), recoveryToasts.verifySignIn);
  if (isEmailVerified(user)) return redirectWithToast(env, redirectTo, recoveryToasts.alreadyVerified);
  if (
    (await recentAccountEmails(env, "email-verification", user.email)) >= accountEmailHourlyCap["email-verification"]
  ) {
    log("warn", "auth.verification_capped", { requestId, userId: user.id });
    return redirectWithToast(env, redirectTo, recoveryToasts.verificationCapped);
  }
  await createAuth(env, request, { requestId }).api.sendVerificationEmail({
    body: { email: user.email },
    headers: request.headers,
  });
  return redirectWithToast(env, redirectTo, recoveryToasts.verificationSent(user.email));
}

/** The form posts here; someone who types the address goes to the page that offers it. */
export function loader() {
  return redirect("/register");
}
