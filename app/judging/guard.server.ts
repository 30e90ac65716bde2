/**
 * Who may use /judging (issue 24, ADR 013), checked once per request by the
 * judging layout's middleware after `signedInMiddleware`: an account that
 * accepted a judging invitation for the current edition, has not stepped
 * down, still has two-step sign-in on, and signed in to this session with it
 * (a password-only session opened before two-step sign-in was turned on is
 * not a judge's: issue 31, ADR 018). /judging itself answers everyone
 * signed in (it says judging is by invitation); every other page below the
 * layout, and every write, answers 404 to anyone who is not such a judge,
 * so nobody learns which projects exist. The portal's file route asks the
 * same question (`judgeStanding`) before it serves a judge (issue 31).
 */
import { createContext, data, type MiddlewareFunction } from "react-router";
import { passedSecondFactor } from "~/auth/second-factor-session.server";
import type { SessionUser } from "~/auth/session.server";
import type { Edition } from "~/content/editions";
import { judgingMessages } from "~/content/judging";
import { requestContext, signedInContext } from "~/context";
import type { Db } from "~/db/client.server";
import { discardBody } from "~/lib/discard-body.server";
import { judgeOf, type Judge } from "./judge.server";

export interface Judging {
  user: SessionUser;
  db: Db;
  d1: D1Database;
  now: Date;
  edition: Edition;
  /** The signed-in account as an active judge of the edition, or null (then `refusal` says why). */
  judge: Judge | null;
  refusal: string;
}

export const judgingContext = createContext<Judging>();

/** An active judge at work: every page below /judging but the queue, and every write, has one. */
export interface JudgeAtWork extends Omit<Judging, "judge" | "refusal"> {
  judge: Judge;
}

/**
 * Set only for an active judge, so a judge's page reads its judge without
 * asking again (`context.get` throws where the middleware set none, and the
 * middleware has answered 404 before any such page runs).
 */
export const judgeContext = createContext<JudgeAtWork>();

/**
 * The signed-in account as an active judge of the edition, or why it is not
 * one: the session, not only the account, must have passed the second factor.
 */
export async function judgeStanding(
  db: Db,
  signedIn: { user: SessionUser; secondFactorAt: string | null },
  edition: Edition,
): Promise<{ judge: Judge | null; refusal: string }> {
  const found = await judgeOf(db, signedIn.user.id, edition.id);
  if (!found) return { judge: null, refusal: judgingMessages.byInvitation };
  if (found.leftAt) return { judge: null, refusal: judgingMessages.judgeLeft };
  if (!signedIn.user.twoFactorEnabled) return { judge: null, refusal: judgingMessages.secondFactorOff };
  if (!passedSecondFactor(signedIn)) return { judge: null, refusal: judgingMessages.secondFactorSession };
  return { judge: found, refusal: judgingMessages.byInvitation };
}

export const judgingMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { env } = context.get(requestContext);
  const signedIn = context.get(signedInContext);
  const { user, db, now, edition } = signedIn;
  const { judge, refusal } = await judgeStanding(db, signedIn, edition);
  context.set(judgingContext, { user, db, d1: env.DB, now, edition, judge, refusal });
  if (judge) context.set(judgeContext, { user, db, d1: env.DB, now, edition, judge });
  const url = new URL(request.url);
  if (!judge && (url.pathname.replace(/\/$/, "") !== "/judging" || request.method !== "GET")) {
    await discardBody(request);
    throw data(null, { status: 404 });
  }
};
