-- Judging (issue 24): invited judges, assignments, conflicts of interest,
-- scores, reviews, appeals, and the results the organizers publish.
-- Every row belongs to one edition. Every judging write records who and when
-- (the *_by / *_at columns, and judging_events for what has no row of its own).

-- A single-use, expiring link sent by `npm run admin -- invite-judge`.
CREATE TABLE judge_invitations (
  id TEXT PRIMARY KEY,
  edition_id TEXT NOT NULL,
  -- Lower-cased; only a verified account with this address may accept.
  email TEXT NOT NULL,
  name TEXT,
  -- The judge/advisor interest it was made from, if any.
  interest_id INTEGER,
  -- SHA-256 (hex) of the link's token; the token itself is only in the e-mail.
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  accepted_by TEXT,
  revoked_at TEXT
);
CREATE INDEX judge_invitations_email ON judge_invitations (edition_id, email);

-- A judge of one edition: an account that accepted an invitation.
-- left_at: the judge stepped down; their open assignments are reassigned.
CREATE TABLE judges (
  edition_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  invitation_id TEXT NOT NULL REFERENCES judge_invitations (id),
  joined_at TEXT NOT NULL,
  left_at TEXT,
  left_by TEXT,
  PRIMARY KEY (edition_id, user_id)
);

-- A conflict of interest between a judge and a team. Detected ones come from
-- our own data (source organization, domain, participant); a judge declares
-- one from the project page; an organizer adds one. An organizer may dismiss
-- a detected conflict with a reason, which is kept.
CREATE TABLE judging_conflicts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  edition_id TEXT NOT NULL,
  judge_user_id TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (source IN ('organization', 'domain', 'participant', 'declared', 'organizer')),
  -- What was found ("shares the domain acme.com with a team member"); no secrets.
  detail TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  dismissed_at TEXT,
  dismissed_by TEXT,
  dismissed_reason TEXT,
  UNIQUE (edition_id, judge_user_id, team_id, source)
);
CREATE INDEX judging_conflicts_judge ON judging_conflicts (edition_id, judge_user_id);

-- Which judge scores which project. A released assignment (the judge left, a
-- conflict was declared) is kept for the record; at most one open
-- assignment per judge and project.
CREATE TABLE judging_assignments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  edition_id TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  judge_user_id TEXT NOT NULL,
  assigned_at TEXT NOT NULL,
  assigned_by TEXT NOT NULL,
  released_at TEXT,
  released_by TEXT,
  released_reason TEXT
);
CREATE UNIQUE INDEX judging_assignments_open ON judging_assignments (team_id, judge_user_id) WHERE released_at IS NULL;
CREATE INDEX judging_assignments_judge ON judging_assignments (edition_id, judge_user_id);

-- One score (1-10) per judge, project and criterion (app/content/judging.ts).
CREATE TABLE judging_scores (
  edition_id TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  judge_user_id TEXT NOT NULL,
  criterion TEXT NOT NULL,
  score INTEGER NOT NULL CHECK (score BETWEEN 1 AND 10),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (team_id, judge_user_id, criterion)
);
CREATE INDEX judging_scores_edition ON judging_scores (edition_id, judge_user_id);

-- A judge's words on one project: a private note (organizers only) and a
-- comment the team sees after publication, never with the judge's name.
CREATE TABLE judging_reviews (
  edition_id TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  judge_user_id TEXT NOT NULL,
  private_note TEXT,
  team_comment TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (team_id, judge_user_id)
);

-- Judging's history: who did what and when (invitations accepted, conflicts
-- declared or dismissed, assignments run, results published).
CREATE TABLE judging_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  edition_id TEXT NOT NULL,
  actor TEXT NOT NULL,
  kind TEXT NOT NULL,
  -- JSON.
  detail TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX judging_events_edition ON judging_events (edition_id, created_at);

-- A team's written appeal after publication (within 5 business days).
CREATE TABLE judging_appeals (
  id TEXT PRIMARY KEY,
  edition_id TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  submitted_by TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  decided_at TEXT,
  decided_by TEXT,
  decision TEXT
);
CREATE INDEX judging_appeals_edition ON judging_appeals (edition_id, created_at);

-- The one source of an edition's results on the site: finalists (award
-- 'finalist') and awards (an award id of app/content/program.ts), as the
-- organizers published them. Names are kept as published, so the record
-- stays as announced. Credentials are issued from these rows.
CREATE TABLE published_results (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  edition_id TEXT NOT NULL,
  award TEXT NOT NULL,
  -- No foreign key: a published result outlives the team's retention.
  team_id TEXT NOT NULL,
  -- Order within the award (1 = first); finalists by their ranking.
  place INTEGER NOT NULL DEFAULT 1,
  team_name TEXT NOT NULL,
  project_title TEXT,
  organization TEXT,
  published_at TEXT NOT NULL,
  published_by TEXT NOT NULL,
  UNIQUE (edition_id, award, team_id)
);
CREATE INDEX published_results_team ON published_results (team_id);
