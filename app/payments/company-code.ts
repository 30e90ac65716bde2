/**
 * Company (organization enrollment) codes: shared by the form schema (format
 * check in the browser) and the server (issuing, lookup). Their alphabet and
 * length are app/content/registration.ts's, beside the message that states them.
 */
import { COMPANY_CODE_ALPHABET, COMPANY_CODE_LENGTH } from "~/content/registration";

/** What people type ("abcd-efgh jkmn") as stored ("ABCDEFGHJKMN"). */
export function normalizeCompanyCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, "");
}

/** "ABCDEFGHJKMN" → "ABCD-EFGH-JKMN", for reading aloud and copying. */
export function formatCompanyCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** A `code` from a link (an employee's invitation, issue 14) as the form shows it, or null when it is not a code's shape. */
export function prefilledCompanyCode(value: string | null): string | null {
  if (!value) return null;
  const code = normalizeCompanyCode(value);
  const valid = code.length === COMPANY_CODE_LENGTH && [...code].every((c) => COMPANY_CODE_ALPHABET.includes(c));
  return valid ? formatCompanyCode(code) : null;
}
