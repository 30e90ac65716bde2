/**
 * The /account forms' server side (issue 13). Each form posts an `intent`;
 * every handler acts on the signed-in account only (the session, never a
 * field of the form) and answers with the same words with JavaScript on or
 * off: a redirect with a flash toast when done, or the page again with errors.
 */
import { data } from "react-router";
import { createAuth } from "~/accounts/auth.server";
import { now } from "~/clock/clock.server";
import { appendSetCookies } from "~/accounts/session.server";
import { twoFactorAttemptAllowed, verifySecondFactor } from "~/accounts/two-factor.server";
import { parseSubmission } from "~/forms/parse.server";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteAccount, passwordMatches } from "./delete.server";
import { enrolmentView, type EnrolmentView } from "./qr.server";
import { showRecoveryCodesCookie } from "./recovery-codes-flash.server";
import {
  accountIntent,
  accountMessages as m,
  accountToasts,
  ChangePasswordSchema,
  ConfirmTwoFactorSchema,
  DeleteAccountSchema,
  PasswordSchema,
  type AccountIntent,
} from "./schema";
import { ACCOUNT_PATH, type AccountSession } from "./session.server";

/** Field name → messages; "" holds the form's own message. */
export type FieldErrors = Record<string, string[]>;

export interface AccountActionData {
  intent: AccountIntent | null;
  errors: FieldErrors;
  /** The QR code step of enrolling a second factor. */
  enrolment: EnrolmentView | null;
}

interface Ctx {
  request: Request;
  env: Env;
  requestId: string;
  account: AccountSession;
  formData: FormData;
}

function reply(
  intent: AccountIntent | null,
  errors: FieldErrors,
  status: number,
  { enrolment = null, headers }: { enrolment?: EnrolmentView | null; headers?: HeadersInit } = {},
) {
  return data<AccountActionData>({ intent, errors, enrolment }, { status, headers });
}

