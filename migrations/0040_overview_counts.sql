-- Issue 56: the desk's overview counts an edition's registrations by status
-- (paid ones by plan and pricing phase, employees enrolled, the paid
-- Workforce Packages that are its organizations). The only index on status
-- led with it alone, so each count walked every paid registration of every
-- edition and read its row for the rest: the overview grew with the
-- edition. Led by the edition and the status, with the columns those counts
-- group and filter by, an organization's count and its first rows are found
-- in the index, whatever the number of individual registrations beside them.
CREATE INDEX registrations_edition_status ON registrations (edition_id, status, registration_type, plan, pricing_phase);

-- Its judges' block likewise: the active judges of an edition and its
-- invitations still open, each a partial index of just those rows, so the
-- count reads no row of a judge who left or an invitation answered.
CREATE INDEX judges_active ON judges (edition_id) WHERE left_at IS NULL;
CREATE INDEX judge_invitations_open ON judge_invitations (edition_id, expires_at) WHERE accepted_at IS NULL AND revoked_at IS NULL;
