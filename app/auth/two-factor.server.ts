/**
 * Signing in with a second factor (issue 13, docs/accounts.md). When the
 * password is right for an account with TOTP on, better-auth answers the
 * sign-in with `{ twoFactorRedirect: true }`, no session, and a signed
 * `two_factor` challenge cookie (10 minutes); /auth/two-factor then takes an
 * authenticator code or a recovery code and, if right, creates the session.
 */
import { isAPIError } from "better-auth/api";
import type { Auth } from "~/auth/auth.server";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { clientAllowed } from "~/lib/client-limit.server";
import { SECOND_FACTOR_CODE_USED, SECOND_FACTOR_LOCKED } from "./second-factor-codes.server";

export const TWO_FACTOR_PATH = "/auth/two-factor";

/** The second-factor page, keeping where the visitor was going. */
export function twoFactorPath(redirectTo: string): string {
  return `${TWO_FACTOR_PATH}?${new URLSearchParams({ redirectTo: safeRedirectPath(redirectTo) })}`;
}

/** True when a successful password check still needs a code (better-auth's twoFactorRedirect). */
export async function secondFactorRequired(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json();
    return typeof body === "object" && body !== null && "twoFactorRedirect" in body && body.twoFactorRedirect === true;
  } catch {
    return false;
  }
}

/** The request carries a sign-in challenge cookie (its signature is checked by better-auth). */
export function hasTwoFactorChallenge(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");
}

/**
 * Code attempts per client (10 a minute, RATE_LIMITER), on top of
 * better-auth's own limits: 5 wrong codes end a sign-in challenge, 10 in a row
 * lock the account's second factor for 15 minutes.
 */
export function twoFactorAttemptAllowed(env: Pick<Env, "RATE_LIMITER">, request: Request, ...extra: string[]) {
  return clientAllowed(env, "auth:two-factor", request, ...extra);
}

/** A six-digit authenticator code, spaces allowed ("123 456"). */
export function totpCodeOf(input: string): string | null {
  const digits = input.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code as better-auth issues it (`abcde-12345`, letters and digits); the dash may be left out. */
export function recoveryCodeOf(input: string): string | null {
  const plain = input.trim().replace(/\s+/g, "");
  if (/^[a-zA-Z0-9]{5}-[a-zA-Z0-9]{5}$/.test(plain)) return plain;
  if (/^[a-zA-Z0-9]{10}$/.test(plain)) return `${plain.slice(0, 5)}-${plain.slice(5)}`;
  return null;
}

/**
 * What a code check came to: right; wrong; a right code already used (its
 * time step is not later than the last code accepted for the account,
 * second-factor-codes.server.ts); the sign-in challenge expired; too many
 * wrong codes; not a code at all.
 */
export type SecondFactorOutcome = "ok" | "wrong" | "used" | "expired" | "locked" | "invalid";

/** better-auth's error code of a refused verification. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    if (typeof body === "object" && body !== null && "code" in body && typeof body.code === "string") return body.code;
  } catch {
    // Not JSON.
  }
  return undefined;
}

function outcomeOfRefusal(code: string | undefined, status: number): SecondFactorOutcome {
  if (code === SECOND_FACTOR_CODE_USED) return "used";
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return "expired";
  if (code === SECOND_FACTOR_LOCKED || status === 429) return "locked";
  return "wrong";
}

/**
 * Checks an authenticator code or a recovery code against the request's
 * challenge cookie (sign-in) or session (enrollment, the desk's
 * confirmation), through better-auth: the one way a code is checked (its
 * HTTP endpoints are not served, served-endpoints.ts). Each authenticator
 * code counts once and wrong codes from a session lock
 * (second-factor-codes.server.ts, a hook on the same endpoints). The
 * response carries the cookies to forward when the outcome is "ok".
 */
export async function verifySecondFactor(
  auth: Auth,
  request: Request,
  input: string,
  { allowRecovery = true }: { allowRecovery?: boolean } = {},
): Promise<{ outcome: SecondFactorOutcome; response: Response | null }> {
  const totp = totpCodeOf(input);
  const recovery = allowRecovery && !totp ? recoveryCodeOf(input) : null;
  if (!totp && !recovery) return { outcome: "invalid", response: null };
  let response: Response;
  try {
    response = totp
      ? await auth.api.verifyTOTP({ body: { code: totp }, headers: request.headers, asResponse: true })
      : await auth.api.verifyBackupCode({ body: { code: recovery! }, headers: request.headers, asResponse: true });
  } catch (error) {
    // Our hook's refusals are thrown before better-auth's endpoint answers.
    if (!isAPIError(error)) throw error;
    return { outcome: outcomeOfRefusal(error.body?.code, error.statusCode), response: null };
  }
  if (response.ok) return { outcome: "ok", response };
  return { outcome: outcomeOfRefusal(await errorCodeOf(response), response.status), response };
}
