-- Interest forms sent through /judge-advisor-register (SPEC.md §3, issue 7).
-- Only signed-in visitors can send one; user_id says who (kept if the account
-- is deleted, as the organizers still need the offer).
CREATE TABLE judge_advisor_interests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT REFERENCES "user" (id) ON DELETE SET NULL,
  role TEXT NOT NULL CHECK (role IN ('judge', 'advisor')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  organization TEXT NOT NULL,
  title TEXT NOT NULL,
  -- NULL when left empty.
  linkedin TEXT,
  expertise TEXT NOT NULL,
  experience TEXT NOT NULL,
  motivation TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX judge_advisor_interests_created_at ON judge_advisor_interests (created_at);
