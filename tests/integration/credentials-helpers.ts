/**
 * What the credentials tests share (issues 26, 31, 33): people, teams and
 * submissions as rows, issuance the ways it happens in the worker (the
 * import of completions, the organizer action the desk and the API run; the
 * worker's `issueCredentials`, which the publication of results and the
 * daily job use), and requests to the built worker.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { achievementsFor, certificationIds } from "~/content/credentials";
import { edition2026 } from "../fixtures/edition-2026";
import { importCompletions, importPreview } from "~/credentials/import.server";
import { issueCredentials } from "~/credentials/issue.server";
import { getDb } from "~/db/client.server";
import { executeAction } from "~/organize/action.server";
import { DATA_LIFECYCLE_CRON } from "~/retention/records.server";
import { uniqueIp } from "./auth-helpers";
import { createPublishedResult, createSubmission, createTeam, createTeamMember, createUser } from "./factories";
import type { Person } from "./portal-helpers";
import { builtWorker, fetchWithEnv } from "./worker";
import { withSiteEditions } from "./site-editions";

export const AFTER_DEADLINE = { APP_NOW: "2026-05-01T12:00:00-06:00" };
export const ORIGIN = "http://localhost";

export function get(path: string, who?: Person | null, clock: Partial<Env> = AFTER_DEADLINE) {
  return fetchWithEnv(path, clock, { headers: who ? { cookie: who.cookie } : {}, redirect: "manual" });
}

export function postVerify(fields: { credential?: string; file?: string }, clock: Partial<Env> = AFTER_DEADLINE) {
  const form = new FormData();
  form.append("credential", fields.credential ?? "");
  if (fields.file !== undefined)
    form.append("file", new File([fields.file], "credential.json", { type: "application/json" }));
  return fetchWithEnv("/verify", clock, {
    method: "POST",
    headers: { "cf-connecting-ip": uniqueIp(), origin: ORIGIN, "sec-fetch-site": "same-origin" },
    body: form,
  });
}

export async function rows<T>(sql: string, ...values: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;
}

/** A user row without the sign-up flow, for team mates who never sign in here; verified unless told. */
export async function plainUser(tag: string, { verified = true } = {}): Promise<{ id: string; email: string }> {
  const { id, email } = await createUser({
    id: `u_${crypto.randomUUID()}`,
    name: `Mate ${tag}`,
    email: `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    emailVerified: verified,
    twoFactorEnabled: false,
  });
  return { id, email };
}

/**
 * The stage certifications, imported as the desk and the organizer API
 * import them (`credentials.import`, signed when issued), on 2 February 2026
 * for completions of `completedOn`. An account that may not hold credentials
 * (unverified) receives none, as the import's preview says.
 */
export async function importCertifications(
  userId: string,
  ids: readonly string[] = certificationIds,
  completedOn = "2026-02-01",
) {
  const [holder] = await rows<{ email: string }>('SELECT email FROM "user" WHERE id = ?', userId);
  if (!holder) throw new Error(`no user ${userId}`);
  const csv = ["email,certification,completion date", ...ids.map((id) => `${holder.email},${id},${completedOn}`)].join(
    "\n",
  );
  const ctx = {
    env: withSiteEditions(env),
    db: getDb(env),
    now: new Date("2026-02-02T10:00:00.000Z"),
    edition: edition2026,
    origin: ORIGIN,
    requestId: `test-${crypto.randomUUID()}`,
    actor: { kind: "job" as const, name: "test-import" },
  };
  // As every door does: the import confirms the fingerprint of its preview.
  const preview = await importPreview(csv, ctx);
  if ("ok" in preview) throw new Error(preview.message);
  const done = await executeAction(importCompletions, { csv, expected: preview.fingerprint }, ctx);
  expect(done, JSON.stringify(done)).toMatchObject({ ok: true });
}

/**
 * A credential left unsigned: what `issueCredentials` writes when it knows no
 * origin to sign for (a local run without BASE_URL), and what the retired
 * admin CLI wrote (legacy rows): each answer signs it, the sweep keeps it.
 */
export async function unsignedCredential(userId: string, achievement = "ai-communicator") {
  const outcome = await issueCredentials(
    env,
    [{ editionId: "2026", achievement, userId, teamId: null, source: "import", earnedAt: "2026-02-01" }],
    { now: new Date("2026-02-02T10:00:00.000Z"), origin: null },
  );
  expect(outcome.issued).toHaveLength(1);
  return outcome.issued[0]!.id;
}

export async function teamWithSubmission(members: string[], submittedAt: string | null): Promise<string> {
  const teamId = `team_${crypto.randomUUID()}`;
  await createTeam({
    id: teamId,
    name: `Team ${teamId.slice(5, 11)}`,
    createdBy: members[0],
    createdAt: "2026-02-01T00:00:00Z",
  });
  for (const [i, userId] of members.entries()) {
    await createTeamMember({ teamId, userId, role: i === 0 ? "lead" : "member", joinedAt: `2026-02-01T00:00:0${i}Z` });
  }
  await createSubmission({
    teamId,
    status: submittedAt ? "submitted" : "draft",
    submittedAt,
    submittedBy: members[0],
    createdAt: "2026-02-05T00:00:00Z",
    updatedBy: members[0]!,
  });
  return teamId;
}

/** The daily job as the cron runs it; `overrides` as a deployment sets them (BASE_URL: it signs as it issues). */
export async function runDailyJob(at: string, overrides: Partial<Env> = {}) {
  const worker = await builtWorker();
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: new Date(at).getTime(), cron: DATA_LIFECYCLE_CRON }),
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

/** The five-minute cron at `at`: the outbox's sweep and the signing of unsigned credentials (workers/app.ts). */
export async function runFiveMinuteSweep(at: string, overrides: Partial<Env> = {}) {
  const worker = await builtWorker();
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: new Date(at).getTime(), cron: "*/5 * * * *" }),
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

/**
 * The credentials of every published result's team members not issued yet,
 * through the worker's `issueCredentials` (signed as issued; unverified
 * members refused), as a publication issues them.
 */
export async function issueFromResults(at = "2026-04-20T18:05:00.000Z") {
  const ids = new Set(
    achievementsFor("2026")
      .filter((a) => a.kind === "finalist" || a.kind === "award")
      .map((a) => a.id),
  );
  const members = await rows<{ award: string; team_id: string; user_id: string; published_at: string }>(
    `SELECT pr.award, pr.team_id, tm.user_id, pr.published_at FROM published_results pr
     JOIN team_members tm ON tm.team_id = pr.team_id AND tm.edition_id = pr.edition_id
     WHERE pr.edition_id = '2026' ORDER BY pr.award, pr.place, tm.joined_at`,
  );
  const outcome = await issueCredentials(
    env,
    members
      .filter((m) => ids.has(m.award))
      .map((m) => ({
        editionId: "2026",
        achievement: m.award,
        userId: m.user_id,
        teamId: m.team_id,
        source: "results" as const,
        earnedAt: m.published_at,
      })),
    { now: new Date(at), origin: ORIGIN },
  );
  return outcome.issued.map((row) => ({ id: row.id, achievement: row.achievement, user_id: row.userId }));
}

/** A published result and its credentials. */
export async function publish(award: string, teamId: string) {
  await createPublishedResult({
    award,
    teamId,
    projectTitle: "Invoice Triage Bot",
    publishedAt: "2026-04-20T18:00:00Z",
    publishedBy: "organizer",
  });
  return issueFromResults();
}

export async function credentialIdsOf(userId: string) {
  return rows<{ id: string; achievement: string }>(
    "SELECT id, achievement FROM credentials WHERE user_id = ? ORDER BY seq",
    userId,
  );
}

export async function credentialIdOf(userId: string, achievement: string): Promise<string> {
  const held = (await credentialIdsOf(userId)).find((credential) => credential.achievement === achievement);
  if (!held) throw new Error(`no ${achievement} credential for ${userId}`);
  return held.id;
}

export async function nthCredentialId(userId: string, n = 0): Promise<string> {
  const held = await credentialIdsOf(userId);
  const credential = held[n];
  if (!credential) throw new Error(`no credential #${n} for ${userId}`);
  return credential.id;
}

export async function signedJson(id: string, who?: Person) {
  const response = await get(`/credentials/${id}/credential.json`, who);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-disposition")).toContain("attachment");
  return (await response.json()) as Record<string, unknown>;
}

/** The same text with one character changed (same length): what a one-byte tamper looks like. */
export function changeOneByte(text: string, near: string): string {
  const at = text.indexOf(near) + 3;
  if (at < 3) throw new Error(`"${near}" is not in the credential`);
  const tampered = `${text.slice(0, at)}${text[at] === "C" ? "D" : "C"}${text.slice(at + 1)}`;
  expect(tampered.length).toBe(text.length);
  return tampered;
}
