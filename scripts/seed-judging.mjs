// The judging half of `npm run seed -- projects --judging` (./seed-projects.mjs):
// judges who accepted their invitation, the product's assignment of the
// seeded projects to them, and their scores, in the local D1.
//
// - Judges are stored as accepting an invitation stores them
//   (app/judging/invitation.server.ts): an accepted `judge_invitations` row,
//   a `judges` row and an "invitation-accepted" event. Their accounts are
//   verified, sign in with the seed's development password and have two-step
//   sign-in on, with one published authenticator secret (encrypted as
//   better-auth encrypts it, with the local BETTER_AUTH_SECRET), so a person
//   can sign in as any of them and reach /judging.
// - Assignments are the product's own plan (app/judging/assign.ts,
//   `planAssignments`) over the edition's state, read here with the same
//   selections as app/judging/assign.server.ts's `readSnapshot`, and written
//   as its `planStatements` writes them (conflicts, releases, adds, one
//   "assignments-run" event): judges per project, least-loaded first, no
//   judge on a team they conflict with. A run with nothing to add writes nothing.
// - Scores: a deterministic share of the open assignments gets every
//   criterion scored, half of the rest some criteria, on the rubric's scale
//   (app/content/judging.ts), each judge a little harsh or lenient so the
//   report's normalization has something to do.
//
// Every row has a fixed key and is inserted once, so running it again adds
// only what a larger --count, --judges or --scored asks for.
import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { insertOnce, runBound } from "./local-d1.mjs";
// The resolve hook for the TypeScript modules' extensionless relative imports.
import "./admin.mjs";

const load = (/** @type {string} */ path) => import(new URL(path, import.meta.url).href);
/** @type {typeof import("../app/judging/assign.ts")} */
const assign = await load("../app/judging/assign.ts");
/** @type {typeof import("../app/content/judging.ts")} */
const judgingContent = await load("../app/content/judging.ts");
/** @type {typeof import("../app/auth/development-secret.ts")} */
const developmentSecret = await load("../app/auth/development-secret.ts");

const { judgingRules, rubricCriteria } = judgingContent;

/**
 * The seeded judges' authenticator secret, as better-auth keeps it (32
 * characters whose UTF-8 bytes are the TOTP key). Development only: published here and in docs/admin.md.
 */
export const SEED_JUDGE_TOTP_SECRET = "IdahoSeedJudgesDevelopmentTotp26";
/** The seeded judges' ten recovery codes, in better-auth's shape. */
export const SEED_JUDGE_RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `seed${i}-judge`);
/** Who the seed's rows say did it. */
const SEED_ACTOR = "system:seed";
/** About this many projects per judge when --judges is not given. */
const PROJECTS_PER_JUDGE = 15;

/** The key an authenticator app takes (base32 of the secret's bytes, no padding). */
export function authenticatorKey(secret = SEED_JUDGE_TOTP_SECRET) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const byte of Buffer.from(secret, "utf8")) bits += byte.toString(2).padStart(8, "0");
  return (bits.match(/.{1,5}/g) ?? []).map((chunk) => alphabet[parseInt(chunk.padEnd(5, "0"), 2)]).join("");
}

/** The code an authenticator app shows now for the seeded judges (RFC 6238: SHA-1, 6 digits, 30 s). */
export function seedJudgeCode(at = Date.now(), secret = SEED_JUDGE_TOTP_SECRET) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", Buffer.from(secret, "utf8")).update(counter).digest();
  const start = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(start) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * The secret the local server encrypts authenticator secrets with: the
 * environment's BETTER_AUTH_SECRET, else .dev.vars's (which `npm start`
 * reads), else the development default.
 * @param {string} root the project's directory
 */
