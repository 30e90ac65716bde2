-- Issue 51: one event log. `organizer_events`, `team_events`,
-- `organization_events` and `judging_events` become one table, `events`,
-- written by one guarded commit (app/events/commit.server.ts) for every
-- actor: an organizer on the desk or through a token, a daily job, or an
-- account acting for itself (a participant, a judge, a company admin).
-- ADR 022 (docs/decisions/022-one-event-log.md) says why.
--
-- The CHECK on actor_kind must admit 'account', and SQLite cannot change a
-- CHECK in place: the organizers' log is copied into a new table, every id,
-- chain column and hash kept, so every row chained before still verifies.

CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- The worker's clock (ISO 8601, UTC).
  created_at TEXT NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('person', 'token', 'job', 'account')),
  -- No foreign key: the record outlives the account (the retention period says how long).
  actor_user_id TEXT,
  -- An organizer's address at the time, a job's name, or an account's role:
  -- never a participant's address (the readers join "user" for the current one).
  actor_label TEXT NOT NULL,
  actor_role TEXT,
  token_id TEXT,
  -- A registered organizer action id (judges.invite, …) or an event kind (team.draft-deleted, …).
  action TEXT NOT NULL,
  summary TEXT NOT NULL,
  targets TEXT NOT NULL,
  facts_before TEXT,
  facts_after TEXT,
  reason TEXT,
  proposal_id TEXT,
  request_id TEXT,
  -- The chain (0025): organizer and job rows only; account rows carry none.
  prev_id INTEGER,
  prev_hash TEXT,
  hash TEXT,
  -- The canonical form a row's hash was computed in: rows chained before
  -- this migration keep theirs ('organizer_events/1'); later rows' form
  -- also covers the subject columns and the payload.
  hash_format TEXT,
  -- What the row is about, beside its targets (the histories read by these).
  edition_id TEXT,
  team_id TEXT,
  -- The person it is about.
  subject_user_id TEXT,
  -- A workforce registration's id.
  organization_id TEXT,
  -- JSON: an account kind's typed payload (app/events/kinds.ts).
  payload TEXT
);

INSERT INTO events (
  id, created_at, actor_kind, actor_user_id, actor_label, actor_role, token_id, action, summary, targets,
  facts_before, facts_after, reason, proposal_id, request_id, prev_id, prev_hash, hash, hash_format,
  edition_id, team_id, subject_user_id
)
SELECT
  id, created_at, actor_kind, actor_user_id, actor_label, actor_role, token_id, action, summary, targets,
  facts_before, facts_after, reason, proposal_id, request_id, prev_id, prev_hash, hash,
  CASE WHEN hash IS NOT NULL THEN 'organizer_events/1' END,
  CASE WHEN json_valid(targets) THEN coalesce(
    CASE WHEN json_type(targets, '$.editionId') = 'text' THEN json_extract(targets, '$.editionId') END,
    CASE WHEN json_type(targets, '$.edition') = 'text' THEN json_extract(targets, '$.edition') END
  ) END,
  CASE WHEN json_valid(targets) AND json_type(targets, '$.teamId') = 'text' THEN json_extract(targets, '$.teamId') END,
  CASE WHEN json_valid(targets) AND json_type(targets, '$.userId') = 'text' THEN json_extract(targets, '$.userId') END
FROM organizer_events
ORDER BY id;

-- Event kinds are named as organizer actions are, `area.verb`, a verb of
-- several words joined by hyphens (judges.revoke-invitation): the old
-- tables' underscores (draft_deleted) become hyphens (team.draft-deleted).

-- A team's history: its members' own actions (a participant's account).
INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, actor_role, action, summary, targets, edition_id, team_id, payload)
SELECT
  e.created_at, 'account', e.actor_user_id, 'participant', 'participant', 'team.' || replace(e.kind, '_', '-'),
  CASE e.kind WHEN 'draft_deleted' THEN 'Deleted the team''s draft and its files' ELSE e.kind END,
  '{}', t.edition_id, e.team_id, coalesce(e.detail, '{}')
FROM team_events e
LEFT JOIN teams t ON t.id = e.team_id
ORDER BY e.id;

-- An organization's activity: its company admins' own actions.
INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, actor_role, action, summary, targets, edition_id, subject_user_id, organization_id, payload)
SELECT
  e.created_at, 'account', e.actor_user_id, 'admin', 'admin', 'organization.' || replace(e.action, '_', '-'),
  CASE e.action
    WHEN 'code_regenerated' THEN 'Regenerated the company code'
    WHEN 'employees_invited' THEN 'Invited employees'
    WHEN 'employee_removed' THEN 'Removed an employee'
    WHEN 'admin_invited' THEN 'Invited a co-administrator'
    WHEN 'admin_invitation_cancelled' THEN 'Cancelled a co-administrator invitation'
    WHEN 'admin_added' THEN 'Joined as co-administrator'
    WHEN 'admin_removed' THEN 'Removed a co-administrator'
    ELSE e.action
  END,
  '{}', r.edition_id,
  CASE WHEN json_valid(e.detail) AND json_type(e.detail, '$.userId') = 'text' THEN json_extract(e.detail, '$.userId') END,
  e.registration_id, coalesce(e.detail, '{}')
