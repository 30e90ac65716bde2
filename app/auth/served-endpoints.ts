/**
 * better-auth's endpoints this site serves over HTTP at /api/auth/*, and why
 * each (issue 50). Everything else better-auth offers answers 404 there:
 * enrolling, turning off, reading the TOTP secret (`get-totp-uri`), making or
 * reading recovery codes and checking codes are done only by the site's own
 * pages, whose actions call better-auth's server API (`auth.api.*`), which
 * this list does not limit. An allowlist, so an endpoint a later better-auth
 * adds is not served until someone adds it here.
 *
 * Paths are as better-auth names them (after /api/auth), matched exactly.
 */
export const SERVED_AUTH_ENDPOINTS: Readonly<Record<string, string>> = {
  "/sign-up/email": "JSON sign-up for scripts and tests; rate limited like the /auth page (workers/api/auth.ts)",
  "/sign-in/email":
    "JSON sign-in; rate limited like the /auth page. With two-step sign-in on it only starts the challenge, which only /auth/two-factor completes",
  "/sign-out": "ends the caller's own session",
  "/get-session": "who is signed in, for a JSON client",
  "/change-password": "the documented JSON password change; limited per client and account, signs other sessions out",
  "/request-password-reset": "the forgot-password page's JSON twin, counted against the same limit",
  "/reset-password": "the reset page's JSON twin, counted against the same limit",
  "/send-verification-email": "the resend-verification page's JSON twin, counted against the same limit",
};

/** Whether better-auth may answer this request (its path, relative to where the handler is mounted). */
export function servedAuthPath(pathname: string, basePath: string): boolean {
  if (!pathname.startsWith(`${basePath}/`)) return false;
  return Object.hasOwn(SERVED_AUTH_ENDPOINTS, pathname.slice(basePath.length));
}
