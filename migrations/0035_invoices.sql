-- Issue 53 (ADR 025): organizations pay by invoice, with a purchase order.
--
-- One row per invoice request. It is written before Stripe is called
-- ('draft'), so a retry after a failure half way finds it and repeats the
-- same idempotent Stripe calls; the key the request form carries is unique,
-- so a double submit finds the first request. The record it pays for
-- (a Workforce registration or a sponsorship) stays 'pending' until the
-- invoice is paid, and is fulfilled on the same guarded path as a card
-- payment. `amount_cents` is the server's price at the request.
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  edition_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  record_kind TEXT NOT NULL CHECK (record_kind IN ('registration', 'sponsorship')),
  record_id TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  stripe_invoice_id TEXT UNIQUE,
  stripe_customer_id TEXT,
  hosted_url TEXT,
  number TEXT,
  item TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  billing_email TEXT NOT NULL,
  billing_name TEXT NOT NULL,
  legal_name TEXT NOT NULL,
  address TEXT NOT NULL,
  po_number TEXT,
  tax_exempt INTEGER NOT NULL DEFAULT 0 CHECK (tax_exempt IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'open', 'paid', 'void', 'uncollectible')),
  due_at TEXT,
  -- Set once, by invoice.overdue or the daily job, while the invoice is open.
  overdue_at TEXT,
  paid_at TEXT,
  -- A cheque or a transfer received outside Stripe: who recorded it, the day received, its reference.
  paid_outside_by TEXT,
  paid_outside_on TEXT,
  paid_outside_reference TEXT,
  ended_at TEXT,
  end_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX invoices_edition_status ON invoices (edition_id, status, due_at);
CREATE INDEX invoices_record ON invoices (record_kind, record_id);
CREATE INDEX invoices_user ON invoices (user_id, created_at);

-- The local stand-in's invoices (no STRIPE_SECRET_KEY): /dev/checkout/invoice/:id.
CREATE TABLE dev_invoices (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  customer_email TEXT NOT NULL,
  customer_name TEXT NOT NULL,
  description TEXT NOT NULL,
  amount_due INTEGER NOT NULL,
  po_number TEXT,
  -- JSON object of string values, as Stripe's metadata.
  metadata TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'void', 'uncollectible')),
  paid_out_of_band INTEGER NOT NULL DEFAULT 0,
  -- Unix seconds, as Stripe's due_date.
  due_date INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
