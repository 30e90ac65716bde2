/**
 * A code counts once, and wrong codes given in a session lock (issue 50).
 *
 * better-auth accepts an authenticator code for the time steps now-1, now and
 * now+1 and keeps no record of one it accepted: the code that signed a
 * session in also confirmed a proposal, and one code confirmed two. So every
 * check of a code passes through this plugin's hook, which runs before
 * better-auth's own endpoints `/two-factor/verify-totp` and
 * `/two-factor/verify-backup-code`, whether they are called through the server
 * API (the site's pages: sign-in, /account, the desk, via
 * `verifySecondFactor`) or any other way:
 *
 * - an authenticator code whose time step is at or before the last one
 *   accepted for the account is refused (`TOTP_CODE_USED`); the step a right
 *   code matches is claimed atomically before better-auth sees the code;
 * - from a signed-in session (not a sign-in challenge, which better-auth
 *   limits itself), 5 wrong codes in a row refuse every code for 15 minutes
 *   (`ACCOUNT_TEMPORARILY_LOCKED`, 429); a right code resets the count.
 *
 * Recovery codes are single-use by better-auth already; wrong ones count
 * towards the lockout. The table is migrations/0024_second_factor_codes.sql.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { secondFactorLockout } from "~/content/limits";
import type { Db } from "~/db/client.server";
import { secondFactorCodes } from "~/db/schema";

const VERIFY_TOTP_PATH = "/two-factor/verify-totp";
const VERIFY_RECOVERY_CODE_PATH = "/two-factor/verify-backup-code";

/** The TOTP parameters of the twoFactor plugin (two-factor-plugin.server.ts keeps its defaults). */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** better-auth accepts the previous, the current and the next time step. */
const TOTP_WINDOW = 1;

/** better-auth's error codes that mean "this code is refused" (verifySecondFactor reads them). */
export const SECOND_FACTOR_CODE_USED = "TOTP_CODE_USED";
export const SECOND_FACTOR_LOCKED = "ACCOUNT_TEMPORARILY_LOCKED";

/** The time step a Unix time in milliseconds falls in. */
export function totpStepAt(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);
}

/** RFC 4226 HOTP with the key as better-auth uses it (the secret string's UTF-8 bytes). */
async function hotp(secret: string, counter: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
  const start = mac[mac.length - 1]! & 0x0f;
  const binary = new DataView(mac.buffer, start, 4).getUint32(0) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

/** Constant time over the expected code's length, as better-auth compares. */
function sameCode(input: string, expected: string): boolean {
  let difference = input.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) difference |= input.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}

/** The time step within better-auth's window that `code` is the code of, or null. Every step is computed. */
export async function matchingTotpStep(secret: string, code: string, now: number): Promise<number | null> {
  const current = totpStepAt(now);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (sameCode(code, await hotp(secret, step)) && matched === null) matched = step;
  }
  return matched;
}

/**
 * Claims `step` for the account: true when it is later than every step
 * accepted before (one statement, so two requests with one code cannot both
 * win), false when the code was already used.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .insert(secondFactorCodes)
    .values({ userId, lastTotpStep: step })
    .onConflictDoUpdate({
      target: secondFactorCodes.userId,
      set: { lastTotpStep: step },
      setWhere: or(isNull(secondFactorCodes.lastTotpStep), lt(secondFactorCodes.lastTotpStep, step)),
    })
    .returning({ userId: secondFactorCodes.userId });
  return claimed.length > 0;
}

/** Whether codes from a session are refused for the account now. */
export async function codesLocked(db: Db, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: secondFactorCodes.userId })
    .from(secondFactorCodes)
    .where(and(eq(secondFactorCodes.userId, userId), gt(secondFactorCodes.lockedUntil, now.toISOString())))
    .limit(1);
  return row !== undefined;
}

/** One more wrong code in a row; the last one the lockout allows locks the account's codes and starts counting again. */
export async function recordWrongCode(db: Db, userId: string, now: Date): Promise<void> {
  const { wrongCodesInARow, minutes } = secondFactorLockout;
  const until = new Date(now.getTime() + minutes * 60_000).toISOString();
  const reachesLimit = sql`${secondFactorCodes.wrongCodes} + 1 >= ${wrongCodesInARow}`;
  await db
    .insert(secondFactorCodes)
    .values({ userId, wrongCodes: 1, lockedUntil: wrongCodesInARow <= 1 ? until : null })
    .onConflictDoUpdate({
      target: secondFactorCodes.userId,
      set: {
        lockedUntil: sql`CASE WHEN ${reachesLimit} THEN ${until} ELSE ${secondFactorCodes.lockedUntil} END`,
        wrongCodes: sql`CASE WHEN ${reachesLimit} THEN 0 ELSE ${secondFactorCodes.wrongCodes} + 1 END`,
      },
    });
}

