-- The next-edition list (issue 11): visitors who asked to hear when the next
-- edition opens. Double opt-in: a row starts 'unconfirmed' and joins the list
-- only when its signed confirmation link is followed. One row per address
-- (stored lower-cased), so the same address twice merges its interests.
-- The retention job (app/lib/retention.server.ts) deletes unconfirmed rows
-- and unsubscribed ones after the periods in app/content/legal.ts.
CREATE TABLE next_edition_subscribers (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  -- NULL when left empty.
  name TEXT,
  -- JSON array of interest keys (app/content/next-edition.ts), sorted.
  interests TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'unconfirmed' CHECK (status IN ('unconfirmed', 'confirmed', 'unsubscribed')),
  -- Carried by the confirmation link; cleared when used, so the link works once.
  confirm_nonce TEXT,
  -- Carried by every unsubscribe link; replaced when the address unsubscribes.
  unsubscribe_nonce TEXT NOT NULL,
  confirmation_sent_at TEXT,
  confirmed_at TEXT,
  unsubscribed_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX next_edition_subscribers_status_updated_at ON next_edition_subscribers (status, updated_at);

-- E-mail to the list carries List-Unsubscribe headers (RFC 2369, RFC 8058);
-- the local mailbox stores them (JSON object) so /dev/mailbox can show them.
ALTER TABLE dev_mailbox ADD COLUMN headers TEXT;
