/**
 * Brute-force limits for sign-in and sign-up (issue 16, ADR 008).
 * - Every attempt counts against the client (an IPv4 address or an IPv6 /64):
 *   one machine trying many accounts.
 * - Sign-in also counts against the client *and* the address: the strict
 *   limit. Nobody else's attempts touch it, so guesses from other machines
 *   cannot lock the owner out, as a per-address counter did.
 * - Across all clients, an address may fail `signInLockout.addressFailureCeiling`
 *   times in `signInLockout.windowMinutes`. Past that, a client that has
 *   itself failed for the address in the window is refused; one that has not
 *   (the owner at home) still gets to try its password. A distributed guesser
 *   is slowed to one guess per client per window.
 * Counters are the RATE_LIMITER binding (10 a minute per key); failures for
 * the ceiling live in D1 (sign_in_failures), because the binding cannot be read
 * without counting.
 */
import { and, count, eq, gte, lt } from "drizzle-orm";
import { rateLimitRetryAfterSeconds, signInLockout } from "~/content/limits";
import { getDb } from "~/db/client.server";
import { signInFailures } from "~/db/schema";
import { clientAllowed, clientKey } from "~/lib/client-limit.server";

export type AuthAttempt = "sign-in" | "sign-up";

export const AUTH_RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

/** Seconds until a new window: the binding's period. */
export const AUTH_RATE_LIMIT_RETRY_AFTER = rateLimitRetryAfterSeconds;

function normalizedEmail(email: string | undefined): string | undefined {
  const normalized = email?.trim().toLowerCase();
  return normalized ? normalized : undefined;
}

function windowStart(now: Date): string {
  return new Date(now.getTime() - signInLockout.windowMinutes * 60_000).toISOString();
}

/** True when this attempt may go ahead. Every call counts against the per-client limits. */
export async function authAttemptAllowed(
  env: Pick<Env, "RATE_LIMITER" | "DB">,
  request: Request,
  attempt: AuthAttempt,
  email: string | undefined,
  now = new Date(),
): Promise<boolean> {
  const scope = attempt === "sign-in" ? "auth:sign-in" : "auth:sign-up";
  const address = normalizedEmail(email);
  const checks = [clientAllowed(env, scope, request)];
  if (attempt === "sign-in" && address) checks.push(clientAllowed(env, scope, request, "email", address));
  const outcomes = await Promise.all(checks);
  if (!outcomes.every(Boolean)) return false;
  if (attempt !== "sign-in" || !address) return true;
  return !(await pastAddressCeiling(env, address, clientKey(request), now));
}

/** The address failed more than its ceiling in the window, and this client is one of those failing. */
async function pastAddressCeiling(env: Pick<Env, "DB">, address: string, client: string, now: Date) {
  const db = getDb(env);
  const since = windowStart(now);
  const [all] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, address), gte(signInFailures.failedAt, since)));
  if ((all?.n ?? 0) < signInLockout.addressFailureCeiling) return false;
  const [mine] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(
      and(eq(signInFailures.email, address), eq(signInFailures.client, client), gte(signInFailures.failedAt, since)),
    );
  return (mine?.n ?? 0) > 0;
}

/** Records a refused sign-in (wrong password or unknown address) and forgets failures older than the window. */
export async function recordSignInFailure(
  env: Pick<Env, "DB">,
  request: Request,
  email: string | undefined,
  now = new Date(),
): Promise<void> {
  const address = normalizedEmail(email);
  if (!address) return;
  const db = getDb(env);
  await db.batch([
    db.delete(signInFailures).where(lt(signInFailures.failedAt, windowStart(now))),
    db.insert(signInFailures).values({ email: address, client: clientKey(request), failedAt: now.toISOString() }),
  ]);
}

/** A client that signed in is no longer one that has been failing for this address. */
export async function clearSignInFailures(env: Pick<Env, "DB">, request: Request, email: string | undefined) {
  const address = normalizedEmail(email);
  if (!address) return;
  await getDb(env)
    .delete(signInFailures)
    .where(and(eq(signInFailures.email, address), eq(signInFailures.client, clientKey(request))));
}