export function localAuthSecret(root) {
  if (process.env.BETTER_AUTH_SECRET) return process.env.BETTER_AUTH_SECRET;
  try {
    const line = readFileSync(join(root, ".dev.vars"), "utf8")
      .split("\n")
      .find((l) => /^\s*BETTER_AUTH_SECRET\s*=/.test(l));
    const value = line
      ?.slice(line.indexOf("=") + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, "$2");
    if (value) return value;
  } catch {
    // No .dev.vars: the development default.
  }
  return developmentSecret.DEVELOPMENT_AUTH_SECRET;
}

/** The judges to seed for `projects` projects when --judges is not given: enough for a realistic load. @param {number} projects */
export function defaultJudgeCount(projects) {
  return Math.max(
    judgingRules.judgesPerProject + 3,
    Math.ceil((projects * judgingRules.judgesPerProject) / PROJECTS_PER_JUDGE),
  );
}

/** A number in [0, 1) fixed by `text`: the same choice on every run. @param {string} text */
function fraction(text) {
  return createHash("sha256").update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * The judges' rows (pure: the tests read it too). Four (the 3rd, 11th, 19th
 * and 27th) work at a company domain many seeded team members share, so the
 * assignment has conflicts to avoid; the others use webmail or domains no team has.
 * @param {{ id: string, milestones: readonly { id: string, start: Date }[] }} edition
 * @param {number} count
 * @param {string} passwordHash
 * @param {{ secret: string, backupCodes: string }} twoFactor the encrypted authenticator secret and recovery codes
 * @param {{ firstNames: string[], lastNames: string[], companyDomains: string[] }} names
 */
export function judgeStatements(edition, count, passwordHash, twoFactor, names) {
  const judgingStart = judgingStartOf(edition);
  const invitedAt = new Date(judgingStart.getTime() - 14 * 86_400_000);
  const otherDomains = ["gmail.com", "idaho-tech-council.org", "outlook.com", "boise-innovation-lab.org"];
  const statements = [];
  /** @type {{ userId: string, email: string, name: string }[]} */
  const judges = [];
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(3, "0");
    const userId = `seed-${edition.id}-judge-${n}`;
    const first = names.firstNames[(i * 3 + 5) % names.firstNames.length];
    const last = names.lastNames[(i * 11 + 3) % names.lastNames.length];
    const domain =
      i % 8 === 3 && i < 32
        ? names.companyDomains[Math.floor(i / 8) % names.companyDomains.length]
        : otherDomains[i % otherDomains.length];
    const email = `${first}.${last}.judge-${edition.id}-${n}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, "");
    const name = `${first} ${last}`;
    const created = invitedAt.getTime() - 30 * 86_400_000 + i * 60_000;
    const acceptedAt = new Date(invitedAt.getTime() + 86_400_000 + i * 60_000).toISOString();
    const invitationId = `${userId}-invitation`;
    statements.push(
      insertOnce('"user"', {
        id: userId,
        name,
        email,
        email_verified: 1,
        two_factor_enabled: 1,
        created_at: created,
        updated_at: created,
      }),
      insertOnce("account", {
        id: `${userId}-credential`,
        account_id: userId,
        provider_id: "credential",
        user_id: userId,
        password: passwordHash,
        created_at: created,
        updated_at: created,
      }),
      insertOnce("two_factor", {
        id: `${userId}-two-factor`,
        secret: twoFactor.secret,
        backup_codes: twoFactor.backupCodes,
        user_id: userId,
        verified: 1,
      }),
      insertOnce("judge_invitations", {
        id: invitationId,
        edition_id: edition.id,
        email,
        name,
        token_hash: createHash("sha256").update(`seed-judge-invitation:${userId}`).digest("hex"),
        invited_by: SEED_ACTOR,
        created_at: invitedAt.toISOString(),
        expires_at: new Date(invitedAt.getTime() + judgingRules.invitationValidDays * 86_400_000).toISOString(),
        accepted_at: acceptedAt,
        accepted_by: userId,
      }),
      insertOnce("judges", {
        edition_id: edition.id,
        user_id: userId,
        name,
        invitation_id: invitationId,
        joined_at: acceptedAt,
      }),
      // The history line accepting writes, once (the table has no natural key).
      {
        sql: `INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, actor_role, action, summary, targets, edition_id, subject_user_id, payload)
