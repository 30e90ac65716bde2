/**
 * What each /account form does (issue 13), as intents run by
 * `handleIntentPost` (issue 21): every handler acts on the signed-in account
 * only (the session, never a field of the form) and answers with the same
 * words with JavaScript on or off: a redirect with a flash toast when done,
 * or the page again with the message.
 */
import { createAuth } from "~/auth/auth.server";
import { appendSetCookies, type SessionUser } from "~/auth/session.server";
import { endOthersAfterSecondFactorChange } from "~/auth/second-factor-change.server";
import { passedSecondFactor } from "~/auth/second-factor-session.server";
import { twoFactorAttemptAllowed, verifySecondFactor, type SecondFactorOutcome } from "~/auth/two-factor.server";
import { twoFactorMessages } from "~/content/two-factor";
import { intent, type IntentOutcome } from "~/forms/intent-action.server";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { setCredentialVisibility } from "~/credentials/holder.server";
import { getDb } from "~/db/client.server";
import { deleteAccount, passwordMatches } from "./delete.server";
import { changeDisplayName } from "./display-name.server";
import { twoFactorSetup } from "./qr.server";
import { showRecoveryCodesCookie } from "./recovery-codes-flash.server";
import { accountMessages as m, accountToasts } from "~/content/account";
import {
  ACCOUNT_PATH,
  ChangePasswordSchema,
  ConfirmTwoFactorSchema,
  CredentialVisibilitySchema,
  DeleteAccountSchema,
  DisplayNameSchema,
  PasswordSchema,
  SignOutOthersSchema,
} from "./schema";

export interface AccountCtx {
  request: Request;
  env: Env;
  requestId: string;
  user: SessionUser;
  /** When this session passed the second factor, or null (second-factor-session.server.ts). */
  secondFactorAt: string | null;
  now: Date;
}

const auth = (ctx: AccountCtx) => createAuth(ctx.env, ctx.request, { requestId: ctx.requestId });

/** Password guesses from a signed-in session are limited per client and account. */
const passwordAttemptAllowed = ({ env, request, user }: AccountCtx) =>
  clientAllowed(env, "account:password", request, user.id);

/** better-auth's error code of a refused call. */
async function codeOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    if (typeof body === "object" && body !== null && "code" in body && typeof body.code === "string") return body.code;
  } catch {
    // Not JSON.
  }
  return undefined;
}

/**
 * The answer when better-auth refuses a call confirmed with the password: a
 * wrong password is the visitor's to fix; anything else is ours, and logged.
 */
async function passwordConfirmedRefusal(ctx: AccountCtx, response: Response, event: string): Promise<IntentOutcome> {
  const code = await codeOf(response);
  if (code === "INVALID_PASSWORD") return { ok: false, status: 400, field: "password", message: m.passwordWrong };
  log("error", event, { requestId: ctx.requestId, status: response.status, code });
  return { ok: false, status: 500, message: m.failed };
}

/** What the confirmation form says for a code that was not taken. */
function codeRefusal(outcome: SecondFactorOutcome): IntentOutcome {
  if (outcome === "locked") return { ok: false, status: 429, field: "code", message: twoFactorMessages.locked };
  if (outcome === "used") return { ok: false, status: 400, field: "code", message: twoFactorMessages.codeUsed };
  return { ok: false, status: 400, field: "code", message: m.codeWrong };
}

/** Done: back to the page (or `to`) with the toast and better-auth's cookies (a new session, or signed out). */
function done(toast: (typeof accountToasts)[keyof typeof accountToasts], from: Headers, to = ACCOUNT_PATH) {
  return { ok: true, toast, redirectTo: to, headers: appendSetCookies(new Headers(), from) } as const;
}

