// migrations/0028_one_event_log.sql on a database that has rows in the four
// old event tables: every row lands in `events` as ADR 022 says (organizer
// rows with their ids and chain kept, account rows moved, judging's copies of
// organizer actions and its assignment runs left out), the runs become
// judging_assignment_runs, the old tables go, and the new table is
// append-only. node:sqlite applies the same SQL files D1 does.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { DatabaseSync } from "node:sqlite";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const migrations = readdirSync(join(root, "migrations"))
  .filter((name) => name.endsWith(".sql"))
  .sort();
const apply = (db, name) => db.exec(readFileSync(join(root, "migrations", name), "utf8"));

test("0028 moves every old event row into the one log", () => {
  const db = new DatabaseSync(":memory:");
  for (const name of migrations.filter((name) => name < "0028")) apply(db, name);

  db.exec(`
    INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at) VALUES ('u-lead', 'Lead', 'lead@example.test', 1, 0, 0);
    INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('t1', '2026', 'Team One', 'u-lead', '2026-02-01T00:00:00.000Z');
    INSERT INTO registrations (id, edition_id, user_id, registration_type, plan, pricing_phase, amount_cents, status, first_name, last_name, email, phone)
      VALUES ('org1', '2026', 'u-lead', 'workforce', 'workforce', 'earlyBird', 0, 'paid', 'A', 'B', 'lead@example.test', '2085550100');

    INSERT INTO organizer_events (id, created_at, actor_kind, actor_user_id, actor_label, actor_role, action, summary, targets)
      VALUES (1, '2026-03-01T00:00:00.000Z', 'job', NULL, 'old', NULL, 'daily-jobs.run', 'before the chain', '{}');
    INSERT INTO organizer_events (id, created_at, actor_kind, actor_user_id, actor_label, actor_role, action, summary, targets, prev_id, prev_hash, hash)
      VALUES (2, '2026-03-20T00:00:00.000Z', 'person', 'u-org', 'ops@example.test', 'coordinator', 'conflicts.add', 'Added a conflict',
        '{"teamId":"t1","editionId":"2026","email":"judge@example.test"}', 1, NULL, 'abc');

    INSERT INTO team_events (team_id, actor_user_id, kind, detail, created_at)
      VALUES ('t1', 'u-lead', 'draft_deleted', '{"files":[]}', '2026-02-05T00:00:00.000Z');
    INSERT INTO organization_events (registration_id, actor_user_id, action, detail, created_at)
      VALUES ('org1', 'u-lead', 'admin_removed', '{"userId":"u-gone"}', '2026-02-06T00:00:00.000Z');

    INSERT INTO judging_events (edition_id, actor, kind, detail, created_at) VALUES
      ('2026', 'u-judge', 'invitation-accepted', '{"invitationId":"i1"}', '2026-03-02T00:00:00.000Z'),
      ('2026', 'u-judge', 'conflict-declared', '{"teamId":"t1"}', '2026-03-22T00:00:00.000Z'),
      ('2026', 'deleted:abc', 'conflict-declared', '{"teamId":"t1"}', '2026-03-23T00:00:00.000Z'),
      ('2026', 'u-judge', 'assignments-run', '{"reason":"declared-conflict"}', '2026-03-22T00:00:00.000Z'),
      ('2026', 'organizer:ops@example.test', 'conflict-added', '{"teamId":"t1"}', '2026-03-20T00:00:00.000Z'),
      ('2026', 'organizer:ops@example.test', 'assignments-run', '{"reason":"assign"}', '2026-03-21T00:00:00.000Z'),
      ('2026', 'system:daily-job', 'assignments-run', '{"reason":"judging-started"}', '2026-03-21T09:00:00.000Z');
  `);

  apply(
    db,
    migrations.find((name) => name.startsWith("0028")),
  ); // the migration under test

  const rows = db.prepare("SELECT * FROM events ORDER BY id").all();
  // The organizers' rows, ids and chain kept; the chained one records its hash's form and its subject.
  assert.deepEqual(
    rows.slice(0, 2).map((r) => [r.id, r.action, r.prev_id, r.hash, r.hash_format, r.team_id, r.edition_id]),
    [
      [1, "daily-jobs.run", null, null, null, null, null],
      [2, "conflicts.add", 1, "abc", "organizer_events/1", "t1", "2026"],
    ],
  );
  // Every account row, labelled by role, with no address.
  const moved = rows.slice(2).map((r) => ({
    kind: r.actor_kind,
    user: r.actor_user_id,
    label: r.actor_label,
    action: r.action,
    team: r.team_id,
    organization: r.organization_id,
    subject: r.subject_user_id,
    edition: r.edition_id,
  }));
  assert.deepEqual(moved, [
    {
      kind: "account",
      user: "u-lead",
      label: "participant",
      action: "team.draft-deleted",
      team: "t1",
      organization: null,
      subject: null,
      edition: "2026",
    },
    {
      kind: "account",
      user: "u-lead",
      label: "admin",
      action: "organization.admin-removed",
      team: null,
      organization: "org1",
      subject: "u-gone",
      edition: "2026",
    },
    {
      kind: "account",
      user: "u-judge",
      label: "judge",
      action: "judging.invitation-accepted",
      team: null,
      organization: null,
      subject: null,
      edition: "2026",
    },
    {
      kind: "account",
      user: "u-judge",
      label: "judge",
      action: "judging.conflict-declared",
      team: "t1",
      organization: null,
      subject: null,
      edition: "2026",
    },
    {
      kind: "account",
      user: null,
      label: "judge",
      action: "judging.conflict-declared",
      team: "t1",
      organization: null,
      subject: null,
      edition: "2026",
    },
  ]);
  assert.equal(
    rows.some((r) => JSON.stringify(r).includes("lead@example.test")),
    false,
  );

  // "Assignments have run" is the edition's fact now, with how often and what the last run did.
  const runs = db.prepare("SELECT * FROM judging_assignment_runs").all();
  assert.equal(runs.length, 1);
  assert.equal(runs[0].edition_id, "2026");
  assert.equal(runs[0].runs, 3);
  assert.equal(runs[0].first_run_at, "2026-03-21T00:00:00.000Z");
  assert.equal(JSON.parse(runs[0].last_outcome).reason, "declared-conflict");

  // The old tables are gone; the new one is append-only and never replaces a row.
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((r) => r.name);
  for (const old of ["organizer_events", "team_events", "organization_events", "judging_events"]) {
    assert.equal(tables.includes(old), false, old);
  }
  assert.throws(() => db.exec("UPDATE events SET summary = 'x' WHERE id = 2"), /append-only/);
  assert.throws(() => db.exec("DELETE FROM events WHERE id = 2"), /retention period/);
  assert.throws(
    () =>
      db.exec(
        "INSERT OR REPLACE INTO events (id, created_at, actor_kind, actor_label, action, summary, targets) VALUES (2, '2026-03-25T00:00:00.000Z', 'job', 'x', 'x', 'x', '{}')",
      ),
    /never replaced/,
  );
  assert.throws(
    () =>
      db.exec(
        "INSERT INTO events (created_at, actor_kind, actor_label, action, summary, targets) VALUES ('2026-03-25T00:00:00.000Z', 'someone', 'x', 'x', 'x', '{}')",
      ),
    /CHECK constraint failed/,
  );
});