SELECT ?4, 'account', ?2, 'judge', 'judge', 'judging.invitation-accepted', 'Accepted the invitation to judge', '{}', ?1, ?2, ?3
WHERE NOT EXISTS (SELECT 1 FROM events WHERE edition_id = ?1 AND actor_user_id = ?2 AND action = 'judging.invitation-accepted')`,
        params: [edition.id, userId, JSON.stringify({ invitationId }), acceptedAt],
      },
    );
    judges.push({ userId, email, name });
  }
  return { statements, judges };
}

/** The encrypted authenticator secret and recovery codes, as better-auth stores them. @param {string} authSecret */
export async function encryptedTwoFactor(authSecret) {
  return {
    secret: await symmetricEncrypt({ key: authSecret, data: SEED_JUDGE_TOTP_SECRET }),
    backupCodes: await symmetricEncrypt({ key: authSecret, data: JSON.stringify(SEED_JUDGE_RECOVERY_CODES) }),
  };
}

/** @param {{ id: string, milestones: readonly { id: string, start: Date }[] }} edition */
function judgingStartOf(edition) {
  const judging = edition.milestones.find((m) => m.id === "judging");
  if (!judging) throw new Error(`edition ${edition.id} has no judging milestone`);
  return judging.start;
}

/** The people the conflicts can be about: the edition's judges and team members (?1: the edition). */
const JUDGES_AND_MEMBERS = `SELECT user_id FROM judges WHERE edition_id = ?1 UNION SELECT user_id FROM team_members WHERE edition_id = ?1`;

/**
 * The edition's judging state for `planAssignments`: the selections of
 * app/judging/assign.server.ts's `snapshotQueries`, in SQL (?1: the edition).
 */
const SNAPSHOT_SQL = {
  judges: `SELECT j.user_id AS userId, lower(u.email) AS email, j.name AS name, j.left_at AS leftAt
FROM judges j JOIN "user" u ON u.id = j.user_id WHERE j.edition_id = ?1 ORDER BY j.joined_at, j.user_id`,
  projects: `SELECT s.team_id AS teamId, coalesce(t.name, '') AS name
FROM submissions s JOIN teams t ON t.id = s.team_id
WHERE s.edition_id = ?1 AND s.status = 'submitted' ORDER BY s.submitted_at, s.team_id`,
  members: `SELECT m.team_id AS teamId, m.user_id AS userId, lower(u.email) AS email
FROM team_members m JOIN "user" u ON u.id = m.user_id
JOIN submissions s ON s.team_id = m.team_id AND s.status = 'submitted'
WHERE m.edition_id = ?1`,
  organizations: `SELECT r.user_id AS userId, o.id AS orgId, coalesce(o.company_name, 'an organization') AS orgName
FROM registrations r JOIN registrations o ON o.id = r.organization_registration_id
WHERE r.edition_id = ?1 AND r.status = 'enrolled' AND r.user_id IN (${JUDGES_AND_MEMBERS})
UNION
SELECT r.user_id, r.id, coalesce(r.company_name, 'an organization') FROM registrations r
WHERE r.edition_id = ?1 AND r.registration_type = 'workforce' AND r.status IN ('paid', 'enrolled')
  AND r.user_id IN (${JUDGES_AND_MEMBERS})
