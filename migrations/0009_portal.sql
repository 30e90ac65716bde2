-- The Challenge Portal (issue 15, docs/portal.md): teams, their invitations,
-- one project submission per team and its uploaded files.
--
-- Every participant's project belongs to a team row: a solo participant's is
-- a team of one with no name, so turning it into a named team later keeps the
-- draft. A person is in at most one team per edition (the unique index).
-- Rows are keyed to their edition, which is what the retention job deletes by
-- (12 months after the edition, SPEC.md §9); ON DELETE CASCADE takes a team's
-- members, invitations, submission and file rows with it (the job deletes the
-- R2 objects first).

CREATE TABLE teams (
  id TEXT PRIMARY KEY,
  edition_id TEXT NOT NULL,
  -- NULL: one participant working alone.
  name TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX teams_edition ON teams (edition_id);

CREATE TABLE team_members (
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  edition_id TEXT NOT NULL,
  -- 'lead': who created the team (and may invite and remove).
  role TEXT NOT NULL CHECK (role IN ('lead', 'member')),
  joined_at TEXT NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
CREATE UNIQUE INDEX team_members_one_team_per_edition ON team_members (edition_id, user_id);

CREATE TABLE team_invitations (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  -- Lower-cased.
  email TEXT NOT NULL,
  -- SHA-256 (hex) of the link's token; the token itself is never stored.
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  declined_at TEXT,
  revoked_at TEXT
);
CREATE INDEX team_invitations_team ON team_invitations (team_id);

CREATE TABLE submissions (
  team_id TEXT PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
  edition_id TEXT NOT NULL,
  prototype_url TEXT,
  abstract TEXT,
  video_url TEXT,
  -- The participant confirms the length and resolution rule (it cannot be checked offline).
  video_confirmed INTEGER NOT NULL DEFAULT 0 CHECK (video_confirmed IN (0, 1)),
  ai_use_log TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted')),
  submitted_at TEXT,
  submitted_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
);
CREATE INDEX submissions_edition ON submissions (edition_id, status);

CREATE TABLE submission_files (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  component TEXT NOT NULL CHECK (component IN ('pitchDeck', 'reflectionLog')),
  -- The R2 key in SUBMISSION_FILES: submissions/<edition>/<team>/<component>/<uuid>.
  object_key TEXT NOT NULL UNIQUE,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  page_count INTEGER,
  uploaded_by TEXT NOT NULL,
  uploaded_at TEXT NOT NULL,
  UNIQUE (team_id, component)
);
