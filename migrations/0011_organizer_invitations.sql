-- Issue 22, the second audit.
--
-- Co-administrator invitations are capped per recipient and per inviter over
-- 24 hours (app/organization/admins.server.ts): every row counts, cancelled
-- ones too, so these indexes serve the two counts.
CREATE INDEX organization_admin_invitations_email ON organization_admin_invitations (email, created_at);
CREATE INDEX organization_admin_invitations_invited_by ON organization_admin_invitations (invited_by, created_at);

-- A sign-up again with a confirmed next-edition address no longer changes the
-- entry: the name and interests it asks for wait here until the address's
-- owner follows the confirmation link e-mailed to it (app/next-edition/list.server.ts).
-- pending_interests is a JSON array like interests; both NULL when nothing waits.
ALTER TABLE next_edition_subscribers ADD COLUMN pending_name TEXT;
ALTER TABLE next_edition_subscribers ADD COLUMN pending_interests TEXT;
