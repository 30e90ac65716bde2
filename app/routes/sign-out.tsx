import { redirect } from "react-router";
import { requestContext } from "~/context";
import { authToasts } from "~/content/auth";
import { createAuth } from "~/auth/auth.server";
import { appendSetCookies } from "~/auth/session.server";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/sign-out";

/**
 * The header's Sign Out button posts here (a plain form: it works without
 * JavaScript). better-auth deletes the session and expires its cookies.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const headers = new Headers();
  try {
    const response = await createAuth(env, request, { requestId }).api.signOut({
      headers: request.headers,
      asResponse: true,
    });
    appendSetCookies(headers, response.headers);
  } catch (error) {
    // No session (already signed out elsewhere) is not worth an error page.
    log("warn", "auth.sign_out_failed", { requestId, error });
  }
  return redirectWithToast(env, "/", authToasts.signedOut, { headers });
}

/** Signing out is a POST; someone who types the address just goes home. */
export function loader() {
  return redirect("/");
}
