-- Showcase moderation and late-submission exceptions (issue 33).

-- A project a coordinator hid from the public gallery: while hidden_at is
-- set, the showcase, its project pages, the sitemap and the vote act as if
-- the project were not there (app/showcase/projects.server.ts `shownIn`);
-- the team reads the reason on /portal. Showing it again clears the three
-- columns; each change has its audit row (`showcase.hide`, `showcase.show`).
ALTER TABLE submissions ADD COLUMN hidden_at TEXT;
ALTER TABLE submissions ADD COLUMN hidden_by TEXT;
ALTER TABLE submissions ADD COLUMN hidden_reason TEXT;

-- One team's own submission deadline (a late-submission exception),
-- proposed by one organizer and confirmed by a second director
-- (`deadlines.extend`, the two-person rule). One row per team and edition:
-- a later exception replaces the earlier one. `until` is the instant the
-- team's deadline has passed (ISO 8601, UTC), like an edition's `closesAt`.
CREATE TABLE deadline_extensions (
  edition_id TEXT NOT NULL,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  until TEXT NOT NULL,
  hours INTEGER NOT NULL CHECK (hours > 0),
  reason TEXT NOT NULL,
  granted_by TEXT NOT NULL,
  granted_at TEXT NOT NULL,
  proposal_id TEXT,
  PRIMARY KEY (edition_id, team_id)
);
