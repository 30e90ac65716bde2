-- Issue 22, the second audit.
--
-- Co-administrator invitations are capped per recipient and per inviter over
-- 24 hours (app/organization/admins.server.ts): every row counts, cancelled
-- ones too, so these indexes serve the two counts.
CREATE INDEX organization_admin_invitations_email ON organization_admin_invitations (email, created_at);
CREATE INDEX organization_admin_invitations_invited_by ON organization_admin_invitations (invited_by, created_at);
