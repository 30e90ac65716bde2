-- Issue 22, the second audit: team invitations are capped per recipient and
-- per inviter per Mountain-Time day (app/content/portal.ts). Counting
-- team_invitations rows would forget a team's invitations when the team row
-- goes (ON DELETE CASCADE: a draft deleted, the last member gone), so each
-- invitation sent is also logged here, with no foreign key. Rows older than
-- the day before are pruned as new ones arrive: the log holds an invited
-- address for at most two days.

CREATE TABLE team_invitation_sends (
  -- Lower-cased, as team_invitations.email.
  email TEXT NOT NULL,
  invited_by TEXT NOT NULL,
  -- The Mountain-Time date the invitation was sent, "2026-02-10".
  day TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX team_invitation_sends_email ON team_invitation_sends (email, day);
CREATE INDEX team_invitation_sends_inviter ON team_invitation_sends (invited_by, day);
