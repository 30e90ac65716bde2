-- The third audit (issue 31, ADR 017).
--
-- Each change of an account's display name (the name beside its credentials),
-- so /account can allow a few in a window (app/content/limits.ts
-- displayNameChanges) and say when the next one is possible. Rows older than
-- the window are pruned as new ones arrive; the account's deletion takes the
-- rest (app/account/delete.server.ts, and the foreign key).
CREATE TABLE display_name_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  changed_at TEXT NOT NULL
);
CREATE INDEX display_name_changes_user ON display_name_changes (user_id, changed_at);
