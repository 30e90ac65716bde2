/**
 * Deleting an account (issue 13, privacy policy §8): in one D1 batch, the
 * account's payment records lose their personal details (the retention job's
 * own statements: amounts and organization stay for the accounts), its
 * judge/advisor interests are deleted, and so are its second factor,
 * sessions, sign-in methods, pending sign-in challenges and the user row,
 * with their team memberships (app/portal/departure.server.ts, issue 22): a
 * team they were the last member of goes with its project and files, a team
 * they led passes to its longest-standing member, and the invitations they
 * sent are revoked. A Workforce Package's company code stays live: employees
 * already enrolled with it stay enrolled.
 */
import { verifyPassword } from "~/auth/password.server";
import { getDb } from "~/db/client.server";
import { anonymizePaymentRecordsOf } from "~/retention/records.server";
import { departureOf, type DepartureStatement } from "~/portal/departure.server";

/** True when `password` is the account's own (the scrypt hash better-auth stores for provider "credential"). */
export async function passwordMatches(env: Pick<Env, "DB">, userId: string, password: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT password FROM account WHERE user_id = ? AND provider_id = 'credential'")
    .bind(userId)
    .first<{ password: string | null }>();
  if (!row?.password) return false;
  return verifyPassword(row.password, password);
}

/**
 * A drizzle statement as a D1 one: this batch is written in D1's own
 * statements (the retention job's among them), and one batch keeps the
 * deletion all or nothing.
 */
function asD1(d1: D1Database, statement: DepartureStatement) {
  const { sql, params } = statement.toSQL();
  return d1.prepare(sql).bind(...params);
}

export async function deleteAccount(
  env: Pick<Env, "DB" | "SUBMISSION_FILES">,
  user: { id: string; email: string },
  now: Date,
): Promise<void> {
  const db = env.DB;
  const departure = await departureOf(getDb(env), user.id, now);
  await db.batch([
    ...departure.statements.map((statement) => asD1(db, statement)),
    ...anonymizePaymentRecordsOf(db, user.id),
    db.prepare("DELETE FROM judge_advisor_interests WHERE user_id = ?").bind(user.id),
    db.prepare("DELETE FROM two_factor WHERE user_id = ?").bind(user.id),
    db.prepare("DELETE FROM recovery_code_flashes WHERE user_id = ?").bind(user.id),
    // Co-administration of an organization (issue 14) is the person's, not the organization's.
    db.prepare("DELETE FROM organization_admins WHERE user_id = ?").bind(user.id),
    // Sign-in challenges and trusted devices hold the user id as their value.
    db.prepare("DELETE FROM verification WHERE value = ?").bind(user.id),
    db.prepare("DELETE FROM session WHERE user_id = ?").bind(user.id),
    db.prepare("DELETE FROM account WHERE user_id = ?").bind(user.id),
    db.prepare("DELETE FROM sign_in_failures WHERE email = ?").bind(user.email.toLowerCase()),
    db.prepare('DELETE FROM "user" WHERE id = ?').bind(user.id),
  ]);
  await departure.deleteFiles(env.SUBMISSION_FILES);
}
