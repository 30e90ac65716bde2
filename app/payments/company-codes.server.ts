/**
 * Company codes: issued to a paid Workforce registration in its fulfillment
 * batch, entered by employees on the Individual form. Crypto-random, from an
 * unambiguous alphabet (app/content/registration.ts); guessing is rate-limited
 * per client IP (RATE_LIMITER) before any lookup.
 */
import { and, eq, isNull } from "drizzle-orm";
import { COMPANY_CODE_ALPHABET, COMPANY_CODE_LENGTH } from "~/content/registration";
import type { Db } from "~/db/client.server";
import { companyCodes, registrations } from "~/db/schema";

/** A fresh code: uniform over the alphabet (rejection sampling, no modulo bias). */
export function generateCompanyCode(): string {
  const alphabet = COMPANY_CODE_ALPHABET;
  // The largest multiple of the alphabet's size that fits in a byte.
  const limit = 256 - (256 % alphabet.length);
  let code = "";
  while (code.length < COMPANY_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(COMPANY_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < COMPANY_CODE_LENGTH) code += alphabet[byte % alphabet.length];
    }
  }
  return code;
}

/**
 * A code no row holds yet. A collision is about 1 in 10^17, and the table's
 * primary key would refuse it anyway; checking first keeps the issued code and
 * the e-mail that carries it in agreement.
 */
export async function unusedCompanyCode(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateCompanyCode();
    const [taken] = await db.select({ code: companyCodes.code }).from(companyCodes).where(eq(companyCodes.code, code));
    if (!taken) return code;
  }
  throw new Error("could not find an unused company code");
}

/**
 * The paid Workforce registration a live code belongs to, with the code's
 * edition, or null. Whether that edition is the one enrolling now is the
 * caller's decision (app/payments/enrollment.server.ts), so that the refusal
 * can name the code's edition rather than call a real code unknown.
 */
export async function organizationForCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: registrations.id, companyName: registrations.companyName, editionId: companyCodes.editionId })
    .from(companyCodes)
    .innerJoin(registrations, eq(registrations.id, companyCodes.registrationId))
    .where(
      and(
        eq(companyCodes.code, code),
        isNull(companyCodes.revokedAt),
        eq(registrations.status, "paid"),
        eq(registrations.registrationType, "workforce"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The live code of a Workforce registration, or null. */
export async function liveCodeFor(db: Db, registrationId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: companyCodes.code })
    .from(companyCodes)
    .where(and(eq(companyCodes.registrationId, registrationId), isNull(companyCodes.revokedAt)))
    .limit(1);
  return row?.code ?? null;
}
