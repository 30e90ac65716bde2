-- Issue 56: the judging report and the vote review kept up to date instead
-- of computed per view.
-- One token that changes whenever anything the report is computed from
-- changes (app/judging/report.server.ts, loadJudgingReport: the submitted
-- projects, the open assignments, the judges, the scores, and the teams'
-- names, which come from teams, their members and the members'
-- registrations). The desk's report and results pages read the token in
-- their own batch and show the report their isolate computed under that
-- token, or compute it again (app/judging/report-cache.server.ts; ADR 020,
-- "The report kept up to date"). The same token keeps what is read from a
-- subset of those tables: the showcase's moderation list and every team of
-- the edition with its name (/organize/showcase, /organize/messages).
--
-- Triggers, not the writers: every write to these tables changes the token
-- in its own statement, whoever writes (the product, a daily job, the CLI,
-- a migration, a test's SQL), so no writer can forget to. A random token,
-- not a counter: two databases (the tests' many, a restored copy) never
-- share one by chance, so an isolate's kept report cannot answer for another
-- database's data. One row per kept computation, by name: the vote review
-- (app/showcase/vote-review.server.ts) is computed from the votes, the
-- projects (which are shown, their titles) and the showcase's ledger.
CREATE TABLE derived_versions (
  name TEXT PRIMARY KEY,
  token TEXT NOT NULL
);

INSERT INTO derived_versions (name, token) VALUES
  ('judging-report', lower(hex(randomblob(16)))),
  ('vote-review', lower(hex(randomblob(16))));

CREATE TRIGGER judging_report_submissions_insert
AFTER INSERT ON submissions
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_submissions_update
AFTER UPDATE ON submissions
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_submissions_delete
AFTER DELETE ON submissions
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_judging_assignments_insert
AFTER INSERT ON judging_assignments
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_judging_assignments_update
AFTER UPDATE ON judging_assignments
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_judging_assignments_delete
AFTER DELETE ON judging_assignments
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_judges_insert
AFTER INSERT ON judges
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_judges_update
AFTER UPDATE ON judges
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_judges_delete
AFTER DELETE ON judges
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_judging_scores_insert
AFTER INSERT ON judging_scores
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_judging_scores_update
AFTER UPDATE ON judging_scores
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_judging_scores_delete
AFTER DELETE ON judging_scores
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_teams_insert
AFTER INSERT ON teams
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_teams_update
AFTER UPDATE ON teams
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_teams_delete
AFTER DELETE ON teams
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_team_members_insert
AFTER INSERT ON team_members
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_team_members_update
AFTER UPDATE ON team_members
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_team_members_delete
AFTER DELETE ON team_members
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_registrations_insert
AFTER INSERT ON registrations
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_registrations_update
AFTER UPDATE ON registrations
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER judging_report_registrations_delete
AFTER DELETE ON registrations
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'judging-report';
END;

CREATE TRIGGER vote_review_showcase_votes_insert
AFTER INSERT ON showcase_votes
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'vote-review';
END;

CREATE TRIGGER vote_review_showcase_votes_update
AFTER UPDATE ON showcase_votes
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'vote-review';
END;

CREATE TRIGGER vote_review_showcase_votes_delete
AFTER DELETE ON showcase_votes
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'vote-review';
END;

CREATE TRIGGER vote_review_submissions_insert
AFTER INSERT ON submissions
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'vote-review';
END;

CREATE TRIGGER vote_review_submissions_update
AFTER UPDATE ON submissions
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'vote-review';
END;

CREATE TRIGGER vote_review_submissions_delete
AFTER DELETE ON submissions
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'vote-review';
END;

CREATE TRIGGER vote_review_showcase_ledger_insert
AFTER INSERT ON showcase_ledger
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'vote-review';
END;

CREATE TRIGGER vote_review_showcase_ledger_update
AFTER UPDATE ON showcase_ledger
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'vote-review';
END;

CREATE TRIGGER vote_review_showcase_ledger_delete
AFTER DELETE ON showcase_ledger
BEGIN
  UPDATE derived_versions SET token = lower(hex(randomblob(16))) WHERE name = 'vote-review';
END;

-- The overview's latest changes (app/organize/desk.server.ts,
-- recentChangesOverview) are the chained rows, newest first: this index
-- finds them without walking past every unchained row after them (the
-- reads of personal data, off the chain since issue 56, and the accounts'
-- own rows), however many there are.
CREATE INDEX events_chained_created ON events (created_at, id) WHERE hash IS NOT NULL;

-- The desk's pages of submitted projects (app/judging/desk-tables.server.ts,
-- /organize/assignments) list them by submission time, fifty at a time: in
-- this order, a page walks fifty index entries instead of sorting every
-- project of the edition on each view (8 ms at 2,000 projects, three times a
-- view).
CREATE INDEX submissions_edition_submitted ON submissions (edition_id, status, submitted_at, team_id);
