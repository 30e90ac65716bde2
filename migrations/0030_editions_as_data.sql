-- Issue 52 (ADR 024): an edition is data the organizers' desk owns.
--
-- Every change to an edition is a new row of `edition_versions`, never an
-- update of an old one: the version a person relied on (recorded with their
-- registration or payment) stays readable for ever. `document` is the whole
-- edition as JSON (app/editions/document.ts: instants as ISO strings), so one
-- row is one complete, checkable edition. A version is drafted, proposed
-- (the two-person rule, ADR 018) and published; `editions.published_version`
-- names the version the public site shows. `edition_catalog.version` rises
-- with every publication: each isolate keeps the published editions in memory
-- and reloads them only when this number has moved (app/editions/cache.server.ts).
CREATE TABLE editions (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  published_version INTEGER
);

CREATE TABLE edition_versions (
  edition_id TEXT NOT NULL REFERENCES editions(id),
  version INTEGER NOT NULL,
  document TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'proposed', 'published', 'superseded')),
  -- The version this one was drafted from (NULL for an edition's first).
  based_on INTEGER,
  -- The counsel-reviewed version of the contest rules this version publishes (ADR 010).
  rules_version TEXT,
  -- One line a director wrote: what changed and why ("storm: submission +2 days").
  note TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  published_at TEXT,
  published_by TEXT,
  PRIMARY KEY (edition_id, version)
);

CREATE TABLE edition_catalog (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO edition_catalog (id, version) VALUES (1, 1);

-- A published version is a fact people relied on: never rewritten or removed.
CREATE TRIGGER edition_versions_published_kept
BEFORE UPDATE OF document ON edition_versions
WHEN OLD.state IN ('published', 'superseded')
BEGIN
  SELECT RAISE(ABORT, 'a published edition version is never rewritten');
END;

CREATE TRIGGER edition_versions_never_deleted
BEFORE DELETE ON edition_versions
WHEN OLD.state IN ('published', 'superseded')
BEGIN
  SELECT RAISE(ABORT, 'a published edition version is never deleted');
END;
