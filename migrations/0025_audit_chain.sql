-- Issue 50 (the fourth audit, Low 3): the audit log's rows are chained.
--
-- The append-only triggers of 0019 refuse UPDATE and a young DELETE, but
-- `INSERT OR REPLACE` with an existing id deletes and rewrites a row without
-- firing either (SQLite runs no DELETE trigger for REPLACE). A row's id is
-- never given twice: an INSERT naming an id that exists is refused before
-- the conflict is resolved.
CREATE TRIGGER organizer_events_never_replaced
BEFORE INSERT ON organizer_events
WHEN NEW.id IS NOT NULL AND EXISTS (SELECT 1 FROM organizer_events WHERE id = NEW.id)
BEGIN
  SELECT RAISE(ABORT, 'organizer_events rows are never replaced');
END;

-- Each row written from now on names the row before it and carries a
-- SHA-256 of its own content and that row's hash (D1 has no SHA function:
-- the worker computes both, app/organize/audit-chain.server.ts), so a row
-- rewritten or deleted in the middle shows when /organize/audit/chain
-- verifies the log. `prev_hash` repeats the previous row's hash so the first
-- row left after the retention job has removed older ones still verifies.
-- Rows written before this migration have none: the chain starts after them.
ALTER TABLE organizer_events ADD COLUMN prev_id INTEGER;
ALTER TABLE organizer_events ADD COLUMN prev_hash TEXT;
ALTER TABLE organizer_events ADD COLUMN hash TEXT;

-- Two writers that read the same last row cannot both append after it: the
-- second batch fails here and its writer reads the last row again.
CREATE UNIQUE INDEX organizer_events_prev ON organizer_events (prev_id);
