-- "Handled" on the organizers' desk (issue 33): a contact message or a
-- judge/advisor interest form an organizer has dealt with, who (as the desk
-- records an actor: "organizer:<email>") and when (the worker's clock).
-- Both NULL while it waits; reopening clears both. Each change also writes
-- its row of the audit log (contacts.handle, interests.handle).
ALTER TABLE contact_submissions ADD COLUMN handled_at TEXT;
ALTER TABLE contact_submissions ADD COLUMN handled_by TEXT;
ALTER TABLE judge_advisor_interests ADD COLUMN handled_at TEXT;
ALTER TABLE judge_advisor_interests ADD COLUMN handled_by TEXT;
