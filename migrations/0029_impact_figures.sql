-- Issue 55 (ADR 023): each edition's impact figures as they stood at its end.
--
-- The running edition's figures are counted live on every read, from the same
-- rules the organizers' desk counts with. Once an edition is over, the daily
-- job writes its figures here one last time (`final` = 1) and never again: a
-- later account deletion removes the person's rows, not the edition's totals.
-- Until then the job keeps the row current each day. `json` is an
-- EditionFigures (app/impact/figures.ts); `scope` is 'edition' (one row per
-- edition), room for other scopes later.
CREATE TABLE impact_figures (
  edition_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  json TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  final INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (edition_id, scope)
);