/** A right code: the count of wrong ones starts again. */
export async function resetWrongCodes(db: Db, userId: string): Promise<void> {
  await db.update(secondFactorCodes).set({ wrongCodes: 0 }).where(eq(secondFactorCodes.userId, userId));
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose code this is: the signed-in session's account, or the account of the
 * sign-in challenge (better-auth's signed `two_factor` cookie), as
 * better-auth's verification finds them. Null when neither: better-auth then
 * refuses the code itself.
 */
async function accountOf(ctx: HookContext): Promise<{ userId: string; inSession: boolean } | null> {
  const { context } = ctx;
  const sessionToken = await ctx.getSignedCookie(context.authCookies.sessionToken.name, context.secret);
  if (sessionToken) {
    const found = await context.internalAdapter.findSession(sessionToken);
    if (found && new Date(found.session.expiresAt).getTime() > Date.now()) {
      return { userId: found.session.userId, inSession: true };
    }
  }
  const challengeCookie = context.createAuthCookie("two_factor").name;
  const challenge = await ctx.getSignedCookie(challengeCookie, context.secret);
  if (!challenge) return null;
  const pending = await context.internalAdapter.findVerificationValue(challenge);
  return pending ? { userId: pending.value, inSession: false } : null;
}

/** The account's TOTP secret, decrypted as better-auth decrypts it, or null without one. */
async function totpSecretOf(ctx: HookContext, userId: string): Promise<string | null> {
  const row = await ctx.context.adapter.findOne<{ secret: string }>({
    model: "twoFactor",
    where: [{ field: "userId", value: userId }],
  });
  if (!row) return null;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  // Secrets imported from elsewhere are stored as "base32:…"; ours never are, and better-auth
  // would verify those against other bytes: leave them to better-auth alone.
  return secret.startsWith("base32:") ? null : secret;
}

const codeOf = (body: unknown): string =>
  typeof body === "object" && body !== null && "code" in body && typeof body.code === "string" ? body.code : "";

/** The plugin; `db` is the current request's database (auth.server.ts). */
export function secondFactorCodesPlugin(db: Db) {
  const refusedAsLocked = () =>
    new APIError("TOO_MANY_REQUESTS", {
      code: SECOND_FACTOR_LOCKED,
      message: "Too many wrong codes. Please wait 15 minutes, then try again.",
    });
  return {
    id: "second-factor-codes",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP_PATH || ctx.path === VERIFY_RECOVERY_CODE_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const account = await accountOf(ctx);
            if (!account) return;
            const now = new Date();
            if (account.inSession && (await codesLocked(db, account.userId, now))) throw refusedAsLocked();
            // Recovery codes: better-auth uses each up; the after hook counts a wrong one.
            if (ctx.path !== VERIFY_TOTP_PATH) return;
            const secret = await totpSecretOf(ctx, account.userId);
            if (!secret) return;
            const step = await matchingTotpStep(secret, codeOf(ctx.body), now.getTime());
            if (step === null) {
              // Wrong: better-auth refuses it (and counts it at sign-in); a session's is counted here.
              if (account.inSession) await recordWrongCode(db, account.userId, now);
              return;
            }
            if (!(await claimTotpStep(db, account.userId, step))) {
              if (account.inSession) await recordWrongCode(db, account.userId, now);
              throw new APIError("UNAUTHORIZED", {
                code: SECOND_FACTOR_CODE_USED,
                message: "This code was already used",
              });
            }
            if (account.inSession) await resetWrongCodes(db, account.userId);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === VERIFY_RECOVERY_CODE_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const account = await accountOf(ctx);
            if (!account?.inSession) return;
            // (A locked account never gets here: the before hook refused it.)
            if (ctx.context.returned instanceof Error) await recordWrongCode(db, account.userId, new Date());
            else await resetWrongCodes(db, account.userId);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
