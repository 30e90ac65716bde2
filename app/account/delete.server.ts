/**
 * Deleting an account (issue 13, privacy policy §8): in one D1 batch, the
 * account's payment records lose their personal details (the retention job's
 * own statements: amounts and organization stay for the accounts), its
 * judge/advisor interests are deleted, and so are its second factor,
 * sessions, sign-in methods, pending sign-in challenges and the user row.
 * A Workforce Package's company code stays live: employees already enrolled
 * with it stay enrolled.
 */
import { verifyPassword } from "~/accounts/password.server";
import { anonymizePaymentRecordsOf } from "~/lifecycle/retention.server";

/** True when `password` is the account's own (the scrypt hash better-auth stores for provider "credential"). */
export async function passwordMatches(env: Pick<Env, "DB">, userId: string, password: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT password FROM account WHERE user_id = ? AND provider_id = 'credential'")
    .bind(userId)
    .first<{ password: string | null }>();
  if (!row?.password) return false;
  return verifyPassword(row.password, password);
}

export async function deleteAccount(env: Pick<Env, "DB">, user: { id: string; email: string }): Promise<void> {
  const db = env.DB;
  await db.batch([
    ...anonymizePaymentRecordsOf(db, user.id),
    db.prepare("DELETE FROM judge_advisor_interests WHERE user_id = ?").bind(user.id),
    db.prepare("DELETE FROM two_factor WHERE user_id = ?").bind(user.id),
    // Co-administration of an organization (issue 14) is the person's, not the organization's.
    db.prepare("DELETE FROM organization_admins WHERE user_id = ?").bind(user.id),
    // Sign-in challenges and trusted devices hold the user id as their value.
    db.prepare("DELETE FROM verification WHERE value = ?").bind(user.id),
    db.prepare("DELETE FROM session WHERE user_id = ?").bind(user.id),
    db.prepare("DELETE FROM account WHERE user_id = ?").bind(user.id),
    db.prepare("DELETE FROM sign_in_failures WHERE email = ?").bind(user.email.toLowerCase()),
    db.prepare('DELETE FROM "user" WHERE id = ?').bind(user.id),
  ]);
}
