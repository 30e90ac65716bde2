/**
 * Gated forms (SPEC.md §4, §6, §8): registration, sponsorship and the
 * judge/advisor interest need a signed-in user. Every gated action starts with
 * requireUserForForm; a signed-out submit gets the 'Authentication Required'
 * toast and goes to /auth, which brings the visitor back after sign-in/up.
 */
import type { RouterContextProvider } from "react-router";
import { requestContext } from "~/context";
import { type SessionUser } from "~/auth/session.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { authPath, safeRedirectPath } from "~/auth/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";

export const AUTH_REQUIRED_TITLE = "Authentication Required";

/** The toast descriptions of SPEC.md §8, one per gated form. */
export const gateDescriptions = {
  registration: "Please log in or create an account to register",
  sponsor: "Please log in or create an account to become a sponsor",
  judgeAdvisor: "Please log in or create an account to express your interest",
} as const;

/**
 * The signed-in user, or a thrown redirect to /auth (React Router sends a
 * thrown Response as is). The return target is the page the form is on, or
 * `returnTo` when given; either way only a path on this site.
 */
export async function requireUserForForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  gate: { description: string; returnTo?: string },
): Promise<SessionUser> {
  const user = await requestSessionUser(request, context);
  if (user) return user;
  const { env } = context.get(requestContext);
  throw await signInFirst(request, env, gate);
}

/** The redirect to /auth with the gate's toast, coming back to `returnTo` (or the page asked for) afterwards. */
export async function signInFirst(
  request: Request,
  env: Env,
  { description, returnTo }: { description: string; returnTo?: string },
): Promise<Response> {
  const url = new URL(request.url);
  // React Router adds ?index / _data-like markers to action URLs: return to the page, not the action.
  url.searchParams.delete("index");
  const target = safeRedirectPath(returnTo ?? `${url.pathname}${url.search}`);
  return redirectWithToast(env, authPath(target), { type: "info", title: AUTH_REQUIRED_TITLE, description });
}
