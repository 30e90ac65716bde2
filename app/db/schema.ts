/**
 * The one drizzle schema: every table of the site, one module per concern,
 * gathered here so `getDb` (client.server.ts) and better-auth's adapter know
 * them all. The SQL in migrations/ is the source of truth (applied with
 * `wrangler d1 migrations apply`); keep each module in step with it.
 * Import tables from here, not from the per-concern modules.
 */
export * from "./auth-schema";
export * from "./contact-schema";
export * from "./interests-schema";
export * from "./next-edition-schema";
export * from "./notifications-schema";
export * from "./organization-schema";
export * from "./payments-schema";
export * from "./portal-schema";
export * from "./judging-schema";
export * from "./showcase-schema";
export * from "./credentials-schema";
export * from "./account-schema";
export * from "./organize-schema";
export * from "./events-schema";
export * from "./impact-schema";
export * from "./editions-schema";
export * from "./preview-schema";
export * from "./sponsors-schema";
export * from "./invoices-schema";
export * from "./organization-listings-schema";
export * from "./profiles-schema";
