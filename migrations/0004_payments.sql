-- Paid registration and sponsorship (issue 8, docs/payments.md).
-- Money is integer cents (USD). Statuses move only forward:
--   pending → paid | expired | failed   (a Checkout Session was started)
--   enrolled                            (an individual covered by a company code: no payment)
-- A row is written before its Checkout Session exists, so checkout_session_id is
-- NULL for a moment (and stays NULL if Stripe refused the session).

CREATE TABLE registrations (
  id TEXT PRIMARY KEY,
  -- better-auth's user id; no foreign key so accounts and payments migrate independently.
  user_id TEXT NOT NULL,
  registration_type TEXT NOT NULL CHECK (registration_type IN ('individual', 'workforce')),
  -- The plan the server priced (same as registration_type today; kept apart for future plans).
  plan TEXT NOT NULL CHECK (plan IN ('individual', 'workforce')),
  pricing_phase TEXT NOT NULL CHECK (pricing_phase IN ('earlyBird', 'regular')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency TEXT NOT NULL DEFAULT 'usd',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'failed', 'enrolled')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  -- NULL when empty (SPEC.md §3).
  company_name TEXT,
  -- The company code an individual entered (normalized), NULL when empty.
  employer_code TEXT,
  -- Workforce only.
  title TEXT,
  employer_website TEXT,
  -- An individual enrolled through a company code: the organization's (workforce) registration.
  organization_registration_id TEXT REFERENCES registrations (id),
  checkout_session_id TEXT UNIQUE,
  payment_intent_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  paid_at TEXT
);
CREATE INDEX registrations_user_id ON registrations (user_id);
CREATE INDEX registrations_status_plan ON registrations (status, plan);
CREATE INDEX registrations_organization ON registrations (organization_registration_id);

CREATE TABLE sponsorships (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  tier TEXT NOT NULL CHECK (tier IN ('platinum', 'gold', 'silver', 'bronze')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency TEXT NOT NULL DEFAULT 'usd',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'failed')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  title TEXT NOT NULL,
  company_name TEXT NOT NULL,
  company_url TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  checkout_session_id TEXT UNIQUE,
  payment_intent_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  paid_at TEXT
);
CREATE INDEX sponsorships_status_tier ON sponsorships (status, tier);

-- Company (organization enrollment) codes: one live code per paid Workforce
-- registration, issued in the fulfilment batch. A regenerated code revokes the
-- old one (revoked_at) and inserts a new row; only live codes enrol anyone.
CREATE TABLE company_codes (
  code TEXT PRIMARY KEY,
  registration_id TEXT NOT NULL REFERENCES registrations (id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  revoked_at TEXT
);
-- At most one live code per organization: a second fulfilment cannot add another.
CREATE UNIQUE INDEX company_codes_live_per_registration ON company_codes (registration_id) WHERE revoked_at IS NULL;

-- Stripe webhook events already processed: a redelivered event is acknowledged and ignored.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  checkout_session_id TEXT,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The local stand-in for Stripe Checkout (no STRIPE_SECRET_KEY; never in
-- production): the sessions /dev/checkout/:id shows and completes.
CREATE TABLE dev_checkout_sessions (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  client_reference_id TEXT NOT NULL,
  -- JSON object, as Stripe's metadata.
  metadata TEXT NOT NULL,
  description TEXT NOT NULL,
  amount_total INTEGER NOT NULL,
  currency TEXT NOT NULL,
  customer_email TEXT NOT NULL,
  success_url TEXT NOT NULL,
  cancel_url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status TEXT NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('paid', 'unpaid')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
