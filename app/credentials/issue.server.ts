/**
 * Issuing credentials in the worker (issue 31, for issue 32's "signed when
 * issued"): one function writes the rows and signs each new one in the same
 * call, so nothing the worker issues waits for a GET to be signed. Only
 * verified accounts receive credentials (eligibility.ts). Drizzle with bound
 * parameters throughout.
 *
 * The daily job issues AI Innovator through `issueCredentials`; an organizer
 * action that issues in its own batch (the import of completions, issue 33;
 * a publication of results, app/results/publication.server.ts) uses
 * `signedCredentialInserts`, which signs before the batch runs.
 */
import { submissionClosesAtSql } from "~/portal/deadline.server";
import { isSubmittedProject } from "~/portal/submitted.server";
import { and, asc, countDistinct, eq, inArray, isNull, lte, notInArray, sql, type SQL } from "drizzle-orm";
import { AI_INNOVATOR, certificationIds } from "~/content/credentials";
import type { Edition } from "~/content/editions";
import { getDb } from "~/db/client.server";
import { credentials, submissions, teamMembers, user } from "~/db/schema";
import { log } from "~/lib/log.server";
import type { Db } from "~/db/client.server";
import { configuredOrigin, signAndKeep, signedAndChecked, type CredentialRow } from "./credential.server";
import { HOLDER_REFUSALS, holderRefusal, type HolderRefusal } from "./eligibility";

export interface CredentialToIssue {
  editionId: string;
  achievement: string;
  userId: string;
  teamId: string | null;
  source: CredentialRow["source"];
  /** The completion date (YYYY-MM-DD) or the instant it was earned. */
  earnedAt: string;
}

export interface IssueOutcome {
  /** Rows written now (a credential already held is not issued twice). */
  issued: CredentialRow[];
  /** How many of them are signed now (all, unless the site's origin is unknown: see `configuredOrigin`). */
  signed: number;
  /** Requests refused, with the eligibility rule's reason. */
  refused: { userId: string; achievement: string; reason: HolderRefusal }[];
}

