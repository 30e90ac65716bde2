-- Second factor (issue 13): better-auth's twoFactor plugin, in the shape its
-- drizzle adapter writes on SQLite (integer 0/1 booleans, millisecond dates).
-- app/db/auth-schema.ts is the drizzle view (better-auth checks it at start-up).

-- Set once a TOTP enrolment is confirmed with a code; sign-in then asks for one.
ALTER TABLE "user" ADD COLUMN two_factor_enabled INTEGER DEFAULT 0;

-- One row per user with an authenticator: the secret and the recovery codes,
-- both encrypted with BETTER_AUTH_SECRET. verified = 0 while an enrolment
-- waits for its first code. failed_verification_count / locked_until are the
-- plugin's per-account lockout (10 wrong codes: 15 minutes).
CREATE TABLE two_factor (
  id TEXT PRIMARY KEY NOT NULL,
  secret TEXT NOT NULL,
  backup_codes TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  verified INTEGER DEFAULT 1,
  failed_verification_count INTEGER DEFAULT 0,
  locked_until INTEGER
);
CREATE INDEX two_factor_secret_idx ON two_factor (secret);
CREATE INDEX two_factor_user_id_idx ON two_factor (user_id);
