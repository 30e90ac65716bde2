/**
 * Deleting an account (issue 13, privacy policy §8): in one D1 batch, the
 * account's payment records lose their personal details (the retention job's
 * own statements: amounts and organization stay for the accounts), its
 * judge/advisor interests are deleted, and so are its second factor,
 * sessions, sign-in methods, pending sign-in challenges and the user row,
 * with their team memberships and any project they work on alone (files too).
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

/** Projects of one (issue 15): the person's own, deleted with the account. A team's project stays with the team. */
const SOLO_TEAMS =
  "SELECT id FROM teams WHERE name IS NULL AND id IN (SELECT team_id FROM team_members WHERE user_id = ?)";

export async function deleteAccount(
  env: Pick<Env, "DB" | "SUBMISSION_FILES">,
  user: { id: string; email: string },
): Promise<void> {
  const db = env.DB;
  const { results: soloFiles } = await db
    .prepare(`SELECT object_key FROM submission_files WHERE team_id IN (${SOLO_TEAMS})`)
    .bind(user.id)
    .all<{ object_key: string }>();
  await db.batch([
    // ON DELETE CASCADE takes the solo project's submission, files' rows and membership along.
    db.prepare(`DELETE FROM teams WHERE id IN (${SOLO_TEAMS})`).bind(user.id),
    db.prepare("DELETE FROM team_members WHERE user_id = ?").bind(user.id),
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
  if (soloFiles.length > 0) await env.SUBMISSION_FILES.delete(soloFiles.map((row) => row.object_key));
}