export const accountIntents = {
  "change-password": intent({
    schema: ChangePasswordSchema,
    allowed: passwordAttemptAllowed,
    async handle({ currentPassword, newPassword }, ctx: AccountCtx) {
      const response = await auth(ctx).api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: ctx.request.headers,
        asResponse: true,
      });
      if (!response.ok) {
        const code = await codeOf(response);
        log("info", "account.password_change_refused", { requestId: ctx.requestId, status: response.status, code });
        if (code === "INVALID_PASSWORD") {
          return { ok: false, status: 400, field: "currentPassword", message: m.currentPasswordWrong };
        }
        return { ok: false, status: response.status >= 500 ? 500 : 400, message: m.failed };
      }
      // better-auth signed every session out and started a new one here: its cookie goes with the redirect.
      return done(accountToasts.passwordChanged, response.headers);
    },
  }),
  "sign-out-others": intent({
    schema: SignOutOthersSchema,
    allowed: async () => true,
    async handle(_, ctx: AccountCtx) {
      const response = await auth(ctx).api.revokeOtherSessions({ headers: ctx.request.headers, asResponse: true });
      if (!response.ok) return { ok: false, status: 500, message: m.failed };
      return done(accountToasts.othersSignedOut, response.headers);
    },
  }),
  "enable-two-factor": intent({
    schema: PasswordSchema,
    allowed: passwordAttemptAllowed,
    async handle({ password }, ctx: AccountCtx) {
      if (ctx.user.twoFactorEnabled) return { ok: "next", intent: "enable-two-factor", step: {} };
      const response = await auth(ctx).api.enableTwoFactor({
        body: { password },
        headers: ctx.request.headers,
        asResponse: true,
      });
      if (!response.ok) return passwordConfirmedRefusal(ctx, response, "account.two_factor_enable_failed");
      // Nothing is on yet: the secret waits (unverified) for its first code.
      const { totpURI } = (await response.json()) as { totpURI?: string };
      const setup = twoFactorSetup(totpURI);
      if (!setup) return { ok: false, status: 500, message: m.failed };
      return { ok: "next", intent: "confirm-two-factor", step: { setup } };
    },
  }),
  "confirm-two-factor": intent({
    schema: ConfirmTwoFactorSchema,
    allowed: ({ env, request, user }: AccountCtx) => twoFactorAttemptAllowed(env, request, user.id),
    // A wrong code shows the same QR code again.
    step: (formData) => ({ setup: twoFactorSetup(String(formData.get("totpURI") ?? "") || undefined) }),
    async handle({ code }, ctx: AccountCtx) {
      // Already on: nothing to confirm (a code here would change nothing, and end no session).
      if (ctx.user.twoFactorEnabled) return { ok: "next", intent: "enable-two-factor", step: {} };
      const { outcome, response } = await verifySecondFactor(auth(ctx), ctx.request, code, { allowRecovery: false });
      if (outcome !== "ok" || !response) {
        log("info", "account.two_factor_confirm_refused", { requestId: ctx.requestId, outcome });
        return codeRefusal(outcome);
      }
      // Confirming replaces the session; every other one ends (issue 50).
      await endOthersAfterSecondFactorChange(ctx.env, ctx.user, response.headers, ctx.now);
      // Redirect with the new session's cookie, and show the recovery codes on arrival.
      const answer = done(accountToasts.twoFactorOn, response.headers, `${ACCOUNT_PATH}#two-factor`);
      answer.headers.append("Set-Cookie", await showRecoveryCodesCookie(ctx.env, ctx.user.id));
      return answer;
    },
  }),
  "disable-two-factor": intent({
    schema: PasswordSchema,
    allowed: passwordAttemptAllowed,
    async handle({ password }, ctx: AccountCtx) {
      // A password alone does not turn the second factor off (issue 50): then it could enroll an authenticator of its own.
      if (!passedSecondFactor(ctx)) return { ok: false, status: 403, message: m.secondFactorFirst };
      const response = await auth(ctx).api.disableTwoFactor({
        body: { password },
        headers: ctx.request.headers,
        asResponse: true,
      });
      if (!response.ok) return passwordConfirmedRefusal(ctx, response, "account.two_factor_disable_failed");
      await endOthersAfterSecondFactorChange(ctx.env, ctx.user, response.headers, ctx.now);
      return done(accountToasts.twoFactorOff, response.headers, `${ACCOUNT_PATH}#two-factor`);
    },
  }),
  // Issue 26: the holder alone decides whether a credential's page is public.
  "credential-visibility": intent({
    schema: CredentialVisibilitySchema,
    allowed: async () => true,
    instanceField: "credentialId",
    async handle({ credentialId, visibility }, ctx: AccountCtx) {
      const changed = await setCredentialVisibility(ctx.env, ctx.user.id, credentialId, visibility === "public");
      if (!changed) return { ok: false, status: 404, message: m.credentialNotFound };
      const toast = visibility === "public" ? accountToasts.credentialPublic : accountToasts.credentialPrivate;
      return { ok: true, toast, redirectTo: `${ACCOUNT_PATH}#credentials` };
    },
  }),
  "display-name": intent({
    schema: DisplayNameSchema,
    allowed: async () => true,
    async handle({ displayName }, ctx: AccountCtx) {
      const changed = await changeDisplayName(getDb(ctx.env), ctx.user.id, displayName ?? "", ctx.now);
      if (!changed.ok) return { ...changed, field: "displayName" };
      return { ok: true, toast: accountToasts.displayNameSaved, redirectTo: `${ACCOUNT_PATH}#credentials` };
    },
  }),
  "delete-account": intent({
    schema: DeleteAccountSchema,
    allowed: passwordAttemptAllowed,
    async handle({ password }, ctx: AccountCtx) {
      if (!(await passwordMatches(ctx.env, ctx.user.id, password))) {
        return { ok: false, status: 400, field: "password", message: m.passwordWrong };
      }
      await deleteAccount(ctx.env, ctx.user, ctx.now);
      log("info", "account.deleted", { requestId: ctx.requestId, userId: ctx.user.id });
      // The session rows are gone; signing out still expires the browser's cookies.
      let signedOut = new Headers();
      try {
        signedOut = (await auth(ctx).api.signOut({ headers: ctx.request.headers, asResponse: true })).headers;
      } catch (error) {
        log("warn", "account.sign_out_after_delete_failed", { requestId: ctx.requestId, error });
      }
      return done(accountToasts.deleted, signedOut, "/");
    },
  }),
};
