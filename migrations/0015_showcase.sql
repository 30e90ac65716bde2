-- The public showcase and the audience vote (issue 25, docs/admin.md).
--
-- A project's public face lives on its submission row: a title, a
-- one-sentence summary, one of the five tracks, the team's consent to be
-- shown and a slug (stable once given, unique per edition). Without consent a
-- project is judged but never shown. Each member chooses how their own name
-- appears (showcase_member_display; no row: team name only, no organization).

ALTER TABLE submissions ADD COLUMN title TEXT;
ALTER TABLE submissions ADD COLUMN summary TEXT;
-- A track id of app/content/program.ts.
ALTER TABLE submissions ADD COLUMN track TEXT;
ALTER TABLE submissions ADD COLUMN public_consent INTEGER NOT NULL DEFAULT 0 CHECK (public_consent IN (0, 1));
ALTER TABLE submissions ADD COLUMN consent_by TEXT;
ALTER TABLE submissions ADD COLUMN consent_at TEXT;
ALTER TABLE submissions ADD COLUMN slug TEXT;
CREATE UNIQUE INDEX submissions_slug ON submissions (edition_id, slug);

CREATE TABLE showcase_member_display (
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  -- 'full': first and last name; 'initial': first name and last initial; 'team': the team's name only.
  name_display TEXT NOT NULL CHECK (name_display IN ('full', 'initial', 'team')),
  show_organization INTEGER NOT NULL DEFAULT 0 CHECK (show_organization IN (0, 1)),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (team_id, user_id)
);

-- One vote per account per edition; moving it updates the row (the last one
-- counts), so a tally is one count over this table and can never hold an
-- account twice. What the review needs is kept with the vote: the client
-- address (CF-Connecting-IP) and its /24 (IPv4) or /64 (IPv6) prefix, when
-- the account was created and its address's domain. Kept 12 months
-- (app/content/legal.ts, "audience-votes"). No foreign keys: a vote is a
-- record of what was cast, and an exclusion must survive a team's change.
CREATE TABLE showcase_votes (
  id TEXT PRIMARY KEY,
  edition_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  team_id TEXT NOT NULL,
  client_ip TEXT NOT NULL,
  ip_prefix TEXT NOT NULL,
  account_created_at TEXT NOT NULL,
  email_domain TEXT NOT NULL,
  -- When the vote first went in, and when it went to this project (a move resets it).
  created_at TEXT NOT NULL,
  cast_at TEXT NOT NULL,
  moves INTEGER NOT NULL DEFAULT 0,
  -- Set by `npm run admin -- exclude-votes`: who, when, the reason as typed and its category.
  excluded_at TEXT,
  excluded_by TEXT,
  excluded_reason TEXT,
  excluded_category TEXT,
  UNIQUE (edition_id, user_id)
);
CREATE INDEX showcase_votes_team ON showcase_votes (edition_id, team_id, cast_at);

-- The anonymized ledger `publish-audience-choice` writes after the close:
-- per project, votes cast, excluded (by reason category, JSON) and final.
-- Names and titles are kept as published, like published_results.
CREATE TABLE showcase_ledger (
  edition_id TEXT NOT NULL,
  team_id TEXT NOT NULL,
  project_title TEXT NOT NULL,
  slug TEXT,
  votes_cast INTEGER NOT NULL,
  -- JSON object: { "<category>": count }.
  votes_excluded TEXT NOT NULL,
  final_count INTEGER NOT NULL,
  published_at TEXT NOT NULL,
  published_by TEXT NOT NULL,
  PRIMARY KEY (edition_id, team_id)
);
