/**
 * "A session that passed the second factor" (issues 31 and 32, ADR 018).
 * Two-step sign-in being on for an account says nothing about a session
 * opened before it was on, nor about one opened by a path that asks no code.
 * So each session records whether it passed the second factor itself:
 * `session.second_factor_at` is set when better-auth creates the session in
 * answer to a correct authenticator or recovery code — signing in with it,
 * or turning two-step sign-in on (better-auth replaces the session then) —
 * and carried over when better-auth replaces a session that had it (a
 * password change that signs the others out). Every other path leaves it
 * NULL: a password alone, a session from before two-step sign-in was on,
 * and whatever path a later better-auth adds. Judges (app/judging/guard.server.ts)
 * and the organizers' desk (app/organize/guard.server.ts) require it.
 */
import type { DBFieldAttribute, GenericEndpointContext } from "better-auth";
import type { Auth } from "./auth.server";
import { verifySecondFactor, type SecondFactorOutcome } from "./two-factor.server";

/** better-auth's endpoints that create a session only for a correct code. */
const SECOND_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/** The session's extra column, as better-auth's schema knows it: never taken from a request's input. */
export const secondFactorSessionFields = {
  secondFactorAt: { type: "date", required: false, input: false, fieldName: "secondFactorAt" },
} satisfies Record<string, DBFieldAttribute>;

type SessionData = { userId: string } & Record<string, unknown>;

/** databaseHooks.session.create.before: marks the sessions a code created, and keeps the mark on a replacement. */
export async function markSecondFactorSession(
  session: SessionData,
  context: GenericEndpointContext | null,
): Promise<{ data: Record<string, unknown> } | undefined> {
  if (!context) return undefined;
  if (SECOND_FACTOR_PATHS.has(context.path ?? "")) return { data: { ...session, secondFactorAt: new Date() } };
  const current = context.context.session?.session as { userId?: string; secondFactorAt?: unknown } | undefined;
  if (current?.userId === session.userId && current.secondFactorAt) {
    return { data: { ...session, secondFactorAt: new Date(current.secondFactorAt as string | number | Date) } };
  }
  return { data: { ...session, secondFactorAt: null } };
}

/** The session's mark as better-auth returns it (a Date, or its serialized form), as an ISO instant. */
export function secondFactorInstant(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const at = new Date(value as string | number | Date);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Whether the request's session acts with the second factor: on for the account, and passed by this session. */
export function passedSecondFactor(signedIn: {
  user: { twoFactorEnabled: boolean };
  secondFactorAt: string | null;
}): boolean {
  return signedIn.user.twoFactorEnabled && signedIn.secondFactorAt !== null;
}

/**
 * The second factor asked again, in a session that already passed it: a
 * one-way action's confirmation form (the two-person rule, ADR 018). An
 * authenticator code or an unused recovery code (which it uses up), checked
 * by better-auth against the session's account. Counting attempts is the
 * caller's (the form's allowance per account).
 */
export async function verifySecondFactorAgain(
  auth: Auth,
  request: Request,
  code: string,
): Promise<SecondFactorOutcome> {
  return (await verifySecondFactor(auth, request, code)).outcome;
}
