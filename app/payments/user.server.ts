/**
 * The signed-in user as the payment path needs it (id for ownership, email to
 * prefill): the accounts module's session, for the pages and the JSON API alike.
 */
import { getSessionUser, type SessionUser } from "~/lib/auth.server";

export type PaymentUser = Pick<SessionUser, "id" | "email">;

export async function signedInUser(request: Request, env: Env, requestId?: string): Promise<PaymentUser | null> {
  return getSessionUser(request, env, { requestId });
}
