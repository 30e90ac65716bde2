-- Issue 56: the desk's overview counts an edition's registrations by status
-- (paid ones by plan and pricing phase, employees enrolled, the paid
-- Workforce Packages that are its organizations). The only index on status
-- led with it alone, so each count walked every paid registration of every
-- edition and read its row for the rest: the overview grew with the
-- edition. Led by the edition and the status, with the columns those counts
-- group and filter by, an organization's count and its first rows are found
-- in the index, whatever the number of individual registrations beside them.
CREATE INDEX registrations_edition_status ON registrations (edition_id, status, registration_type, plan, pricing_phase);
