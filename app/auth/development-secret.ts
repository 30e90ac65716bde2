/**
 * better-auth's secret locally when no BETTER_AUTH_SECRET is configured: it
 * signs session cookies and encrypts authenticator secrets (./auth.server.ts).
 * Public, so production refuses to start without its own (config.server.ts).
 * Plain TypeScript: the local seeder (scripts/seed-judging.mjs) encrypts its
 * judges' authenticator secret with it, as the site would.
 */
export const DEVELOPMENT_AUTH_SECRET = "development-only-better-auth-secret-not-for-production-use";
