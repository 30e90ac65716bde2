-- The second factor, one way in (issue 50): a code counts once, and wrong
-- codes given in a session lock the account's codes for a while.
-- app/db/account-schema.ts (`secondFactorCodes`) is the drizzle view;
-- app/auth/second-factor-codes.server.ts the one writer.
--
-- last_totp_step: the time step (Unix seconds / 30) of the last authenticator
-- code accepted for the account, anywhere (sign-in, /account, the desk). A
-- code whose step is at or before it is refused, so the code that signed a
-- session in cannot confirm a proposal, nor one code two proposals.
-- wrong_codes / locked_until: wrong codes in a row given from a signed-in
-- session (the desk's confirmation, /account's confirmation); at 5, codes are
-- refused until locked_until (ISO instant, 15 minutes on). A right code resets
-- the count. Sign-in keeps better-auth's own lockout (two_factor.locked_until).
CREATE TABLE second_factor_codes (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  last_totp_step INTEGER,
  wrong_codes INTEGER NOT NULL DEFAULT 0,
  locked_until TEXT
);
