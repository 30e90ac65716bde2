import { Hono } from "hono";
import { log } from "~/lib/log.server";
import { requestIdFor } from "../security";
import { authRoutes } from "./auth";
import { health } from "./health";
import { organize } from "./organize";
import { payments } from "./payments";
import { stripe } from "./stripe";

import type { ApiEnv } from "./env";

/** The JSON API under /api: one sub-router per resource. */
export const api = new Hono<ApiEnv>().basePath("/api");

api.use(async (c, next) => {
  c.set("requestId", requestIdFor(c.req.raw));
  await next();
});

api.route("/health", health);
// better-auth answers every method under /api/auth/*, for the endpoints app/auth/served-endpoints.ts lists (404 otherwise).
api.route("/auth", authRoutes);
api.route("/payments", payments);
api.route("/stripe", stripe);
// The organizer API (issue 32, ADR 018): the desk's actions with a per-organizer token.
api.route("/organize", organize);

api.notFound((c) => c.json({ error: "Not found" }, 404));

api.onError((error, c) => {
  log("error", "api.unhandled", { requestId: c.get("requestId"), path: c.req.path, error });
  return c.json({ error: "Something went wrong. Please try again." }, 500);
});
