import { applyD1Migrations, env } from "cloudflare:test";

// The same SQL files `wrangler d1 migrations apply` runs; already-applied ones are skipped.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
