-- Open Badges 3.0 credentials (issue 26, ADR 016).
--
-- One row per credential: the facts fixed at issuance (who, what, when, the
-- recipient's e-mail as it was, the salt of its hash, the issuance instant),
-- written by the admin CLI or the daily job, which cannot sign (they hold no
-- key). The worker signs the credential the first time it is served, from
-- these facts only, and keeps the signed JSON in `signed_json`: Ed25519 is
-- deterministic, so signing again would give the same bytes.
--
-- `seq` is the credential's index in the Bitstring Status List (list number
-- seq / list size + 1, app/content/credentials.ts); revocation sets
-- revoked_at and flips that bit.
CREATE TABLE credentials (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  -- The public id (/credentials/:id): 32 random hex characters.
  id TEXT NOT NULL UNIQUE,
  edition_id TEXT NOT NULL,
  -- An achievement id of app/content/credentials.ts: ai-communicator,
  -- ai-creator, ai-builder, ai-innovator, finalist, or an award id.
  achievement TEXT NOT NULL,
  -- No foreign key: a deleted account's credentials are deleted with it by
  -- app/account/delete.server.ts, not left dangling (and published results
  -- outlive teams).
  user_id TEXT NOT NULL,
  -- The team whose project earned it (AI Innovator, finalist, awards).
  team_id TEXT,
  source TEXT NOT NULL CHECK (source IN ('import', 'deadline', 'results')),
  -- The completion date (imports, YYYY-MM-DD) or the instant it was earned.
  earned_at TEXT NOT NULL,
  -- validFrom and the proof's `created`: fixed when the row is written.
  issued_at TEXT NOT NULL,
  -- The e-mail the credential was issued to, and the salt of its identityHash.
  recipient_email TEXT NOT NULL,
  recipient_salt TEXT NOT NULL,
  -- 1 = anyone with the link sees /credentials/:id; 0 = only its holder.
  is_public INTEGER NOT NULL DEFAULT 1 CHECK (is_public IN (0, 1)),
  signed_json TEXT,
  signed_at TEXT,
  revoked_at TEXT,
  revoked_reason TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (edition_id, achievement, user_id)
);
CREATE INDEX credentials_user ON credentials (user_id);

-- Every completion an import read, as the training provider sent it, so a
-- second import of the same file changes nothing and the record says where
-- each certification came from.
CREATE TABLE credential_completions (
  edition_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  achievement TEXT NOT NULL,
  completed_on TEXT NOT NULL,
  imported_at TEXT NOT NULL,
  PRIMARY KEY (edition_id, user_id, achievement)
);
