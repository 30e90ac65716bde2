// `npm run seed -- projects --count 40 --organizations 3` (issue 55) against a
// real local D1, as an operator runs it: three paid Workforce Packages with a
// live company code each, their employees enrolled with the code as
// redeeming it stores them (12 for the first), the certification stages
// they completed as the training provider's import stores them, some of the
// first organization's employees on seeded teams; running it again adds
// nothing. The pages that read these rows are checked end to end in
// tests/e2e/impact.spec.ts.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { migratedState } from "../migrated-state.mjs";
import { localDatabase } from "../../scripts/local-d1.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "seed-organizations-"));
const IN_ENROLMENT = "2026-03-01T12:00:00-07:00";
const EDITION = "2026";

/** @param {string[]} args */
function seed(args) {
  const run = spawnSync("node", ["scripts/seed-projects.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, STATE_DIR: stateDir, APP_NOW: IN_ENROLMENT, CI: "true" },
  });
  return run;
}

/** @param {string} sql @param {...string | number} params */
const rows = (sql, ...params) => {
  const database = localDatabase(stateDir);
  assert.ok(database);
  return database
    .prepare(sql)
    .all(...params)
    .map((row) => ({ ...row }));
};

const ARGS = ["projects", "--count", "40", "--no-files", "--organizations", "3"];
let firstRun = "";
before(() => {
  migratedState(stateDir);
  const run = seed(ARGS);
  assert.equal(run.status, 0, run.stderr);
  firstRun = run.stdout;
});

after(() => rmSync(stateDir, { recursive: true, force: true }));

describe("npm run seed -- projects --organizations", () => {
  test("stores paid Workforce Packages, each with one live company code of the code's alphabet", () => {
    const organizations = rows(
      `SELECT r.id, r.company_name, r.status, r.registration_type, c.code
       FROM registrations r JOIN company_codes c ON c.registration_id = r.id AND c.revoked_at IS NULL
       WHERE r.edition_id = ? AND r.registration_type = 'workforce' ORDER BY r.id`,
      EDITION,
    );
    assert.deepEqual(
      organizations.map((o) => o.company_name),
      ["Sawtooth Analytics", "Snake River Foods", "Gem State Health"],
    );
    for (const o of organizations) {
      assert.equal(o.status, "paid");
      assert.match(String(o.id), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.match(String(o.code), /^[ABCDEFGHJKMNPQRSTWXYZ2-9]{12}$/);
    }
  });

  test("enrolls 12, 4 and 2 employees with their organization's code, with the stages they completed", () => {
    // The dashboard's count (app/organization/dashboard.server.ts) and its rates' rows.
    const enrolled = rows(
      `SELECT o.company_name AS company, count(e.id) AS employees,
         sum(e.employer_code = c.code) AS withCode,
         sum((SELECT count(*) FROM credentials k WHERE k.user_id = e.user_id AND k.edition_id = e.edition_id
              AND k.achievement = 'ai-communicator' AND k.revoked_at IS NULL)) AS communicators,
         sum((SELECT count(*) FROM credentials k WHERE k.user_id = e.user_id AND k.edition_id = e.edition_id
              AND k.achievement = 'ai-creator' AND k.revoked_at IS NULL)) AS creators,
         sum((SELECT count(*) FROM credentials k WHERE k.user_id = e.user_id AND k.edition_id = e.edition_id
              AND k.achievement = 'ai-builder' AND k.revoked_at IS NULL)) AS builders
       FROM registrations o JOIN company_codes c ON c.registration_id = o.id
       JOIN registrations e ON e.organization_registration_id = o.id AND e.edition_id = o.edition_id AND e.status = 'enrolled'
       WHERE o.edition_id = ? GROUP BY o.id ORDER BY o.id`,
      EDITION,
    );
    assert.deepEqual(enrolled, [
      { company: "Sawtooth Analytics", employees: 12, withCode: 12, communicators: 9, creators: 6, builders: 3 },
      { company: "Snake River Foods", employees: 4, withCode: 4, communicators: 3, creators: 2, builders: 1 },
      { company: "Gem State Health", employees: 2, withCode: 2, communicators: 2, creators: 1, builders: 1 },
    ]);
    assert.match(
      firstRun,
      /Sawtooth Analytics: 12 employee\(s\) enrolled .*AI Communicator 9, AI Creator 6, AI Builder 3/,
    );
  });

  test("puts three of the first organization's employees on seeded teams, 40 projects in all", () => {
    const onTeams = rows(
      `SELECT m.team_id FROM team_members m JOIN registrations e ON e.user_id = m.user_id AND e.edition_id = m.edition_id
       WHERE e.organization_registration_id IS NOT NULL AND m.edition_id = ? ORDER BY m.team_id`,
      EDITION,
    );
    assert.deepEqual(
      onTeams.map((t) => t.team_id),
      ["seed-2026-team-01", "seed-2026-team-02", "seed-2026-team-03"],
    );
    const [submitted] = rows(
      `SELECT count(*) AS n FROM submissions WHERE edition_id = ? AND status = 'submitted'`,
      EDITION,
    );
    assert.equal(submitted?.n, 40);
  });

  test("adds nothing when run again, and refuses a fourth organization", () => {
    const count = () =>
      rows(`SELECT (SELECT count(*) FROM registrations) + (SELECT count(*) FROM credentials) AS n`)[0]?.n;
    const before = count();
    const again = seed(ARGS);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(count(), before);
    const tooMany = seed(["projects", "--count", "1", "--no-files", "--organizations", "4"]);
    assert.equal(tooMany.status, 2);
    assert.match(tooMany.stderr, /--organizations takes a whole number from 0 to 3/);
  });
});
