-- Issue 52: an organizer looks at the whole public site as it will be on
-- another day of an edition (pretix's "time machine"), a draft's too.
--
-- The preview belongs to ONE desk session: a row here, keyed by the desk
-- session it was started from, and gone with it (signing out, the desk's idle
-- limit). Nothing else can carry it: no header, query string or variable
-- (ADR 003's one clock). The browser keeps only a hint cookie that a preview
-- may exist, so a request without it reads nothing; a forged hint finds no row.
--
-- `edition_id`/`version` name the `edition_versions` row shown in place of
-- (or beside) the published editions; both NULL: the published editions
-- themselves. `preview_at` is the instant the site is shown at. No foreign
-- key to the version: a draft deleted meanwhile simply finds no row, and the
-- session sees the live site again.
CREATE TABLE organizer_session_previews (
  session_id TEXT PRIMARY KEY REFERENCES organizer_sessions (session_id) ON DELETE CASCADE,
  edition_id TEXT,
  version INTEGER,
  preview_at TEXT NOT NULL,
  started_at TEXT NOT NULL,
  CHECK ((edition_id IS NULL) = (version IS NULL))
);
