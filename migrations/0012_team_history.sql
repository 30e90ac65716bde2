-- The second audit (issue 22, docs/decisions/008-hardening-from-an-audit.md).
--
-- team_events: a team's history, which its members see on /portal. Only the
-- lead may delete the team's draft (files others uploaded included), and the
-- deletion is written here in the same batch. ON DELETE CASCADE: a team's
-- history goes with the team (retention, a solo project deleted).
CREATE TABLE team_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  actor_user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('draft_deleted')),
  -- JSON: what went (components, file names); never file contents.
  detail TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX team_events_team ON team_events (team_id, created_at);

-- recovery_code_flashes: "show the recovery codes" once. The signed cookie
-- only carries a row's id; the first GET of /account deletes the row and
-- shows the codes, so a replayed cookie finds nothing. Rows expire after a
-- few minutes and are deleted with the account.
CREATE TABLE recovery_code_flashes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX recovery_code_flashes_user ON recovery_code_flashes (user_id);
