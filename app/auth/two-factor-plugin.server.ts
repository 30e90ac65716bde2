/**
 * The second factor (issue 13, docs/accounts.md): better-auth's twoFactor
 * plugin with authenticator-app codes (TOTP, 6 digits, 30 s) and ten
 * single-use recovery codes. No e-mail or SMS codes. Its table is
 * migrations/0007_two_factor.sql.
 */
import { twoFactor } from "better-auth/plugins/two-factor";
import { site } from "~/content/site";

/** How long the sign-in challenge (the two_factor cookie) lasts: time to open the app. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 600;

export function twoFactorPlugin() {
  return twoFactor({
    // The name an authenticator app lists the account under.
    issuer: site.name,
    twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
    // A code must be confirmed before the second factor is on (no lock-out by a mistyped scan).
    skipVerificationOnEnable: false,
    backupCodeOptions: { amount: 10, length: 10 },
  });
}
