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
  const id = `user-${crypto.randomUUID()}`;
  const email = `${tag}.${short()}@${domain}`;
  await env.DB.prepare(
    "INSERT INTO \"user\" (id, name, email, email_verified, two_factor_enabled) VALUES (?, '', ?, 1, 1)",
  )
    .bind(id, email)
    .run();
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
  await env.DB.prepare(
    `INSERT INTO judge_invitations (id, edition_id, email, name, token_hash, invited_by, created_at, expires_at, revoked_at)
     VALUES (?, ?, ?, ?, ?, 'organizer:test', '2026-03-01T00:00:00.000Z', ?, ?)`,
  )
    .bind(
      crypto.randomUUID(),
      editionId,
      email.toLowerCase(),
      name,
      await sha256Hex(token),
      expiresAt,
      revoked ? "2026-03-02T00:00:00.000Z" : null,
    )
    .run();
  return token;
}

/** A judge of the edition without going through the page (for assignment tests). */
export async function judge(
  tag: string,
  editionId: string,
  { signedIn = true, ...options }: Parameters<typeof account>[1] & { signedIn?: boolean } = {},
) {
  const who = signedIn ? await account(tag, options) : await bareUser(tag, options);
  const invitationId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO judge_invitations (id, edition_id, email, token_hash, invited_by, created_at, expires_at, accepted_at, accepted_by)
       VALUES (?, ?, ?, ?, 'organizer:test', '2026-03-01T00:00:00.000Z', '2026-04-30T00:00:00.000Z', '2026-03-02T00:00:00.000Z', ?)`,
    ).bind(invitationId, editionId, who.email, await sha256Hex(invitationId), who.id),
    env.DB.prepare(
      "INSERT INTO judges (edition_id, user_id, name, invitation_id, joined_at) VALUES (?, ?, ?, ?, '2026-03-02T00:00:00.000Z')",
    ).bind(editionId, who.id, `Judge ${tag}`, invitationId),
  ]);
  return who;
}

/** A submitted project of the edition, with its members (accounts at the given addresses' domains). */
export async function submittedProject(
  editionId: string,
  { name = `Team ${short()}`, members = [] as Account[] } = {},
): Promise<string> {
  const teamId = crypto.randomUUID();
  const people = members.length > 0 ? members : [await bareUser("member")];
  const at = "2026-03-10T12:00:00.000Z";
  await env.DB.batch([
    env.DB.prepare("INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES (?, ?, ?, ?, ?)").bind(
      teamId,
      editionId,
      name,
      people[0]!.id,
      at,
    ),
    ...people.map((p, i) =>
      env.DB.prepare(
        "INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES (?, ?, ?, ?, ?)",
      ).bind(teamId, p.id, editionId, i === 0 ? "lead" : "member", at),
    ),
    env.DB.prepare(
      `INSERT INTO submissions (team_id, edition_id, prototype_url, abstract, video_url, video_confirmed, ai_use_log, status,
         submitted_at, submitted_by, created_at, updated_at, updated_by)
       VALUES (?, ?, 'https://demo.example.com/app', 'Our abstract: an assistant that drafts permit letters.', 'https://www.loom.com/share/abc123', 1,
         'We used a chat assistant for drafts and checked every answer.', 'submitted', ?, ?, ?, ?, ?)`,
    ).bind(teamId, editionId, at, people[0]!.id, at, at, people[0]!.id),
  ]);
  return teamId;
}

/** A file of the project in the real local R2 bucket; returns its id. */
export async function projectFile(teamId: string, editionId = "2026"): Promise<string> {
  const id = crypto.randomUUID();
  const key = `submissions/${editionId}/${teamId}/pitchDeck/${id}`;
  const bytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type /Catalog>>endobj\n%%EOF\n");
  await env.SUBMISSION_FILES.put(key, bytes);
  await env.DB.prepare(
    `INSERT INTO submission_files (id, team_id, component, object_key, filename, content_type, size_bytes, page_count, uploaded_by, uploaded_at)
     VALUES (?, ?, 'pitchDeck', ?, 'deck.pdf', 'application/pdf', ?, 1, 'someone', '2026-03-10T12:00:00.000Z')`,
  )
    .bind(id, teamId, key, bytes.byteLength)
    .run();
  return id;
}

export async function assignDirectly(teamId: string, judgeUserId: string, editionId = "2026") {
  await env.DB.prepare(
    "INSERT INTO judging_assignments (edition_id, team_id, judge_user_id, assigned_at, assigned_by) VALUES (?, ?, ?, '2026-03-21T08:00:00.000Z', 'test')",
  )
    .bind(editionId, teamId, judgeUserId)
    .run();
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
