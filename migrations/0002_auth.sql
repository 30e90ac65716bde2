-- better-auth's core tables for email-and-password accounts (issue 7), in the
-- shape its drizzle adapter writes on SQLite: text ids, integer millisecond
-- timestamps, 0/1 booleans. app/db/auth-schema.ts is the drizzle view of them
-- (better-auth checks it at start-up). Read a time as text with
-- datetime(created_at / 1000, 'unixepoch').

-- One row per person. email is stored lower-cased by better-auth.
CREATE TABLE "user" (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  email_verified INTEGER NOT NULL DEFAULT 0,
  image TEXT,
  created_at INTEGER NOT NULL DEFAULT (cast(unixepoch('subsecond') * 1000 AS INTEGER)),
  updated_at INTEGER NOT NULL DEFAULT (cast(unixepoch('subsecond') * 1000 AS INTEGER))
);

-- Sessions: the cookie carries the signed token; sign-out deletes the row.
CREATE TABLE session (
  id TEXT PRIMARY KEY NOT NULL,
  expires_at INTEGER NOT NULL,
  token TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL DEFAULT (cast(unixepoch('subsecond') * 1000 AS INTEGER)),
  updated_at INTEGER NOT NULL,
  ip_address TEXT,
  user_agent TEXT,
  user_id TEXT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE
);
CREATE INDEX session_user_id_idx ON session (user_id);

-- Sign-in methods of a user. Email and password is provider_id 'credential'
-- with the scrypt hash in password (docs/decisions/005-password-hashing.md).
CREATE TABLE account (
  id TEXT PRIMARY KEY NOT NULL,
  account_id TEXT NOT NULL,
  provider_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  access_token TEXT,
  refresh_token TEXT,
  id_token TEXT,
  access_token_expires_at INTEGER,
  refresh_token_expires_at INTEGER,
  scope TEXT,
  password TEXT,
  created_at INTEGER NOT NULL DEFAULT (cast(unixepoch('subsecond') * 1000 AS INTEGER)),
  updated_at INTEGER NOT NULL
);
CREATE INDEX account_user_id_idx ON account (user_id);

-- Short-lived tokens (e-mail verification, password reset) when enabled.
CREATE TABLE verification (
  id TEXT PRIMARY KEY NOT NULL,
  identifier TEXT NOT NULL,
  value TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (cast(unixepoch('subsecond') * 1000 AS INTEGER)),
  updated_at INTEGER NOT NULL DEFAULT (cast(unixepoch('subsecond') * 1000 AS INTEGER))
);
CREATE INDEX verification_identifier_idx ON verification (identifier);