FROM organization_events e
LEFT JOIN registrations r ON r.id = e.registration_id
ORDER BY e.id;

-- Judging's history: only a judge's own actions move. Rows an organizer
-- action or a job wrote ('organizer:…', 'system:…': conflicts dismissed or
-- added, judges invited, assignments run) repeat what the organizers' log
-- already holds, and an 'assignments-run' row is no event but the edition's
-- state (judging_assignment_runs, below). A judge whose account was deleted
-- left a 'deleted:…' pseudonym: the row keeps no account.
INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, actor_role, action, summary, targets, edition_id, team_id, payload)
SELECT
  created_at, 'account', CASE WHEN actor LIKE 'deleted:%' THEN NULL ELSE actor END, 'judge', 'judge', 'judging.' || kind,
  CASE kind
    WHEN 'invitation-accepted' THEN 'Accepted the invitation to judge'
    WHEN 'conflict-declared' THEN 'Declared a conflict of interest with a team'
    ELSE kind
  END,
  '{}', edition_id,
  CASE WHEN json_valid(detail) AND json_type(detail, '$.teamId') = 'text' THEN json_extract(detail, '$.teamId') END,
  CASE WHEN json_valid(detail) THEN detail ELSE '{}' END
FROM judging_events
WHERE actor NOT LIKE 'organizer:%' AND actor NOT LIKE 'system:%' AND kind <> 'assignments-run'
ORDER BY id;

-- "Assignments have run" was read from judging_events: now a fact of the
-- edition's judging, written in the batch of each run.
CREATE TABLE judging_assignment_runs (
  edition_id TEXT PRIMARY KEY,
  first_run_at TEXT NOT NULL,
  last_run_at TEXT NOT NULL,
  runs INTEGER NOT NULL DEFAULT 1,
  -- JSON: the last run's reason and counts (conflicts, released, assigned, shortfall).
  last_outcome TEXT
);

INSERT INTO judging_assignment_runs (edition_id, first_run_at, last_run_at, runs, last_outcome)
SELECT
  edition_id, min(created_at), max(created_at), count(*),
  (SELECT j.detail FROM judging_events j WHERE j.edition_id = r.edition_id AND j.kind = 'assignments-run' ORDER BY j.created_at DESC, j.id DESC LIMIT 1)
FROM judging_events r
WHERE kind = 'assignments-run'
GROUP BY edition_id;

DROP TRIGGER organizer_events_append_only;
DROP TRIGGER organizer_events_kept;
DROP TRIGGER organizer_events_never_replaced;
DROP TABLE organizer_events;
DROP TABLE team_events;
DROP TABLE organization_events;
DROP TABLE judging_events;

CREATE INDEX events_created ON events (created_at);
CREATE INDEX events_action ON events (action, created_at);
CREATE INDEX events_actor ON events (actor_user_id, created_at);
CREATE INDEX events_edition ON events (edition_id, created_at);
CREATE INDEX events_team ON events (team_id, created_at);
CREATE INDEX events_subject_user ON events (subject_user_id, created_at);
CREATE INDEX events_organization ON events (organization_id, created_at);
-- Two writers that read the same last chained row cannot both append after it.
CREATE UNIQUE INDEX events_prev ON events (prev_id);

-- Append-only: nothing changes a row, and only rows past the retention
-- period may go (app/content/legal.ts, "event-log": 36 months, for every
-- kind; tests/integration/organize-desk.test.ts checks the two agree). The
-- database's own clock, since a trigger cannot see the worker's.
CREATE TRIGGER events_append_only
BEFORE UPDATE ON events
BEGIN
  SELECT RAISE(ABORT, 'events is append-only');
END;

CREATE TRIGGER events_kept
BEFORE DELETE ON events
WHEN OLD.created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-36 months')
BEGIN
  SELECT RAISE(ABORT, 'events rows are kept for their retention period');
END;

-- INSERT OR REPLACE with an existing id would rewrite a row without firing
-- either trigger (0025): an id is never given twice.
CREATE TRIGGER events_never_replaced
BEFORE INSERT ON events
WHEN NEW.id IS NOT NULL AND EXISTS (SELECT 1 FROM events WHERE id = NEW.id)
BEGIN
  SELECT RAISE(ABORT, 'events rows are never replaced');
END;
