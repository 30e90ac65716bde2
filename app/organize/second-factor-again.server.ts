/**
 * The second factor asked again on the desk (ADR 018 decision 7, ADR 021):
 * a proposal's confirmation and every role change take a fresh
 * authenticator code (or an unused recovery code) in the request itself,
 * on top of the session having passed the second factor. Wrong codes are
 * counted per client and per account, whichever runs out first.
 */
import { createAuth } from "~/auth/auth.server";
import { verifySecondFactorAgain } from "~/auth/second-factor-session.server";
import type { SecondFactorOutcome } from "~/auth/two-factor.server";
import { twoFactorMessages } from "~/content/two-factor";
import { deskMessages } from "~/content/organize";
import { accountAllowed, clientAllowed } from "~/lib/client-limit.server";
import type { Refusal } from "~/lib/refusal";
import type { Desk } from "./guard.server";

/** A code check's outcome as the form shows it, or null when the code was right. */
export function secondFactorRefusal(outcome: SecondFactorOutcome): Refusal | null {
  if (outcome === "ok") return null;
  if (outcome === "locked") return { ok: false, message: deskMessages.codeLocked, status: 429, field: "code" };
  if (outcome === "used") return { ok: false, message: twoFactorMessages.codeUsed, status: 400, field: "code" };
  return { ok: false, message: deskMessages.codeWrong, status: 400, field: "code" };
}

/** Whether this person may try another code now. */
export async function codeAttemptAllowed(desk: Desk): Promise<boolean> {
  const [client, account] = await Promise.all([
    clientAllowed(desk.env, "organize:second-factor", desk.request, desk.user.id),
    accountAllowed(desk.env, "organize:second-factor", desk.user.id),
  ]);
  return client && account;
}

/** Checks the code the desk's form carried, for the signed-in organizer. */
export function checkCodeAgain(desk: Desk, code: string): Promise<SecondFactorOutcome> {
  const auth = createAuth(desk.env, desk.request, { requestId: desk.requestId });
  return verifySecondFactorAgain(auth, desk.request, code);
}
