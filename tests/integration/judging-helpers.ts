/**
 * Judging's test people and projects (issue 24): judges made through the
 * real sign-up (the second factor and verification set in D1, as
 * markEmailVerified does; account.test.ts turns two-step sign-in on for
 * real), invitations with a token the test knows, submitted projects seeded
 * as the portal leaves them, and assignments.
 */
import { env } from "cloudflare:test";
import { seedRegistration } from "./account-helpers";
import { createAccount, markEmailVerified, postForm, uniqueIp } from "./auth-helpers";
import {
  createAssignment,
  createJudge,
  createJudgeInvitation,
  createSubmission,
  createSubmissionFile,
  createTeam,
  createUser,
} from "./factories";
import { fetchWithEnv } from "./worker";

/** Inside the 2026 judging window (Mar 21 – Apr 2, 2026). */
export const JUDGING = { APP_NOW: "2026-03-25T12:00:00-06:00" };
export type Clock = { APP_NOW: string };

export interface Account {
  email: string;
  cookie: string;
  id: string;
}

const short = () => crypto.randomUUID().slice(0, 8);

/**
 * An account at `domain` (a reserved test domain unless told), verified and
 * with two-step sign-in unless told; its session counts as having passed the
 * second factor (as signing in with the code makes it) unless `secondFactorSession`
 * is false. second-factor-session.test.ts goes through the real code.
 */
export async function account(
  tag: string,
  { domain = `${short()}.test`, verified = true, twoFactor = true, secondFactorSession = true } = {},
): Promise<Account> {
  const email = `${tag}.${short()}@${domain}`;
  const cookie = await createAccount(email, "a good passphrase", uniqueIp());
  const row = await env.DB.prepare("SELECT id FROM user WHERE email = ?").bind(email).first<{ id: string }>();
  if (verified) await markEmailVerified(email);
  if (twoFactor) await env.DB.prepare("UPDATE user SET two_factor_enabled = 1 WHERE id = ?").bind(row!.id).run();
  if (twoFactor && secondFactorSession) await markSecondFactorSessions(row!.id);
  return { email, cookie, id: row!.id };
}

/** Marks the account's sessions as having passed the second factor, as signing in with a code does. */
export async function markSecondFactorSessions(userId: string) {
  await env.DB.prepare("UPDATE session SET second_factor_at = ? WHERE user_id = ?").bind(Date.now(), userId).run();
}

/** A user row only (no password, no session): team members and judges of tests that never sign in. */
export async function bareUser(tag: string, { domain = `${short()}.test` } = {}): Promise<Account> {
  const { id, email } = await createUser({ email: `${tag}.${short()}@${domain}` });
  return { email, cookie: "", id };
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** An invitation row as `invite-judge` writes it; returns the link's token. */
export async function invitation(
  email: string,
  { editionId = "2026", expiresAt = "2026-04-30T00:00:00.000Z", revoked = false, name = "Jordan Judge" } = {},
): Promise<string> {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const token = Array.from(crypto.getRandomValues(new Uint8Array(43)), (b) => alphabet[b % 64]).join("");
  await createJudgeInvitation({
    editionId,
    email: email.toLowerCase(),
    name,
    tokenHash: await sha256Hex(token),
    expiresAt,
    revokedAt: revoked ? "2026-03-02T00:00:00.000Z" : null,
  });
  return token;
}

/** A judge of the edition without going through the page (for assignment tests). */
export async function judge(
  tag: string,
  editionId: string,
  { signedIn = true, ...options }: Parameters<typeof account>[1] & { signedIn?: boolean } = {},
) {
  const who = signedIn ? await account(tag, options) : await bareUser(tag, options);
  await createJudge({ editionId, userId: who.id, email: who.email, name: `Judge ${tag}` });
  return who;
}

/** A submitted project of the edition, with its members (accounts at the given addresses' domains). */
export async function submittedProject(
  editionId: string,
  { name = `Team ${short()}`, members = [] as Account[] } = {},
): Promise<string> {
  const people = members.length > 0 ? members : [await bareUser("member")];
  const { id: teamId } = await createTeam({ editionId, name, members: people.map((p) => p.id) });
  await createSubmission({ teamId, editionId, updatedBy: people[0]!.id });
  return teamId;
}

/** A file of the project in the real local R2 bucket; returns its id. */
export async function projectFile(teamId: string, editionId = "2026"): Promise<string> {
  const id = crypto.randomUUID();
  const key = `submissions/${editionId}/${teamId}/pitchDeck/${id}`;
  const bytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type /Catalog>>endobj\n%%EOF\n");
  await env.SUBMISSION_FILES.put(key, bytes);
  await createSubmissionFile({ id, teamId, objectKey: key, sizeBytes: bytes.byteLength, uploadedBy: "someone" });
  return id;
}

export async function assignDirectly(teamId: string, judgeUserId: string, editionId = "2026") {
  await createAssignment({ editionId, teamId, judgeUserId });
}

export function judgingPost(path: string, fields: Record<string, string>, who: Account, clock: Clock = JUDGING) {
  return postForm(path, fields, { ip: uniqueIp(), cookie: who.cookie, appNow: clock.APP_NOW });
}

export function judgingGet(path: string, who?: Account, clock: Clock = JUDGING) {
  return fetchWithEnv(path, clock, { headers: who ? { cookie: who.cookie } : {}, redirect: "manual" });
}

export async function openAssignments(teamId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, judge_user_id AS judgeUserId FROM judging_assignments WHERE team_id = ? AND released_at IS NULL ORDER BY id",
  )
    .bind(teamId)
    .all<{ id: number; judgeUserId: string }>();
  return results;
}

/** An enrolled employee of a Workforce Package (the organization's registration id). */
export async function employeeOf(organizationId: string, who: Account, editionId = "2026") {
  await seedRegistration(who.id, {
    status: "enrolled",
    amountCents: 0,
    organizationRegistrationId: organizationId,
    email: who.email,
  });
  if (editionId !== "2026") {
    await env.DB.prepare("UPDATE registrations SET edition_id = ? WHERE user_id = ?").bind(editionId, who.id).run();
  }
}