function errorsOf(error: Record<string, string[] | null> | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

/**
 * The answer when better-auth refuses a call confirmed with the password: a
 * wrong password is the visitor's to fix; anything else is ours, and logged.
 */
async function passwordConfirmedRefusal(ctx: Ctx, intent: AccountIntent, response: Response, event: string) {
  const code = await codeOf(response);
  if (code === "INVALID_PASSWORD") return reply(intent, { password: [m.passwordWrong] }, 400);
  log("error", event, { requestId: ctx.requestId, status: response.status, code });
  return reply(intent, { "": [m.failed] }, 500);
}

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

/** Password guesses from a signed-in session are limited per client and account. */
function passwordAttemptAllowed({ env, request, account }: Ctx) {
  return clientAllowed(env, "account:password", request, account.user.id);
}

export async function accountAction(ctx: Ctx): Promise<Response | ReturnType<typeof reply>> {
  const intent = accountIntent(ctx.formData.get("intent"));
  switch (intent) {
    case "change-password":
      return changePassword(ctx);
    case "sign-out-others":
      return signOutOthers(ctx);
    case "enable-two-factor":
      return enableTwoFactor(ctx);
    case "confirm-two-factor":
      return confirmTwoFactor(ctx);
    case "disable-two-factor":
      return disableTwoFactor(ctx);
    case "delete-account":
      return removeAccount(ctx);
    default:
      return reply(null, { "": [m.failed] }, 400);
  }
}

async function changePassword(ctx: Ctx) {
  const intent = "change-password";
  const submission = parseSubmission(ctx.formData, { schema: ChangePasswordSchema });
  if (!(await passwordAttemptAllowed(ctx))) return reply(intent, { "": [m.rateLimited] }, 429);
  if (submission.status !== "success") return reply(intent, errorsOf(submission.error), 400);
  const { currentPassword, newPassword } = submission.value;
  const response = await createAuth(ctx.env, ctx.request, { requestId: ctx.requestId }).api.changePassword({
    body: { currentPassword, newPassword, revokeOtherSessions: true },
    headers: ctx.request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const code = await codeOf(response);
    log("info", "account.password_change_refused", { requestId: ctx.requestId, status: response.status, code });
    if (code === "INVALID_PASSWORD") return reply(intent, { currentPassword: [m.currentPasswordWrong] }, 400);
    return reply(intent, { "": [m.failed] }, response.status >= 500 ? 500 : 400);
  }
  log("info", "account.password_changed", { requestId: ctx.requestId, userId: ctx.account.user.id });
  // better-auth signed every session out and started a new one here: its cookie goes with the redirect.
  return redirectWithToast(ctx.env, ACCOUNT_PATH, accountToasts.passwordChanged, {
    headers: appendSetCookies(new Headers(), response.headers),
  });
}

async function signOutOthers(ctx: Ctx) {
  const response = await createAuth(ctx.env, ctx.request, { requestId: ctx.requestId }).api.revokeOtherSessions({
    headers: ctx.request.headers,
    asResponse: true,
  });
  if (!response.ok) return reply("sign-out-others", { "": [m.failed] }, 500);
  log("info", "account.other_sessions_revoked", { requestId: ctx.requestId, userId: ctx.account.user.id });
  return redirectWithToast(ctx.env, ACCOUNT_PATH, accountToasts.othersSignedOut, {
    headers: appendSetCookies(new Headers(), response.headers),
  });
}

async function enableTwoFactor(ctx: Ctx) {
  const intent = "enable-two-factor";
  const submission = parseSubmission(ctx.formData, { schema: PasswordSchema });
  if (!(await passwordAttemptAllowed(ctx))) return reply(intent, { "": [m.rateLimited] }, 429);
  if (submission.status !== "success") return reply(intent, errorsOf(submission.error), 400);
  if (ctx.account.user.twoFactorEnabled) return reply(intent, {}, 200);
  const response = await createAuth(ctx.env, ctx.request, { requestId: ctx.requestId }).api.enableTwoFactor({
    body: { password: submission.value.password },
    headers: ctx.request.headers,
    asResponse: true,
  });
  if (!response.ok) return passwordConfirmedRefusal(ctx, intent, response, "account.two_factor_enable_failed");
  // Nothing is on yet: the secret waits (unverified) for its first code.
  const { totpURI } = (await response.json()) as { totpURI?: string };
  const enrolment = enrolmentView(totpURI);
  if (!enrolment) return reply(intent, { "": [m.failed] }, 500);
  return reply("confirm-two-factor", {}, 200, { enrolment });
}

async function confirmTwoFactor(ctx: Ctx) {
  const intent = "confirm-two-factor";
  const submission = parseSubmission(ctx.formData, { schema: ConfirmTwoFactorSchema });
  const shown = enrolmentView(String(ctx.formData.get("totpURI") ?? "") || undefined);
  if (!(await twoFactorAttemptAllowed(ctx.env, ctx.request, ctx.account.user.id))) {
    return reply(intent, { code: [m.rateLimited] }, 429, { enrolment: shown });
  }
  if (submission.status !== "success") return reply(intent, errorsOf(submission.error), 400, { enrolment: shown });
  const auth = createAuth(ctx.env, ctx.request, { requestId: ctx.requestId });
  const { outcome, response } = await verifySecondFactor(auth, ctx.request, submission.value.code, {
    allowRecovery: false,
  });
  if (outcome !== "ok" || !response) {
    log("info", "account.two_factor_confirm_refused", { requestId: ctx.requestId, outcome });
    return reply(intent, { code: [m.codeWrong] }, 400, { enrolment: shown });
  }
  log("info", "account.two_factor_enabled", { requestId: ctx.requestId, userId: ctx.account.user.id });
  // Confirming replaces the session: redirect with its new cookie, and show the recovery codes on arrival.
  const headers = appendSetCookies(new Headers(), response.headers);
  headers.append("Set-Cookie", await showRecoveryCodesCookie(ctx.env, ctx.account.user.id));
  return redirectWithToast(ctx.env, `${ACCOUNT_PATH}#two-factor`, accountToasts.twoFactorOn, { headers });
}

async function disableTwoFactor(ctx: Ctx) {
  const intent = "disable-two-factor";
  const submission = parseSubmission(ctx.formData, { schema: PasswordSchema });
  if (!(await passwordAttemptAllowed(ctx))) return reply(intent, { "": [m.rateLimited] }, 429);
  if (submission.status !== "success") return reply(intent, errorsOf(submission.error), 400);
  const response = await createAuth(ctx.env, ctx.request, { requestId: ctx.requestId }).api.disableTwoFactor({
    body: { password: submission.value.password },
    headers: ctx.request.headers,
    asResponse: true,
  });
  if (!response.ok) return passwordConfirmedRefusal(ctx, intent, response, "account.two_factor_disable_failed");
  log("info", "account.two_factor_disabled", { requestId: ctx.requestId, userId: ctx.account.user.id });
  return redirectWithToast(ctx.env, `${ACCOUNT_PATH}#two-factor`, accountToasts.twoFactorOff, {
    headers: appendSetCookies(new Headers(), response.headers),
  });
}

async function removeAccount(ctx: Ctx) {
  const intent = "delete-account";
  const submission = parseSubmission(ctx.formData, { schema: DeleteAccountSchema });
  if (!(await passwordAttemptAllowed(ctx))) return reply(intent, { "": [m.rateLimited] }, 429);
  if (submission.status !== "success") return reply(intent, errorsOf(submission.error), 400);
  const { user } = ctx.account;
  if (!(await passwordMatches(ctx.env, user.id, submission.value.password))) {
    return reply(intent, { password: [m.passwordWrong] }, 400);
  }
  await deleteAccount(ctx.env, user, now(ctx.env));
  log("info", "account.deleted", { requestId: ctx.requestId, userId: user.id });
  // The session rows are gone; signing out still expires the browser's cookies.
  const headers = new Headers();
  try {
    const response = await createAuth(ctx.env, ctx.request, { requestId: ctx.requestId }).api.signOut({
      headers: ctx.request.headers,
      asResponse: true,
    });
    appendSetCookies(headers, response.headers);
  } catch (error) {
    log("warn", "account.sign_out_after_delete_failed", { requestId: ctx.requestId, error });
  }
  return redirectWithToast(ctx.env, "/", accountToasts.deleted, { headers });
}
