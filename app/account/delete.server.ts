/**
 * Deleting an account (issue 13, privacy policy §8): in one D1 batch, the
 * account's payment records lose their personal details (the retention job's
 * own statements: amounts and organization stay for the accounts), its
 * judge/advisor interests are deleted, and so are its second factor,
 * sessions, sign-in methods, pending sign-in challenges and the user row,
 * with their team memberships (app/portal/departure.server.ts, issue 22): a
 * team they were the last member of goes with its project and files, a team
 * they led passes to its longest-standing member, and the invitations they
 * sent are revoked. Its audience votes are deleted. A Workforce Package's company code stays live: employees
 * already enrolled with it stay enrolled. Its judging (issue 31) is removed, or anonymized where the
 * published results must stay (app/judging/account-deletion.server.ts); its display-name changes go.
 * The public listings of the organizations it bought go with it (issue 54): the consent was the owner's.
 * Its public profiles as a judge or advisor (issue 54) and its advisor roles are deleted, their photos
 * after the batch, so /judges-advisors no longer shows them.
 */
import { and, eq, sql } from "drizzle-orm";
import { verifyPassword } from "~/auth/password.server";
import { getDb } from "~/db/client.server";
import {
  account,
  advisors,
  credentialCompletions,
  credentials,
  displayNameChanges,
  judgeAdvisorInterests,
  organizationAdmins,
  publicProfiles,
  recoveryCodeFlashes,
  secondFactorCodes,
  session,
  showcaseVotes,
  signInFailures,
  twoFactor,
  user as accounts,
  verification,
} from "~/db/schema";
import { anonymizePaymentRecordsOf } from "~/retention/records.server";
import { departureOf, type DepartureStatement } from "~/portal/departure.server";
import { judgingErasureOf } from "~/judging/account.server";
import { editionsFor } from "~/clock/clock.server";
import { deleteListingsOwnedBy } from "~/organization/listing.server";
import { forgetRecognizedOrganizations } from "~/organization/recognized.server";
import { profilePhotosOfAccount } from "~/profiles/profile.server";

/** True when `password` is the account's own (the scrypt hash better-auth stores for provider "credential"). */
export async function passwordMatches(env: Pick<Env, "DB">, userId: string, password: string): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
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
  const db = getDb(env);
  const departure = await departureOf(db, user.id, now);
  const judging = await judgingErasureOf(db, user, now, editionsFor(env));
  const profilePhotos = await profilePhotosOfAccount(db, user.id);
  const personal: DepartureStatement[] = [
    ...judging.statements,
    db.delete(publicProfiles).where(eq(publicProfiles.userId, user.id)),
    db.delete(advisors).where(eq(advisors.userId, user.id)),
    db.delete(displayNameChanges).where(eq(displayNameChanges.userId, user.id)),
    db.delete(judgeAdvisorInterests).where(eq(judgeAdvisorInterests.userId, user.id)),
    db.delete(twoFactor).where(eq(twoFactor.userId, user.id)),
    db.delete(secondFactorCodes).where(eq(secondFactorCodes.userId, user.id)),
    // Audience votes and the address recorded with them (issue 25); a published ledger keeps its counts.
    db.delete(showcaseVotes).where(eq(showcaseVotes.userId, user.id)),
    db.delete(recoveryCodeFlashes).where(eq(recoveryCodeFlashes.userId, user.id)),
    // Co-administration of an organization (issue 14) is the person's, not the organization's.
    db.delete(organizationAdmins).where(eq(organizationAdmins.userId, user.id)),
    // Sign-in challenges and trusted devices hold the user id as their value.
    db.delete(verification).where(eq(verification.value, user.id)),
    db.delete(session).where(eq(session.userId, user.id)),
    db.delete(account).where(eq(account.userId, user.id)),
    db.delete(signInFailures).where(eq(signInFailures.email, user.email.toLowerCase())),
    db.delete(accounts).where(eq(accounts.id, user.id)),
    // Credentials (issue 26): the imported completions go; each issued credential is
    // revoked (its status-list bit stays set, so a copy someone kept stops verifying)
    // and loses the personal details it was issued from.
    db.delete(credentialCompletions).where(eq(credentialCompletions.userId, user.id)),
    db
      .update(credentials)
      .set({
        userId: sql`'deleted:' || ${credentials.id}`,
        recipientEmail: "",
        signedJson: null,
        isPublic: false,
        revokedAt: sql`coalesce(${credentials.revokedAt}, ${now.toISOString()})`,
        revokedReason: sql`coalesce(${credentials.revokedReason}, 'account deleted')`,
      })
      .where(eq(credentials.userId, user.id)),
  ];
  // The payment records are anonymized by the retention job's own D1 statements: one batch of D1's kind keeps it all or nothing.
  await env.DB.batch([
    // Before the payment records are anonymized: the organizations are found by their buyer's account.
    asD1(env.DB, deleteListingsOwnedBy(db, user.id)),
    ...departure.statements.map((statement) => asD1(env.DB, statement)),
    ...anonymizePaymentRecordsOf(env.DB, user.id),
    ...personal.map((statement) => asD1(env.DB, statement)),
  ]);
  forgetRecognizedOrganizations();
  await departure.deleteFiles(env.SUBMISSION_FILES);
  if (profilePhotos.length > 0) await env.SUBMISSION_FILES.delete(profilePhotos);
  await judging.reassign(env.DB);
}
