-- Every edition on one database (issue 23). Registrations, sponsorships and
-- company codes belong to the edition they were bought for, as teams and
-- submissions already do (0009): a 2026 registration must not open the 2027
-- portal, and a 2026 company code must not enroll anyone into 2027.
-- Every row written before this migration was written during the 2026
-- edition, the only one published then, so the default backfills them.
-- The application always writes the column itself (from the clock at
-- purchase, or from the organization's registration for a code); the
-- default only covers the rows already here.
ALTER TABLE registrations ADD COLUMN edition_id TEXT NOT NULL DEFAULT '2026';
ALTER TABLE sponsorships ADD COLUMN edition_id TEXT NOT NULL DEFAULT '2026';
ALTER TABLE company_codes ADD COLUMN edition_id TEXT NOT NULL DEFAULT '2026';

-- Access decisions ask "this account's enrollment in this edition"; the
-- dashboard asks "this organization's employees in this edition".
CREATE INDEX registrations_user_edition ON registrations (user_id, edition_id);
CREATE INDEX registrations_organization_edition ON registrations (organization_registration_id, edition_id);
CREATE INDEX sponsorships_edition ON sponsorships (edition_id, status);
