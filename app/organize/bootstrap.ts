/**
 * The bootstrap step's secret (ADR 018): what opens POST
 * /api/organize/bootstrap while no director exists. Plain TypeScript with
 * no imports: the admin CLI (Node 22) reads this file as is.
 */

/** Locally, with ORGANIZER_BOOTSTRAP_SECRET unset. Public: production never accepts it. */
export const DEVELOPMENT_BOOTSTRAP_SECRET = "development-only-organizer-bootstrap-secret";

/** The shortest secret production accepts (issue 50): `openssl rand -base64 32` gives 44 characters. */
export const BOOTSTRAP_SECRET_MIN_CHARS = 32;

/** Whether production refuses `configured` as the bootstrap secret: too short, or the public development one. */
export function bootstrapSecretTooWeak(configured: string): boolean {
  const secret = configured.trim();
  return secret.length < BOOTSTRAP_SECRET_MIN_CHARS || secret === DEVELOPMENT_BOOTSTRAP_SECRET;
}

/**
 * The secret the step accepts now, or null when the step is closed:
 * production accepts only a strong secret of its own (ORGANIZER_BOOTSTRAP_SECRET,
 * never the development one; app/lib/config.server.ts refuses to serve with
 * a weak one set); elsewhere the setting or the development default.
 */
export function bootstrapSecret(configured: string | undefined, production: boolean): string | null {
  const secret = configured?.trim() || null;
  if (production) return secret && !bootstrapSecretTooWeak(secret) ? secret : null;
  return secret ?? DEVELOPMENT_BOOTSTRAP_SECRET;
}
