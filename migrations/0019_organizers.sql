-- The organizers' desk (issue 32, ADR 018): who may act (roles), what they
-- did (one append-only audit log), one-way actions proposed by one person
-- and confirmed by another, per-organizer API tokens, and the desk's
-- working-day sessions.

-- A session that passed the second factor (an authenticator code or a
-- recovery code) when it was created: at sign-in, or when two-step sign-in
-- was turned on in it. NULL for every other session (a password only, or
-- opened before two-step sign-in was on). Milliseconds, like better-auth's
-- other session dates; set by app/auth/auth.server.ts's session hook only.
ALTER TABLE session ADD COLUMN second_factor_at INTEGER;

-- One role per account; only a director grants and removes roles, and the
-- last director cannot be removed (checked inside the removing statement).
CREATE TABLE organizer_roles (
  user_id TEXT PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('director', 'coordinator', 'registrar', 'viewer')),
  granted_by TEXT NOT NULL,
  granted_at TEXT NOT NULL
);
CREATE INDEX organizer_roles_role ON organizer_roles (role);

-- The audit log: one row per organizer action, written in the same batch as
-- the change it records (app/organize/action.server.ts). Who: a person on
-- the desk, a person's API token, or a daily job. Facts as JSON.
CREATE TABLE organizer_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- The worker's clock (ISO 8601, UTC).
  created_at TEXT NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('person', 'token', 'job')),
  -- No foreign key: the record outlives the account (the retention period says how long).
  actor_user_id TEXT,
  -- The account's address at the time, or the job's name.
  actor_label TEXT NOT NULL,
  actor_role TEXT,
  token_id TEXT,
  -- A registered action id (judges.invite, organizers.grant, …).
  action TEXT NOT NULL,
  -- One line for people ("Invited casey@example.com to judge the 2026 Challenge").
  summary TEXT NOT NULL,
  targets TEXT NOT NULL,
  facts_before TEXT,
  facts_after TEXT,
  reason TEXT,
  -- The two-person rule: the proposal this action confirmed.
  proposal_id TEXT,
  request_id TEXT
);
CREATE INDEX organizer_events_created ON organizer_events (created_at);
CREATE INDEX organizer_events_action ON organizer_events (action, created_at);
CREATE INDEX organizer_events_actor ON organizer_events (actor_user_id, created_at);

-- Append-only: nothing changes a row, and only rows past the retention
-- period may go (app/content/legal.ts, "organizer-audit-log": 36 months;
-- tests/integration/organize-audit.test.ts checks the two agree). The
-- database's own clock, since a trigger cannot see the worker's.
CREATE TRIGGER organizer_events_append_only
BEFORE UPDATE ON organizer_events
BEGIN
  SELECT RAISE(ABORT, 'organizer_events is append-only');
END;

CREATE TRIGGER organizer_events_kept
BEFORE DELETE ON organizer_events
WHEN OLD.created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-36 months')
BEGIN
  SELECT RAISE(ABORT, 'organizer_events rows are kept for their retention period');
END;

-- The two-person rule: a one-way action proposed with its preview (exactly
-- what will be published, sent and issued) and the preview's hash; a
-- different director confirms within 24 hours, if the preview recomputed
-- then is the same.
CREATE TABLE organizer_proposals (
  id TEXT PRIMARY KEY,
  action TEXT NOT NULL,
  -- JSON: the action's input, run again at confirmation.
  input TEXT NOT NULL,
  -- JSON: the preview as shown to both people.
  preview TEXT NOT NULL,
  -- SHA-256 (hex) of the preview's canonical JSON.
  preview_hash TEXT NOT NULL,
  summary TEXT NOT NULL,
  proposed_by TEXT NOT NULL,
  proposed_label TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed')),
  confirmed_by TEXT,
  confirmed_at TEXT
);
CREATE INDEX organizer_proposals_open ON organizer_proposals (status, expires_at);

-- Per-organizer API tokens (the organizer API and the CLI): shown once,
-- only their SHA-256 stored; a call acts with the owner's role at that time.
CREATE TABLE organizer_tokens (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  revoked_by TEXT
);
CREATE INDEX organizer_tokens_user ON organizer_tokens (user_id);

-- A desk session's last request: past a working day without one, the desk
-- signs the session out (app/content/organize.ts, deskRules.idleHours).
CREATE TABLE organizer_sessions (
  session_id TEXT PRIMARY KEY REFERENCES session (id) ON DELETE CASCADE,
  last_request_at TEXT NOT NULL
);
