/**
 * The signed-in user as the payment path needs it (id for ownership, email to
 * prefill): the accounts module's session, for the pages and the JSON API alike.
 */
import { getSessionUser, type SessionUser } from "~/accounts/auth.server";

export type PaymentUser = Pick<SessionUser, "id" | "email" | "emailVerified">;

export async function signedInUser(request: Request, env: Env, requestId?: string): Promise<PaymentUser | null> {
  return getSessionUser(request, env, { requestId });
}

/**
 * The address of the account that owns a record: where its e-mails go (issue
 * 16), never an address typed into a form. Null once the account is deleted.
 */
export async function accountEmailOf(env: Pick<Env, "DB">, userId: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT email FROM user WHERE id = ?").bind(userId).first<{ email: string }>();
  return row?.email ?? null;
}