UNION
SELECT a.user_id, r.id, coalesce(r.company_name, 'an organization')
FROM organization_admins a JOIN registrations r ON r.id = a.registration_id
WHERE r.edition_id = ?1 AND a.user_id IN (${JUDGES_AND_MEMBERS})`,
  participants: `SELECT j.user_id AS userId FROM judges j WHERE j.edition_id = ?1 AND (
  EXISTS (SELECT 1 FROM team_members m WHERE m.user_id = j.user_id AND m.edition_id = ?1)
  OR EXISTS (SELECT 1 FROM registrations r WHERE r.user_id = j.user_id AND r.edition_id = ?1
    AND r.registration_type = 'individual' AND r.status IN ('paid', 'enrolled')))`,
  conflicts: `SELECT id, judge_user_id AS judgeUserId, team_id AS teamId, source, dismissed_at AS dismissedAt
FROM judging_conflicts WHERE edition_id = ?1`,
  assignments: `SELECT a.id AS id, a.team_id AS teamId, a.judge_user_id AS judgeUserId,
  (SELECT count(*) FROM judging_scores s WHERE s.team_id = a.team_id AND s.judge_user_id = a.judge_user_id) AS scored
FROM judging_assignments a WHERE a.edition_id = ?1 AND a.released_at IS NULL ORDER BY a.id`,
};

/**
 * The edition's judging state, as `readSnapshot` reads it.
 * @param {import("node:sqlite").DatabaseSync} database
 * @param {string} editionId
 * @returns {import("../app/judging/assign.ts").Snapshot}
 */
export function readSnapshot(database, editionId) {
  const rows = (/** @type {keyof typeof SNAPSHOT_SQL} */ part) =>
    database
      .prepare(SNAPSHOT_SQL[part])
      .all(editionId)
      .map((row) => ({ ...row }));
  return /** @type {any} */ ({
    judges: rows("judges"),
    projects: rows("projects"),
    members: rows("members"),
    organizations: rows("organizations"),
    participants: rows("participants"),
    conflicts: rows("conflicts"),
    assignments: rows("assignments").map((a) => ({ ...a, scored: Number(a.scored) })),
  });
}

/**
 * The product's plan for the edition now, and its writes as
 * app/judging/assign.server.ts's `planStatements` makes them; none when
 * the plan changes nothing.
 * @param {import("node:sqlite").DatabaseSync} database
 * @param {string} editionId
 * @param {Date} at
 */
export function assignmentStatements(database, editionId, at) {
  const plan = assign.planAssignments(readSnapshot(database, editionId));
  const when = at.toISOString();
  const statements = [
    ...plan.conflicts.map((c) => ({
      sql: `INSERT INTO judging_conflicts (edition_id, judge_user_id, team_id, source, detail, created_at, created_by)
VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      params: [editionId, c.judgeUserId, c.teamId, c.source, c.detail, when, SEED_ACTOR],
    })),
    ...plan.releases.map((r) => ({
      sql: `UPDATE judging_assignments SET released_at = ?, released_by = ?, released_reason = ? WHERE id = ? AND released_at IS NULL`,
      params: [when, SEED_ACTOR, r.reason, r.id],
    })),
    ...plan.adds.map((a) => ({
      sql: `INSERT INTO judging_assignments (edition_id, team_id, judge_user_id, assigned_at, assigned_by)
VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      params: [editionId, a.teamId, a.judgeUserId, when, SEED_ACTOR],
    })),
  ];
  if (statements.length > 0) {
    const detail = {
      reason: "seed",
      conflicts: plan.conflicts.length,
      released: plan.releases.length,
      assigned: plan.adds.length,
      shortfall: plan.shortfall,
    };
    // The edition's fact that its assignments have run (no event: the seed is no one's action).
    statements.push({
      sql: `INSERT INTO judging_assignment_runs (edition_id, first_run_at, last_run_at, runs, last_outcome) VALUES (?1, ?2, ?2, 1, ?3)
ON CONFLICT (edition_id) DO UPDATE SET last_run_at = excluded.last_run_at, runs = runs + 1, last_outcome = excluded.last_outcome`,
      params: [editionId, when, JSON.stringify(detail)],
    });
  }
  return { plan, statements };
}

/**
 * What one judge gives one project on one criterion: the project's quality,
 * the judge's habit (harsh or lenient) and a little noise, on the rubric's scale.
 * @param {string} teamId @param {string} judgeId @param {string} criterion
 */
export function seedScore(teamId, judgeId, criterion) {
  const quality = 3 + fraction(`quality:${teamId}`) * 5;
  const habit = (fraction(`habit:${judgeId}`) - 0.5) * 4;
  const noise = (fraction(`noise:${teamId}:${judgeId}:${criterion}`) - 0.5) * 3;
  const score = Math.round(quality + habit + noise);
  return Math.min(judgingRules.scoreMax, Math.max(judgingRules.scoreMin, score));
}

/**
 * How much of an assignment the seed scores: every criterion for a `share`
 * of them, the first few criteria for half of the rest, none for the others.
 * Fixed per judge and project, so a run with the same share adds nothing.
 * @param {string} teamId @param {string} judgeId @param {number} share
 * @returns {number} how many criteria, in the rubric's order
 */
export function criteriaScored(teamId, judgeId, share) {
  const draw = fraction(`scored:${teamId}:${judgeId}`);
  if (draw < share) return rubricCriteria.length;
  if (draw < share + (1 - share) / 2)
    return 1 + Math.floor(fraction(`partial:${teamId}:${judgeId}`) * (rubricCriteria.length - 1));
  return 0;
}

/**
 * Scores for the seeded judges' open assignments of the edition's submitted
 * projects (a judge someone made by hand scores by hand).
 * @param {import("node:sqlite").DatabaseSync} database
 * @param {string} editionId
 * @param {number} share the share of assignments with every criterion scored (0 to 1)
 * @param {Date} at
 */
export function scoreStatements(database, editionId, share, at) {
  const open = database
    .prepare(
      `SELECT a.team_id AS teamId, a.judge_user_id AS judgeId FROM judging_assignments a
JOIN submissions s ON s.team_id = a.team_id AND s.status = 'submitted'
WHERE a.edition_id = ? AND a.released_at IS NULL AND a.judge_user_id LIKE ? ORDER BY a.id`,
    )
    .all(editionId, `seed-${editionId}-judge-%`);
  const statements = [];
  for (const row of open) {
    const teamId = String(row.teamId);
    const judgeId = String(row.judgeId);
    const scored = criteriaScored(teamId, judgeId, share);
    const updatedAt = new Date(at.getTime() + Math.floor(fraction(`when:${teamId}:${judgeId}`) * 7 * 86_400_000));
    for (const criterion of rubricCriteria.slice(0, scored)) {
      statements.push(
        insertOnce("judging_scores", {
          edition_id: editionId,
          team_id: teamId,
          judge_user_id: judgeId,
          criterion: criterion.id,
          score: seedScore(teamId, judgeId, criterion.id),
          updated_at: updatedAt.toISOString(),
        }),
      );
    }
  }
  return statements;
}

/**
 * The edition's judging as the desk's report counts it: assignments, complete
 * and partial score sets, each judge's load. For the seed's summary and its tests.
 * @param {import("node:sqlite").DatabaseSync} database
 * @param {string} editionId
 */
export function judgingSummary(database, editionId) {
  const one = (/** @type {string} */ sql) => ({ ...database.prepare(sql).get(editionId) });
  const judges = one(`SELECT count(*) AS n FROM judges WHERE edition_id = ? AND left_at IS NULL`);
  const sets = one(`SELECT count(*) AS assignments,
  coalesce(sum(CASE WHEN scored = ${rubricCriteria.length} THEN 1 ELSE 0 END), 0) AS complete,
  coalesce(sum(CASE WHEN scored > 0 AND scored < ${rubricCriteria.length} THEN 1 ELSE 0 END), 0) AS partial
FROM (SELECT (SELECT count(*) FROM judging_scores s WHERE s.team_id = a.team_id AND s.judge_user_id = a.judge_user_id) AS scored
  FROM judging_assignments a JOIN submissions sub ON sub.team_id = a.team_id AND sub.status = 'submitted'
  WHERE a.edition_id = ? AND a.released_at IS NULL)`);
  const loads = one(`SELECT coalesce(min(n), 0) AS low, coalesce(max(n), 0) AS high FROM (
  SELECT count(a.id) AS n FROM judges j
  LEFT JOIN judging_assignments a ON a.judge_user_id = j.user_id AND a.edition_id = j.edition_id AND a.released_at IS NULL
  WHERE j.edition_id = ? AND j.left_at IS NULL GROUP BY j.user_id)`);
  return {
    judges: Number(judges.n),
    assignments: Number(sets.assignments),
    complete: Number(sets.complete),
    partial: Number(sets.partial),
    loads: { low: Number(loads.low), high: Number(loads.high) },
  };
}

/**
 * Seeds the edition's judging in the local D1 (one transaction for each
 * step: judges, assignment, scores) and says what it made.
 * @param {import("node:sqlite").DatabaseSync} database
 * @param {{ id: string, milestones: readonly { id: string, start: Date }[] }} edition
 * @param {{ judges: number, scored: number, passwordHash: string, authSecret: string, names: { firstNames: string[], lastNames: string[], companyDomains: string[] } }} options
 */
export async function seedJudging(database, edition, options) {
  const before = judgingSummary(database, edition.id);
  const scoresBefore = countScores(database, edition.id);
  const twoFactor = await encryptedTwoFactor(options.authSecret);
  const { statements, judges } = judgeStatements(
    edition,
    options.judges,
    options.passwordHash,
    twoFactor,
    options.names,
  );
  runBound(database, statements);
  runBound(database, await reencryptedTwoFactor(database, edition.id, options.authSecret, twoFactor));
  const at = judgingStartOf(edition);
  const assignment = assignmentStatements(database, edition.id, at);
  runBound(database, assignment.statements);
  runBound(database, scoreStatements(database, edition.id, options.scored, at));
  const after = judgingSummary(database, edition.id);
  return {
    judges,
    after,
    plan: {
      judgesPerProject: judgingRules.judgesPerProject,
      shortfall: assignment.plan.shortfall.length,
    },
    added: {
      judges: after.judges - before.judges,
      assignments: assignment.plan.adds.length,
      conflicts: assignment.plan.conflicts.length,
      scores: countScores(database, edition.id) - scoresBefore,
    },
  };
}

/** @param {import("node:sqlite").DatabaseSync} database @param {string} editionId */
function countScores(database, editionId) {
  return Number(database.prepare("SELECT count(*) AS n FROM judging_scores WHERE edition_id = ?").get(editionId)?.n);
}

/**
 * The seeded judges' authenticator rows that another BETTER_AUTH_SECRET
 * encrypted (an earlier seed, before .dev.vars changed), written again with
 * this one: the rows are inserted once, and the site could not read them.
 * @param {import("node:sqlite").DatabaseSync} database
 * @param {string} editionId
 * @param {string} authSecret
 * @param {{ secret: string, backupCodes: string }} twoFactor
 */
async function reencryptedTwoFactor(database, editionId, authSecret, twoFactor) {
  const seeded = `seed-${editionId}-judge-%`;
  const stored = database
    .prepare("SELECT DISTINCT secret FROM two_factor WHERE user_id LIKE ?")
    .all(seeded)
    .map((row) => String(row.secret));
  const statements = [];
  for (const secret of stored) {
    const readable = await symmetricDecrypt({ key: authSecret, data: secret }).then(
      (plain) => plain === SEED_JUDGE_TOTP_SECRET,
      () => false,
    );
    if (readable) continue;
    statements.push({
      sql: "UPDATE two_factor SET secret = ?, backup_codes = ? WHERE secret = ? AND user_id LIKE ?",
      params: [twoFactor.secret, twoFactor.backupCodes, secret, seeded],
    });
  }
  return statements;
}
