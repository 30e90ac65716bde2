-- The organization dashboard (issue 14, docs/payments.md "The organization dashboard").
--
-- 1. registrations.status gains 'removed': an administrator took an employee
--    out of the organization, which ends their free enrolment. SQLite cannot
--    change a CHECK constraint in place, so the table is rebuilt with the same
--    columns (as of 0006) and indexes: copied aside, dropped, created anew
--    under its own name, filled back. Foreign keys that point at it
--    (company_codes, organization_registration_id) name the table, so they
--    follow the new one. D1 enforces foreign keys; deferring them lets the
--    drop's implicit delete wait until the rows are back (SQLite counts each
--    child left without a parent and counts it off when the parent row is
--    inserted again), so the commit finds nothing amiss. Renaming a rebuilt
--    copy instead would leave that count up and fail the commit on any
--    database with a company code.
--    A migration that adds a column to registrations before this one must add
--    it to the CREATE TABLE and both column lists below.
PRAGMA defer_foreign_keys = true;

CREATE TABLE registrations_0008_copy AS SELECT * FROM registrations;
DROP TABLE registrations;

CREATE TABLE registrations (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  registration_type TEXT NOT NULL CHECK (registration_type IN ('individual', 'workforce')),
  plan TEXT NOT NULL CHECK (plan IN ('individual', 'workforce')),
  pricing_phase TEXT NOT NULL CHECK (pricing_phase IN ('earlyBird', 'regular')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency TEXT NOT NULL DEFAULT 'usd',
  -- enrolled → removed: an organization's administrator removed the employee.
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'failed', 'enrolled', 'removed')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  company_name TEXT,
  employer_code TEXT,
  title TEXT,
  employer_website TEXT,
  organization_registration_id TEXT REFERENCES registrations (id),
  checkout_session_id TEXT UNIQUE,
  payment_intent_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  paid_at TEXT,
  refunded_cents INTEGER NOT NULL DEFAULT 0,
  refunded_at TEXT,
  dispute_status TEXT CHECK (dispute_status IN ('open', 'won', 'lost')),
  disputed_at TEXT
);

INSERT INTO registrations (
  id, user_id, registration_type, plan, pricing_phase, amount_cents, currency, status,
  first_name, last_name, email, phone, company_name, employer_code, title, employer_website,
  organization_registration_id, checkout_session_id, payment_intent_id, created_at, updated_at, paid_at,
  refunded_cents, refunded_at, dispute_status, disputed_at
)
SELECT
  id, user_id, registration_type, plan, pricing_phase, amount_cents, currency, status,
  first_name, last_name, email, phone, company_name, employer_code, title, employer_website,
  organization_registration_id, checkout_session_id, payment_intent_id, created_at, updated_at, paid_at,
  refunded_cents, refunded_at, dispute_status, disputed_at
FROM registrations_0008_copy;

DROP TABLE registrations_0008_copy;
CREATE INDEX registrations_user_id ON registrations (user_id);
CREATE INDEX registrations_status_plan ON registrations (status, plan);
CREATE INDEX registrations_organization ON registrations (organization_registration_id);
CREATE INDEX registrations_payment_intent ON registrations (payment_intent_id);

-- 2. Co-administrators: accounts the buyer (registrations.user_id) lets manage
--    the organization. The buyer is never a row here and cannot be removed.
CREATE TABLE organization_admins (
  registration_id TEXT NOT NULL REFERENCES registrations (id),
  -- better-auth's user id; no foreign key, as registrations.user_id.
  user_id TEXT NOT NULL,
  added_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (registration_id, user_id)
);
CREATE INDEX organization_admins_user ON organization_admins (user_id);

-- Invitations to become a co-administrator: single use, expiring. Only the
-- SHA-256 (hex) of the link's token is stored; the token itself exists only
-- in the e-mail.
CREATE TABLE organization_admin_invitations (
  id TEXT PRIMARY KEY,
  registration_id TEXT NOT NULL REFERENCES registrations (id),
  -- Lower-cased; only the account with this (verified) address may accept.
  email TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  accepted_by TEXT,
  revoked_at TEXT
);
CREATE INDEX organization_admin_invitations_registration ON organization_admin_invitations (registration_id);

-- Invitations sent to employees (the e-mail with the code and the link to
-- /register): what the daily limit counts and what "already invited today" reads.
-- day is the Mountain-Time date (YYYY-MM-DD) the invitation was sent on.
CREATE TABLE organization_employee_invitations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  registration_id TEXT NOT NULL REFERENCES registrations (id),
  email TEXT NOT NULL,
  day TEXT NOT NULL,
  invited_by TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX organization_employee_invitations_daily ON organization_employee_invitations (registration_id, day, email);

-- The audit log of every administrator's change: who (actor_user_id), when,
-- what (action: code_regenerated, employees_invited, employee_removed,
-- admin_invited, admin_invitation_cancelled, admin_added, admin_removed) and
-- a JSON detail. A company code is never written here.
CREATE TABLE organization_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  registration_id TEXT NOT NULL REFERENCES registrations (id),
  actor_user_id TEXT NOT NULL,
  action TEXT NOT NULL,
  detail TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX organization_events_registration ON organization_events (registration_id, created_at);
