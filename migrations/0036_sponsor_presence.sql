-- A sponsor's presence on the site (issue 54): what a paid sponsorship's
-- contact gives from /account (the name to show, a website, a short
-- description, a logo) and what the registrar approved of it. One row per
-- sponsorship. The given columns are the sponsor's latest; the shown_*
-- columns are the copy the registrar last approved, the only one the public
-- pages read. A new upload after an approval goes back to review while the
-- approved copy stays shown (docs/decisions/026-sponsors-presence.md).
--
-- Logos live in the site's R2 bucket under a key named after their SHA-256
-- (sponsor-logos/<hash>.<ext>), so a logo's public address never changes
-- meaning and may be cached for good.
CREATE TABLE sponsor_presences (
  sponsorship_id TEXT PRIMARY KEY REFERENCES sponsorships (id) ON DELETE CASCADE,
  edition_id TEXT NOT NULL,
  display_name TEXT NOT NULL DEFAULT '',
  website TEXT,
  description TEXT,
  logo_key TEXT,
  logo_type TEXT,
  logo_width INTEGER,
  logo_height INTEGER,
  -- 'draft': not complete (a logo or a name missing); 'submitted': waiting
  -- for the registrar; 'approved': the given copy is the shown copy;
  -- 'returned': the registrar sent it back with `return_reason`.
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'approved', 'returned')),
  submitted_at TEXT,
  return_reason TEXT,
  reviewed_at TEXT,
  reviewed_by TEXT,
  shown_name TEXT,
  shown_website TEXT,
  shown_description TEXT,
  shown_logo_key TEXT,
  shown_logo_type TEXT,
  shown_logo_width INTEGER,
  shown_logo_height INTEGER,
  approved_at TEXT,
  updated_at TEXT NOT NULL
);

CREATE INDEX sponsor_presences_status ON sponsor_presences (edition_id, status);
CREATE INDEX sponsor_presences_shown_logo ON sponsor_presences (shown_logo_key);
