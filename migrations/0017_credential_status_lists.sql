-- Credentials that every verifier accepts (issue 31, ADR 017).
--
-- Each Bitstring Status List as last signed: served as it is while the list
-- has not changed, and signed again only when it has (a revocation, a new
-- signing key). `fingerprint` is what the signature covers that can change:
-- the revoked positions, validFrom (the list's last change), the key and the
-- site's origin. Derived data: deleting a row only costs one signature.
CREATE TABLE credential_status_lists (
  list INTEGER PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  signed_json TEXT NOT NULL,
  signed_at TEXT NOT NULL
);

-- When this site's verifier confirmed `signed_json`'s proof against the keys
-- it publishes (right after signing): a credential page then shows that result
-- instead of verifying its own signature again on every view (issue 34).
-- Revocation and dates are never cached: they are read on each view.
ALTER TABLE credentials ADD COLUMN proof_checked_at TEXT;
