-- Hardening from the audit (issue 16, docs/decisions/008-hardening-from-an-audit.md).
-- Only additions, so the previous release keeps running on this schema.

-- Money coming back after payment. The status stays 'paid' (the record was
-- paid); these say what happened since. A full refund, an open dispute or a
-- lost one revokes a Workforce Package's company code; a won dispute restores it.
ALTER TABLE registrations ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE registrations ADD COLUMN refunded_at TEXT;
-- NULL (never disputed), 'open', 'won' or 'lost'.
ALTER TABLE registrations ADD COLUMN dispute_status TEXT CHECK (dispute_status IN ('open', 'won', 'lost'));
ALTER TABLE registrations ADD COLUMN disputed_at TEXT;
CREATE INDEX registrations_payment_intent ON registrations (payment_intent_id);

ALTER TABLE sponsorships ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sponsorships ADD COLUMN refunded_at TEXT;
ALTER TABLE sponsorships ADD COLUMN dispute_status TEXT CHECK (dispute_status IN ('open', 'won', 'lost'));
ALTER TABLE sponsorships ADD COLUMN disputed_at TEXT;
CREATE INDEX sponsorships_payment_intent ON sponsorships (payment_intent_id);

-- Why a code was revoked: 'refund' and 'dispute' are the payment's doing
-- (a won dispute restores a 'dispute' revocation); NULL is an operator's regeneration.
ALTER TABLE company_codes ADD COLUMN revoked_reason TEXT;

-- A dead notification is queued once more by the sweep (after an outage longer
-- than the queue's retries); this records that it was, so it happens once.
ALTER TABLE notifications ADD COLUMN auto_requeued_at TEXT;

-- Failed sign-ins, for the per-address ceiling of the lockout rule
-- (app/lib/auth-rate-limit.server.ts). Rows older than the window are deleted
-- as new ones arrive; client is an IPv4 address or an IPv6 /64.
CREATE TABLE sign_in_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  client TEXT NOT NULL,
  failed_at TEXT NOT NULL
);
CREATE INDEX sign_in_failures_email ON sign_in_failures (email, failed_at);
CREATE INDEX sign_in_failures_failed_at ON sign_in_failures (failed_at);

-- The local stand-in checkout honours expires_at as Stripe does (Unix seconds; NULL: never).
ALTER TABLE dev_checkout_sessions ADD COLUMN expires_at INTEGER;
