/**
 * What the credentials tests share (issues 26, 31): people, teams and
 * submissions as rows, issuance the two ways it happens today (the admin
 * CLI's SQL, as `npm run admin` runs it, and the daily job in the worker),
 * and requests to the built worker.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { achievementsFor, certificationIds } from "~/content/credentials";
import { completionSql, resultCredentialsSql, type Quote } from "~/credentials/issuance-sql";
import { DATA_LIFECYCLE_CRON } from "~/retention/records.server";
import { uniqueIp } from "./auth-helpers";
import type { Person } from "./portal-helpers";
import { builtWorker, fetchWithEnv } from "./worker";

export const AFTER_DEADLINE = { APP_NOW: "2026-05-01T12:00:00-06:00" };
export const ORIGIN = "http://localhost";

/** scripts/admin.mjs `sqlText`: a value as an SQL text literal nothing can break out of. */
export const sqlText: Quote = (value) => {
  const hex = [...new TextEncoder().encode(value)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `CAST(X'${hex}' AS TEXT)`;
};

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
  const id = `u_${crypto.randomUUID()}`;
  const email = `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await env.DB.prepare('INSERT INTO "user" (id, name, email, email_verified) VALUES (?, ?, ?, ?)')
    .bind(id, `Mate ${tag}`, email, verified ? 1 : 0)
    .run();
  return { id, email };
}

/** The stage certifications, written as `npm run admin -- import-completions` writes them (unsigned). */
export async function importCertifications(userId: string, ids: readonly string[] = certificationIds) {
  for (const achievement of ids) {
    for (const sql of completionSql(
      sqlText,
      { editionId: "2026", userId, achievement, completedOn: "2026-02-01" },
      "2026-02-02T10:00:00.000Z",
    )) {
      await env.DB.prepare(sql).run();
    }
  }
}

export async function teamWithSubmission(members: string[], submittedAt: string | null): Promise<string> {
  const teamId = `team_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES (?, '2026', ?, ?, ?)")
    .bind(teamId, `Team ${teamId.slice(5, 11)}`, members[0], "2026-02-01T00:00:00Z")
    .run();
  for (const [i, userId] of members.entries()) {
    await env.DB.prepare(
      "INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES (?, ?, '2026', ?, ?)",
    )
      .bind(teamId, userId, i === 0 ? "lead" : "member", `2026-02-01T00:00:0${i}Z`)
      .run();
  }
  await env.DB.prepare(
    `INSERT INTO submissions (team_id, edition_id, status, submitted_at, submitted_by, created_at, updated_at, updated_by)
     VALUES (?, '2026', ?, ?, ?, '2026-02-05T00:00:00Z', '2026-02-05T00:00:00Z', ?)`,
  )
    .bind(teamId, submittedAt ? "submitted" : "draft", submittedAt, members[0], members[0])
    .run();
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

/** A published result and its credentials, as the CLI's publish commands write them (unsigned). */
export async function publish(award: string, teamId: string) {
  await env.DB.prepare(
    `INSERT INTO published_results (edition_id, award, team_id, place, team_name, project_title, published_at, published_by)
     VALUES ('2026', ?, ?, 1, 'The Team', 'Invoice Triage Bot', '2026-04-20T18:00:00Z', 'organizer')`,
  )
    .bind(award, teamId)
    .run();
  const ids = achievementsFor("2026")
    .filter((a) => a.kind === "finalist" || a.kind === "award")
    .map((a) => a.id);
  return (await env.DB.prepare(resultCredentialsSql(sqlText, "2026", ids, "2026-04-20T18:05:00.000Z")).all())
    .results as { id: string; achievement: string; user_id: string }[];
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
