/**
 * Brute-force limits for sign-in and sign-up, with the RATE_LIMITER binding
 * (wrangler.toml: 10 a minute per key). Two counters per attempt: the client
 * IP (one machine trying many accounts) and the e-mail address (many machines
 * trying one account). Windows are a minute long, so the real owner of an
 * attacked account is never locked out for longer than that.
 */

export type AuthAttempt = "sign-in" | "sign-up";

export const AUTH_RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

/** Seconds until a new window: the binding's period. */
export const AUTH_RATE_LIMIT_RETRY_AFTER = 60;

export function clientIp(request: Request): string {
  // Set by Cloudflare on every request (and by wrangler dev locally).
  return request.headers.get("cf-connecting-ip") ?? "unknown";
}

/** True when this attempt is within both limits. Every call counts, allowed or not. */
export async function authAttemptAllowed(
  env: Pick<Env, "RATE_LIMITER">,
  request: Request,
  attempt: AuthAttempt,
  email: string | undefined,
): Promise<boolean> {
  const keys = [`auth:${attempt}:ip:${clientIp(request)}`];
  const normalized = email?.trim().toLowerCase();
  if (normalized) keys.push(`auth:${attempt}:email:${normalized}`);
  const outcomes = await Promise.all(keys.map((key) => env.RATE_LIMITER.limit({ key })));
  return outcomes.every((outcome) => outcome.success);
}