function randomHex(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// D1 binds at most 100 parameters a statement; a credential row takes 13.
const ROWS_PER_INSERT = 7;

/**
 * Issues and signs: each request whose holder may hold credentials becomes a
 * row (idempotent on edition, achievement and holder), and each new row is
 * signed at once for `origin` and verified as an outside verifier would.
 * `origin` defaults to BASE_URL; without either (local runs without
 * BASE_URL) rows stay unsigned and each answer signs them (`signedCredential`).
 */
export async function issueCredentials(
  env: Env,
  requests: readonly CredentialToIssue[],
  { now, origin = configuredOrigin(env) }: { now: Date; origin?: string | null },
): Promise<IssueOutcome> {
  const db = getDb(env);
  const userIds = [...new Set(requests.map((request) => request.userId))];
  const holders = new Map<string, { emailVerified: boolean; email: string }>();
  for (let i = 0; i < userIds.length; i += 90) {
    const found = await db
      .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(inArray(user.id, userIds.slice(i, i + 90)));
    for (const holder of found) holders.set(holder.id, holder);
  }
  const refused: IssueOutcome["refused"] = [];
  const issuedAt = now.toISOString();
  const rows: (typeof credentials.$inferInsert)[] = [];
  for (const request of requests) {
    const holder = holders.get(request.userId);
    const reason = holderRefusal(holder);
    if (reason || !holder) {
      refused.push({
        userId: request.userId,
        achievement: request.achievement,
        reason: reason ?? HOLDER_REFUSALS.noAccount,
      });
      continue;
    }
    rows.push({
      ...request,
      id: randomHex(),
      issuedAt,
      recipientEmail: holder.email,
      recipientSalt: randomHex(),
      isPublic: true,
      createdAt: issuedAt,
    });
  }
  const issued: CredentialRow[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    issued.push(
      ...(await db
        .insert(credentials)
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .onConflictDoNothing()
        .returning()),
    );
  }
  let signed = 0;
  if (origin) {
    for (const row of issued) {
      await signAndKeep(env, row, origin, now);
      signed += 1;
    }
  } else if (issued.length > 0) {
    log("warn", "credentials.issued_unsigned", { count: issued.length, reason: "BASE_URL is not set" });
  }
  return { issued, signed, refused };
}

// A signed credential row binds 16 values (its revocation columns stay unset); D1 binds at most 100 a statement.
const SIGNED_ROWS_PER_INSERT = 5;

/** The status-list position the next credential takes (AUTOINCREMENT never reuses one). */
async function nextCredentialSeq(d1: D1Database): Promise<number> {
  const row = await d1
    .prepare(
      "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'credentials'), 0), coalesce((SELECT max(seq) FROM credentials), 0)) AS last",
    )
    .first<{ last: number }>();
  return Number(row?.last ?? 0) + 1;
}

/** One credential an organizer action issues: the holder's address, and the project its evidence names (results only). */
export type SignedCredentialRequest = CredentialToIssue & { recipientEmail: string; evidenceTitle?: string | null };

/**
 * Credentials signed now, as statements for an organizer action's batch
 * (issue 33: the desk's import; a publication of results): each row takes the next status-list
 * position, is signed and checked as an outside verifier would, and is
 * inserted already signed, so nothing waits for a later signature. `holds`
 * is false when any of them did not go in (a credential issued meanwhile
 * took a position, or the holder got this credential meanwhile): the whole
 * batch, audit row included, is then undone. The caller has applied the
 * eligibility rule (`holderRefusal`) to every holder.
 */
export async function signedCredentialInserts(
  env: Env,
  db: Db,
  requests: readonly SignedCredentialRequest[],
  { now, origin }: { now: Date; origin: string },
): Promise<{ statements: { toSQL(): { sql: string; params: unknown[] } }[]; holds: SQL | undefined; ids: string[] }> {
  if (requests.length === 0) return { statements: [], holds: undefined, ids: [] };
  const at = now.toISOString();
  const first = await nextCredentialSeq(env.DB);
  const rows: (typeof credentials.$inferInsert)[] = [];
  for (const [i, { evidenceTitle, ...request }] of requests.entries()) {
    const row: CredentialRow = {
      ...request,
      seq: first + i,
      id: randomHex(),
      issuedAt: at,
      recipientSalt: randomHex(),
      isPublic: true,
      signedJson: null,
      signedAt: null,
      proofCheckedAt: null,
      revokedAt: null,
      revokedReason: null,
      revokedBy: null,
      createdAt: at,
    };
    const { signedJson } = await signedAndChecked(env, row, origin, now, { evidenceTitle });
    const { revokedAt: _at, revokedReason: _reason, revokedBy: _by, ...issued } = row;
    rows.push({ ...issued, signedJson, signedAt: at, proofCheckedAt: at });
  }
  const statements = [];
  for (let i = 0; i < rows.length; i += SIGNED_ROWS_PER_INSERT) {
    statements.push(
      db
        .insert(credentials)
        .values(rows.slice(i, i + SIGNED_ROWS_PER_INSERT))
        .onConflictDoNothing(),
    );
  }
  const holds = sql`(SELECT count(*) FROM credentials WHERE seq >= ${first} AND seq < ${first + rows.length} AND signed_at = ${at}) = ${rows.length}`;
  return { statements, holds, ids: rows.map((row) => String(row.id)) };
}

/** How many unsigned rows one sweep signs: each is a canonicalization and a signature, well inside a cron's CPU. */
const SIGNED_PER_SWEEP = 50;

/**
 * Signs and keeps the rows left unsigned (see `signedCredential`: legacy
 * rows of the retired admin CLI, and rows issued without an origin), for the
 * deployment's origin, a few at a time: the outbox's five-minute sweep runs
 * it, so no page view has to write. Without BASE_URL (a local server) there
 * is no origin to sign for: pages sign each answer instead.
 */
export async function signUnsignedCredentials(env: Env, now: Date): Promise<number> {
  const origin = configuredOrigin(env);
  if (!origin) return 0;
  const rows = await getDb(env)
    .select()
    .from(credentials)
    .where(isNull(credentials.signedJson))
    .orderBy(asc(credentials.seq))
    .limit(SIGNED_PER_SWEEP);
  for (const row of rows) await signAndKeep(env, row, origin, now);
  if (rows.length > 0) log("info", "credentials.signed_by_sweep", { count: rows.length });
  return rows.length;
}

/**
 * AI Innovator, once an edition's submission deadline has passed (the daily
 * job, every day after: a later import can complete someone's three
 * certifications): every verified member of a team whose project was
 * submitted by the deadline (status 'submitted', so a project withdrawn to a
 * draft earns nothing) who holds the three stage certifications, not revoked.
 */
export async function issueDueInnovatorCredentials(env: Env, editions: readonly Edition[], now: Date) {
  const db = getDb(env);
  let issued = 0;
  for (const edition of editions) {
    const deadline = edition.submissionDeadline.closesAt;
    if (now.getTime() < deadline.getTime()) continue;
    const certified = db
      .select({ userId: credentials.userId })
      .from(credentials)
      .where(
        and(
          eq(credentials.editionId, edition.id),
          isNull(credentials.revokedAt),
          inArray(credentials.achievement, [...certificationIds]),
        ),
      )
      .groupBy(credentials.userId)
      .having(eq(countDistinct(credentials.achievement), certificationIds.length));
    const alreadyHeld = db
      .select({ userId: credentials.userId })
      .from(credentials)
      .where(and(eq(credentials.editionId, edition.id), eq(credentials.achievement, AI_INNOVATOR)));
    const members = await db
      .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
      .from(teamMembers)
      .innerJoin(
        submissions,
        and(
          eq(submissions.teamId, teamMembers.teamId),
          isSubmittedProject,
          // By the team's own deadline: a late-submission exception counts (issue 33).
          lte(submissions.submittedAt, submissionClosesAtSql(edition)),
        ),
      )
      .innerJoin(user, and(eq(user.id, teamMembers.userId), eq(user.emailVerified, true)))
      .where(
        and(
          eq(teamMembers.editionId, edition.id),
          inArray(teamMembers.userId, certified),
          notInArray(teamMembers.userId, alreadyHeld),
        ),
      );
    const outcome = await issueCredentials(
      env,
      members.map((member) => ({
        editionId: edition.id,
        achievement: AI_INNOVATOR,
        userId: member.userId,
        teamId: member.teamId,
        source: "deadline" as const,
        earnedAt: deadline.toISOString(),
      })),
      { now },
    );
    issued += outcome.issued.length;
    if (outcome.issued.length > 0) {
      log("info", "credentials.innovator_issued", {
        editionId: edition.id,
        count: outcome.issued.length,
        signed: outcome.signed,
      });
    }
  }
  return issued;
}
