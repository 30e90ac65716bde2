import { Hono } from "hono";
import { log } from "~/lib/log.server";
import type { ApiEnv } from "./env";

/**
 * Liveness for operators and the test harness: proves the worker answers and
 * that D1 answers with its migrations applied. A failure says only that the
 * database is down: its error text (table names, SQL) goes to the log, which
 * operators read by the X-Request-Id of the answer.
 */
export const health = new Hono<ApiEnv>().get("/", async (c) => {
  try {
    // d1_migrations is wrangler's own table, not in our drizzle schema.
    const row = await c.env.DB.prepare("SELECT count(*) AS applied FROM d1_migrations").first<{ applied: number }>();
    return c.json({
      status: "ok",
      service: "idaho-ai-challenge",
      environment: c.env.ENVIRONMENT,
      database: { status: "ok", migrationsApplied: row?.applied ?? 0 },
    });
  } catch (error) {
    log("error", "health.database_failed", { requestId: c.get("requestId"), error });
    return c.json(
      {
        status: "error",
        service: "idaho-ai-challenge",
        environment: c.env.ENVIRONMENT,
        database: { status: "error" },
      },
      503,
    );
  }
});
