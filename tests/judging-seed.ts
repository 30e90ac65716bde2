/**
 * Rows as SQL statements, for the tests outside workerd (the CLI and
 * end-to-end tests run them through `wrangler d1 execute`; some integration
 * tests run them on the worker's D1): accounts, organizers, and the judging
 * rows of the results tests (issue 24), what judging leaves behind. Inside
 * workerd, tests/integration/factories.ts writes rows through the schema.
 * No imports: workerd and Node both load it.
 */

const criteria = ["innovation-creativity", "technical-proficiency", "business-impact", "ethical-ai", "presentation"];

function lit(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

/** An account row only (no password, no session): verified unless told, two-step sign-in off unless told. */
export function userSql({
  id,
  email,
  name = "",
  verified = true,
  twoFactor = false,
}: {
  id: string;
  email: string;
  name?: string;
  verified?: boolean;
  twoFactor?: boolean;
}): string {
  return `INSERT INTO "user" (id, name, email, email_verified, two_factor_enabled) VALUES (${lit(id)}, ${lit(name)}, ${lit(email)}, ${verified ? 1 : 0}, ${twoFactor ? 1 : 0})`;
}

/**
 * An organizer as the desk leaves one: the account (verified, two-step
 * sign-in on), its role, and an API token stored as /organize/tokens stores
 * it (`tokenHash`: the token's SHA-256, hex).
 */
export function organizerSql({
  userId,
  email,
  name = "",
  role,
  tokenId = `tok-${userId}`,
  tokenName = "laptop",
  tokenHash,
  grantedBy = "test",
  at = "2026-03-01T00:00:00.000Z",
}: {
  userId: string;
  email: string;
  name?: string;
  role: string;
  tokenId?: string;
  tokenName?: string;
  tokenHash: string;
  grantedBy?: string;
  at?: string;
}): string[] {
  return [
    userSql({ id: userId, email, name, twoFactor: true }),
    `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) VALUES (${lit(userId)}, ${lit(role)}, ${lit(grantedBy)}, ${lit(at)})`,
    `INSERT INTO organizer_tokens (id, user_id, name, token_hash, created_at) VALUES (${lit(tokenId)}, ${lit(userId)}, ${lit(tokenName)}, ${lit(tokenHash)}, ${lit(at)})`,
  ];
}

/** A judge (with the invitation its row refers to). */
export function judgeSql({
  editionId,
  userId,
  name,
  email,
}: {
  editionId: string;
  userId: string;
  name: string;
  email?: string;
}): string[] {
  const invitation = `inv-${userId}`;
  return [
    `INSERT OR IGNORE INTO judge_invitations (id, edition_id, email, name, token_hash, invited_by, created_at, expires_at, accepted_at, accepted_by)
     VALUES (${lit(invitation)}, ${lit(editionId)}, ${lit(email ?? `${userId}@judges.example`)}, ${lit(name)}, ${lit(`hash-${userId}`)}, 'test', '2026-03-01T00:00:00.000Z', '2026-03-15T00:00:00.000Z', '2026-03-02T00:00:00.000Z', ${lit(userId)})`,
    `INSERT OR IGNORE INTO judges (edition_id, user_id, name, invitation_id, joined_at) VALUES (${lit(editionId)}, ${lit(userId)}, ${lit(name)}, ${lit(invitation)}, '2026-03-02T00:00:00.000Z')`,
  ];
}

/** A team with its members (the first one leads) and a submitted project. */
export function submittedTeamSql({
  editionId,
  teamId,
  name,
  members,
}: {
  editionId: string;
  teamId: string;
  name: string | null;
  members: string[];
}): string[] {
  return [
    `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES (${lit(teamId)}, ${lit(editionId)}, ${lit(name)}, ${lit(members[0])}, '2026-02-01T00:00:00.000Z')`,
    ...members.map(
      (userId, i) =>
        `INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES (${lit(teamId)}, ${lit(userId)}, ${lit(editionId)}, ${lit(i === 0 ? "lead" : "member")}, '2026-02-01T00:00:00.000Z')`,
    ),
    `INSERT INTO submissions (team_id, edition_id, prototype_url, abstract, video_url, video_confirmed, ai_use_log, status, submitted_at, submitted_by, created_at, updated_at, updated_by)
     VALUES (${lit(teamId)}, ${lit(editionId)}, 'https://demo.example.com', 'An abstract.', 'https://video.example.com', 1, 'A log.', 'submitted', '2026-03-10T00:00:00.000Z', ${lit(members[0])}, '2026-02-01T00:00:00.000Z', '2026-03-10T00:00:00.000Z', ${lit(members[0])})`,
  ];
}

/**
 * One judge's assignment to a project, with scores (a number: the same on
 * every criterion; an object: per criterion; omitted: none) and words.
 */
export function reviewSql({
  editionId,
  teamId,
  judgeId,
  scores,
  comment,
  note,
}: {
  editionId: string;
  teamId: string;
  judgeId: string;
  scores?: number | Record<string, number>;
  comment?: string;
  note?: string;
}): string[] {
  const statements = [
    `INSERT INTO judging_assignments (edition_id, team_id, judge_user_id, assigned_at, assigned_by) VALUES (${lit(editionId)}, ${lit(teamId)}, ${lit(judgeId)}, '2026-03-21T06:00:00.000Z', 'test')`,
  ];
  if (scores !== undefined) {
    for (const criterion of criteria) {
      const score = typeof scores === "number" ? scores : scores[criterion];
      if (score === undefined) continue;
      statements.push(
        `INSERT INTO judging_scores (edition_id, team_id, judge_user_id, criterion, score, updated_at) VALUES (${lit(editionId)}, ${lit(teamId)}, ${lit(judgeId)}, ${lit(criterion)}, ${score}, '2026-03-25T18:00:00.000Z')`,
      );
    }
  }
  if (comment !== undefined || note !== undefined) {
    statements.push(
      `INSERT INTO judging_reviews (edition_id, team_id, judge_user_id, private_note, team_comment, updated_at) VALUES (${lit(editionId)}, ${lit(teamId)}, ${lit(judgeId)}, ${lit(note)}, ${lit(comment)}, '2026-03-25T18:00:00.000Z')`,
    );
  }
  return statements;
}

/** An enrolled participant's registration (paid, individual) in an edition. */
export function registrationSql({
  editionId,
  userId,
  email,
  first = "Avery",
  last = "Nguyen",
  company = null,
}: {
  editionId: string;
  userId: string;
  email: string;
  first?: string;
  last?: string;
  company?: string | null;
}): string {
  return `INSERT INTO registrations (id, edition_id, user_id, registration_type, plan, pricing_phase, amount_cents, status, first_name, last_name, email, phone, company_name, paid_at)
    VALUES (${lit(`reg-${userId}`)}, ${lit(editionId)}, ${lit(userId)}, 'individual', 'individual', 'regular', 30000, 'paid', ${lit(first)}, ${lit(last)}, ${lit(email)}, '208-555-0142', ${lit(company)}, '2026-02-01T00:00:00.000Z')`;
}
