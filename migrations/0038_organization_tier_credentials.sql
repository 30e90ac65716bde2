-- An organization's recognition tier as a credential (issue 54, ADR 028).
--
-- The tier designation is an Open Badges 3.0 credential like the others: a
-- row of `credentials`, so it takes a position in the same Bitstring Status
-- Lists, is signed with the same key, and has its page at /credentials/:id.
-- Its holder is the organization (a paid Workforce registration), written
-- in `user_id` as 'organization:' || registrations.id, as a deleted
-- account's credentials are 'deleted:' || id: no account has such an id, so
-- nothing that reads a person's credentials by account ever sees one.
--
-- Two rules of the table change, which SQLite only allows by rebuilding it:
-- - `source` gains 'tier': issued because the count of employees enrolled
--   with the company code reached a tier (app/organization/tier-credential.server.ts);
-- - a person's credential stays unique per edition, achievement and holder,
--   but an organization may earn the same tier again after it was revoked
--   (an employee removed, then another enrolled): for tier credentials the
--   rule is one live credential per organization per edition, whatever the
--   tier. Revocation is one-way (status purpose "revocation"), so a tier
--   earned again is a new credential with a new status position.
--
-- Credentials are never deleted (a deleted account's are anonymized), so the
-- largest `seq` copied is the last one AUTOINCREMENT gave, and the rebuilt
-- table's sequence continues from it: no status position is ever reused.
CREATE TABLE credentials_rebuilt (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  edition_id TEXT NOT NULL,
  achievement TEXT NOT NULL,
  user_id TEXT NOT NULL,
  team_id TEXT,
  source TEXT NOT NULL CHECK (source IN ('import', 'deadline', 'results', 'tier')),
  earned_at TEXT NOT NULL,
  issued_at TEXT NOT NULL,
  -- A person's address and the salt of its identityHash; '' for an
  -- organization, which the credential names by its id and name instead.
  recipient_email TEXT NOT NULL,
  recipient_salt TEXT NOT NULL,
  is_public INTEGER NOT NULL DEFAULT 1 CHECK (is_public IN (0, 1)),
  signed_json TEXT,
  signed_at TEXT,
  revoked_at TEXT,
  revoked_reason TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  proof_checked_at TEXT,
  revoked_by TEXT
);

INSERT INTO credentials_rebuilt (
  seq, id, edition_id, achievement, user_id, team_id, source, earned_at, issued_at,
  recipient_email, recipient_salt, is_public, signed_json, signed_at, revoked_at,
  revoked_reason, created_at, proof_checked_at, revoked_by
)
SELECT
  seq, id, edition_id, achievement, user_id, team_id, source, earned_at, issued_at,
  recipient_email, recipient_salt, is_public, signed_json, signed_at, revoked_at,
  revoked_reason, created_at, proof_checked_at, revoked_by
FROM credentials;

DROP TABLE credentials;
ALTER TABLE credentials_rebuilt RENAME TO credentials;

CREATE INDEX credentials_user ON credentials (user_id);
-- A person's credential, once per edition, achievement and holder (0016's rule).
CREATE UNIQUE INDEX credentials_once_per_holder ON credentials (edition_id, achievement, user_id)
  WHERE source <> 'tier';
-- One live tier credential per organization per edition: the issuance's
-- INSERT … ON CONFLICT DO NOTHING makes a second, concurrent one a no-op.
CREATE UNIQUE INDEX credentials_one_live_tier ON credentials (edition_id, user_id)
  WHERE source = 'tier' AND revoked_at IS NULL;
