-- A recognized organization's listing on /employer-recognition (issue 54):
-- what its owner or a co-administrator gives on the organization dashboard
-- (the name to show, a website, a logo) and what the registrar approved of
-- it. One row per organization (a paid Workforce registration); a row
-- exists only while the organization consents: unlisting deletes it, and
-- so does removing the organization (ON DELETE CASCADE) or deleting its
-- owner's account (app/account/delete.server.ts). As sponsors' presences
-- (0036), the given columns are the latest; the shown_* columns are the
-- copy the registrar last approved, the only one the public page reads.
-- The tier is never stored: it is the count of employees enrolled with the
-- company code, read with the listing (app/organization/tier.ts).
--
-- Logos live in the site's R2 bucket under organization-logos/<sha256>.<ext>,
-- checked as sponsors' logos are (app/sponsors/logo.server.ts).
CREATE TABLE organization_listings (
  organization_id TEXT PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
  edition_id TEXT NOT NULL,
  display_name TEXT NOT NULL,
  website TEXT,
  logo_key TEXT,
  logo_type TEXT,
  logo_width INTEGER,
  logo_height INTEGER,
  -- 'submitted': waiting for the registrar; 'approved': the given copy is
  -- the shown copy; 'returned': the registrar sent it back with `return_reason`.
  status TEXT NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'approved', 'returned')),
  submitted_at TEXT NOT NULL,
  return_reason TEXT,
  reviewed_at TEXT,
  reviewed_by TEXT,
  shown_name TEXT,
  shown_website TEXT,
  shown_logo_key TEXT,
  shown_logo_type TEXT,
  shown_logo_width INTEGER,
  shown_logo_height INTEGER,
  approved_at TEXT,
  updated_at TEXT NOT NULL
);

CREATE INDEX organization_listings_status ON organization_listings (edition_id, status);
CREATE INDEX organization_listings_shown_logo ON organization_listings (shown_logo_key);
