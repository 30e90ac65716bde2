-- Messages from the organizers' desk (issue 33): an announcement to a segment
-- (the next-edition list, the edition's registrants, participants, teams that
-- submitted, finalists, judges, organization admins) or a message to one
-- team. One row per announcement, written with its first batch of e-mails;
-- the e-mails themselves are outbox rows with the id
-- "announcement:<id>:<recipient key>", so a rerun never writes one twice and
-- the desk counts them (queued, sent, failed, dead) by that id range.
CREATE TABLE announcements (
  -- A hash of the segment, edition and text (app/notifications/announcements.server.ts):
  -- the same announcement sent again continues rather than doubles.
  id TEXT PRIMARY KEY,
  -- NULL for the next-edition list, which belongs to no edition.
  edition_id TEXT,
  -- A segment of app/content/organize.ts's messagesDesk, or 'team'.
  segment TEXT NOT NULL,
  -- The team of a message to one team; NULL otherwise.
  team_id TEXT,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  -- "organizer:<email>", as the desk's other who-columns.
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- The last batch written, and when every recipient had their e-mail.
  last_batch_at TEXT NOT NULL,
  finished_at TEXT,
  -- E-mails written so far (one per recipient; the outbox says which went out).
  written INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX announcements_created_at ON announcements (created_at);
