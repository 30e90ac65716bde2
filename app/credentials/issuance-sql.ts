/**
 * The SQL the admin CLI issues credentials with (issue 26, ADR 016), run
 * through `wrangler d1 execute`: one statement each, idempotent (INSERT OR
 * IGNORE on the one-credential-per-person-and-achievement key), writing the
 * unsigned facts only, since the CLI holds no key; the worker's five-minute
 * sweep signs and keeps those rows, and until then each answer signs them
 * without writing (credential.server.ts, the legacy path). The worker itself
 * issues with drizzle and signs at once (issue.server.ts). Only verified
 * accounts receive credentials (eligibility.ts). Values are passed through the
 * caller's `text` quoting function (scripts/admin.mjs `sqlText`: a hex
 * literal, so no value can break out).
 *
 * DELETE this module when the organizers' desk moves import and the
 * Audience Choice into the worker (issue 33): nothing else uses it. The
 * publication of finalists and awards no longer does (app/results/, issue 32).
 *
 * Plain TypeScript without Vite-only imports: Node reads it as is.
 */
import { AI_INNOVATOR, certificationIds } from "../content/credentials";
import { VERIFIED_HOLDER_SQL } from "./eligibility";

export type Quote = (value: string) => string;

/** A fresh public id or salt: 32 random hex characters, made by SQLite per row. */
const RANDOM_HEX = "lower(hex(randomblob(16)))";

const COLUMNS =
  "id, edition_id, achievement, user_id, team_id, source, earned_at, issued_at, recipient_email, recipient_salt";

/**
 * Finalist and award credentials for every member of every team with a row in
 * `published_results` for the edition (migrations/0014_judging.sql): award
 * "finalist" earns the finalist credential, any other award id its own.
 * Rows whose award has no credential are left alone.
 */
export function resultCredentialsSql(
  q: Quote,
  editionId: string,
  achievementIds: readonly string[],
  issuedAt: string,
): string {
  if (achievementIds.length === 0) throw new Error("no result achievements given");
  return `INSERT OR IGNORE INTO credentials (${COLUMNS})
SELECT ${RANDOM_HEX}, pr.edition_id, pr.award, tm.user_id, pr.team_id, 'results', pr.published_at, ${q(issuedAt)}, u.email, ${RANDOM_HEX}
FROM published_results pr
JOIN team_members tm ON tm.team_id = pr.team_id AND tm.edition_id = pr.edition_id
JOIN "user" u ON u.id = tm.user_id
WHERE pr.edition_id = ${q(editionId)} AND pr.award IN (${achievementIds.map(q).join(", ")}) AND ${VERIFIED_HOLDER_SQL}
ORDER BY pr.award, pr.place, tm.joined_at
RETURNING id, achievement, user_id`;
}

/**
 * AI Innovator: every member of a team whose project was submitted by the
 * deadline (status 'submitted', so a project withdrawn to a draft earns
 * nothing) who holds the three stage certifications (not revoked). Run once
 * the deadline has passed, and again after later imports.
 */
export function innovatorCredentialsSql(q: Quote, editionId: string, deadline: string, issuedAt: string): string {
  const edition = q(editionId);
  return `INSERT OR IGNORE INTO credentials (${COLUMNS})
SELECT ${RANDOM_HEX}, tm.edition_id, ${q(AI_INNOVATOR)}, tm.user_id, tm.team_id, 'deadline', ${q(deadline)}, ${q(issuedAt)}, u.email, ${RANDOM_HEX}
FROM team_members tm
JOIN submissions s ON s.team_id = tm.team_id AND s.status = 'submitted' AND s.submitted_at <= ${q(deadline)}
JOIN "user" u ON u.id = tm.user_id
WHERE tm.edition_id = ${edition} AND ${VERIFIED_HOLDER_SQL}
  AND (SELECT count(DISTINCT c.achievement) FROM credentials c
       WHERE c.user_id = tm.user_id AND c.edition_id = ${edition} AND c.revoked_at IS NULL
         AND c.achievement IN (${certificationIds.map(q).join(", ")})) = ${certificationIds.length}
RETURNING id, achievement, user_id`;
}

/** One imported completion: recorded, and its certification issued once (the first completion date wins). */
export function completionSql(
  q: Quote,
  row: { editionId: string; userId: string; achievement: string; completedOn: string },
  issuedAt: string,
): string[] {
  return [
    `INSERT OR IGNORE INTO credential_completions (edition_id, user_id, achievement, completed_on, imported_at)
VALUES (${q(row.editionId)}, ${q(row.userId)}, ${q(row.achievement)}, ${q(row.completedOn)}, ${q(issuedAt)})`,
    `INSERT OR IGNORE INTO credentials (${COLUMNS})
SELECT ${RANDOM_HEX}, ${q(row.editionId)}, ${q(row.achievement)}, u.id, NULL, 'import', ${q(row.completedOn)}, ${q(issuedAt)}, u.email, ${RANDOM_HEX}
FROM "user" u WHERE u.id = ${q(row.userId)} AND ${VERIFIED_HOLDER_SQL}
RETURNING id`,
  ];
}
