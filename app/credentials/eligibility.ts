/**
 * Who may hold a credential (issue 31): only an account whose e-mail address
 * is verified. Otherwise whoever signed up first with a learner's address
 * would receive the learner's certification and could put any name on it.
 *
 * The one rule, for every path that issues, signs or shows a credential: the
 * worker's issuance (issue.server.ts), the publication of results, the
 * import of completions (import.server.ts), which reports the refusal in its
 * preview, and the pages.
 */

/** Why an account cannot hold credentials, in the words the import report uses. */
export const HOLDER_REFUSALS = {
  noAccount: "no account with that e-mail",
  notVerified: "account not verified",
} as const;

export type HolderRefusal = (typeof HOLDER_REFUSALS)[keyof typeof HOLDER_REFUSALS];

/** The refusal for an account (null: it may hold credentials). D1 gives booleans as 0/1 outside drizzle. */
export function holderRefusal(account: { emailVerified: boolean | number } | null | undefined): HolderRefusal | null {
  if (!account) return HOLDER_REFUSALS.noAccount;
  return account.emailVerified === true || account.emailVerified === 1 ? null : HOLDER_REFUSALS.notVerified;
}
