-- Who revoked a credential (issue 33): revocation moves from the admin CLI's
-- SQL to the organizers' desk (credentials.revoke), which records the
-- organizer as its other who-columns do (`organizer:<e-mail>`). Rows revoked
-- before this migration keep NULL: the CLI recorded no one.
ALTER TABLE credentials ADD COLUMN revoked_by TEXT;
