-- Issue 50 (the fourth audit): a proposal's confirmation names the request
-- that confirmed it. The confirming batch's guard checked the confirmer and
-- the millisecond only, so two confirmations by one director in the same
-- millisecond could both pass it and run the action twice; the guard now
-- checks this id, which only one request knows.
ALTER TABLE organizer_proposals ADD COLUMN confirmation_id TEXT;
