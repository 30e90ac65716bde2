/**
 * The bootstrap step's secret (ADR 018): what opens POST
 * /api/organize/bootstrap while no director exists. Plain TypeScript with
 * no imports: the admin CLI (Node 22) reads this file as is.
 */

/** Locally, with ORGANIZER_BOOTSTRAP_SECRET unset. Public: production never accepts it. */
export const DEVELOPMENT_BOOTSTRAP_SECRET = "development-only-organizer-bootstrap-secret";

/**
 * The secret the step accepts now, or null when the step is closed:
 * production accepts only a secret of its own (ORGANIZER_BOOTSTRAP_SECRET,
 * never the development one); elsewhere the setting or the development default.
 */
export function bootstrapSecret(configured: string | undefined, production: boolean): string | null {
  const secret = configured?.trim() || null;
  if (production) return secret && secret !== DEVELOPMENT_BOOTSTRAP_SECRET ? secret : null;
  return secret ?? DEVELOPMENT_BOOTSTRAP_SECRET;
}
