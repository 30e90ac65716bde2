import { Hono } from "hono";
import type { ApiEnv } from "./index";

/**
 * Liveness for operators and the test harness: proves the worker answers and
 * that D1 answers with its migrations applied.
 */
export const health = new Hono<ApiEnv>().get("/", async (c) => {
  try {
    const row = await c.env.DB.prepare("SELECT count(*) AS applied FROM d1_migrations").first<{ applied: number }>();
    return c.json({
      status: "ok",
      service: "idaho-ai-challenge",
      environment: c.env.ENVIRONMENT,
      database: { status: "ok", migrationsApplied: row?.applied ?? 0 },
    });
  } catch (error) {
    return c.json(
      {
        status: "error",
        service: "idaho-ai-challenge",
        environment: c.env.ENVIRONMENT,
        database: { status: "error", message: error instanceof Error ? error.message : String(error) },
      },
      503,
    );
  }
});
