// Judging's admin commands that still run SQL (issue 24) against a real
// local D1, as an organizer runs them: assignment with a detected conflict
// and the shortfall it causes, conflicts listed, dismissed and added. Each
// command spawns Wrangler, so the story runs once, in order. (invite-judge,
// judges and remove-judge are the organizer API's now: tests/tools/organize.test.mjs.)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { query } from "../../scripts/admin.mjs";
import { queryMany } from "../../scripts/admin/judging.mjs";
import { applyMigrations } from "./local-d1.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "judging-cli-"));
const target = { remote: false, stateDir };
// Inside the 2026 judging window: the edition and every recorded time follow it.
const APP_NOW = "2026-03-21T10:00:00-06:00";

/** @param {string[]} args */
function admin(args) {
  return spawnSync("node", ["scripts/admin.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, STATE_DIR: stateDir, APP_NOW, ADMIN_ACTOR: "ops" },
  });
}

/** @param {string} sql */
const rows = (sql) => query(sql, target);
/** @param {string} sql */
const one = (sql) => rows(sql)[0];

/** Seeds, written in one Wrangler call. @param {string[][]} groups */
const seed = (...groups) => queryMany(groups.flat(), target);

/** @param {string} id @param {string} email */
const user = (id, email) => [
  `INSERT INTO "user" (id, name, email, email_verified) VALUES ('${id}', '', '${email}', 1)`,
];

/** @param {string} id @param {string} inviteId */
const judgeRow = (id, inviteId) => [
  `INSERT INTO judge_invitations (id, edition_id, email, token_hash, invited_by, created_at, expires_at, accepted_at, accepted_by)
   VALUES ('${inviteId}', '2026', (SELECT email FROM "user" WHERE id = '${id}'), '${inviteId}-hash', 'x', '2026-03-01', '2026-04-30', '2026-03-02', '${id}')`,
  `INSERT INTO judges (edition_id, user_id, name, invitation_id, joined_at) VALUES ('2026', '${id}', 'Judge ${id}', '${inviteId}', '2026-03-02')`,
];

/** @param {string} teamId @param {string} memberId */
const project = (teamId, memberId) => [
  `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('${teamId}', '2026', 'Team ${teamId}', '${memberId}', '2026-03-01')`,
  `INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES ('${teamId}', '${memberId}', '2026', 'lead', '2026-03-01')`,
  `INSERT INTO submissions (team_id, edition_id, status, submitted_at, submitted_by, created_at, updated_at, updated_by)
   VALUES ('${teamId}', '2026', 'submitted', '2026-03-10', '${memberId}', '2026-03-01', '2026-03-10', '${memberId}')`,
];

/** @param {string} teamId */
const openJudges = (teamId) =>
  rows(
    `SELECT judge_user_id AS j FROM judging_assignments WHERE team_id = '${teamId}' AND released_at IS NULL ORDER BY j`,
  ).map((r) => String(r.j));

before(() => {
  applyMigrations(stateDir);
});

after(() => rmSync(stateDir, { recursive: true, force: true }));

describe("assign and conflicts", () => {
  test("assigns every project, detects a shared employer domain, and reports the shortfall", () => {
    seed(
      user("ja", "a@judges.example.org"),
      user("jb", "b@gmail.com"),
      user("jc", "c@boise-widgets.com"),
      judgeRow("ja", "ia"),
      judgeRow("jb", "ib"),
      judgeRow("jc", "ic"),
      user("m1", "lead1@boise-widgets.com"),
      user("m2", "lead2@gmail.com"),
      user("m3", "lead3@example.net"),
      project("t1", "m1"),
      project("t2", "m2"),
      project("t3", "m3"),
    );
    const run = admin(["assign"]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /8 new assignment\(s\)/);
    assert.match(run.stdout, /1 new conflict\(s\) detected/);
    assert.match(run.stdout, /SHORTFALL: 1 project\(s\)/);
    assert.match(run.stdout, /t1 Team t1: 1 judge\(s\) missing/);
    assert.deepEqual(openJudges("t1"), ["ja", "jb"]);
    assert.deepEqual(openJudges("t2"), ["ja", "jb", "jc"]);
    const conflict = one("SELECT judge_user_id, team_id, source, detail, created_by FROM judging_conflicts");
    assert.deepEqual(conflict, {
      judge_user_id: "jc",
      team_id: "t1",
      source: "domain",
      detail: "shares the e-mail domain boise-widgets.com with a team member",
      created_by: "organizer:ops",
    });
    // Idempotent.
    const again = admin(["assign"]);
    assert.match(again.stdout, /0 new assignment\(s\), 0 released, 0 new conflict/);
  });

  test("conflicts lists; dismiss-conflict keeps the reason and fills the shortfall; add-conflict reassigns", () => {
    const list = admin(["conflicts"]);
    assert.match(list.stdout, /jc|c@boise-widgets.com/);
    const id = String(one("SELECT id FROM judging_conflicts WHERE judge_user_id = 'jc'")?.id);
    assert.equal(admin(["dismiss-conflict", id]).status, 2, "a reason is required");
    const dismissed = admin(["dismiss-conflict", id, "--reason", "Different company; shared mail host"]);
    assert.equal(dismissed.status, 0, dismissed.stderr);
    assert.deepEqual(openJudges("t1"), ["ja", "jb", "jc"]);
    const row = one(`SELECT dismissed_reason, dismissed_by FROM judging_conflicts WHERE id = ${id}`);
    assert.deepEqual(row, { dismissed_reason: "Different company; shared mail host", dismissed_by: "organizer:ops" });
    // Not detected again.
    assert.match(admin(["assign"]).stdout, /0 new conflict/);

    const added = admin(["add-conflict", "b@gmail.com", "t3", "--reason", "Mentored the team"]);
    assert.equal(added.status, 0, added.stderr);
    assert.ok(!openJudges("t3").includes("jb"));
    assert.equal(
      one("SELECT released_reason FROM judging_assignments WHERE team_id = 't3' AND judge_user_id = 'jb'")
        ?.released_reason,
      "conflict",
    );
    assert.equal(one("SELECT source FROM judging_conflicts WHERE judge_user_id = 'jb'")?.source, "organizer");
  });
});
