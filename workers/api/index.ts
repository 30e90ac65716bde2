import { Hono } from "hono";
import { log } from "~/lib/log.server";
import { requestIdFor } from "../security";
import { health } from "./health";

export type ApiEnv = { Bindings: Env; Variables: { requestId: string } };

/** The JSON API under /api: one sub-router per resource. */
export const api = new Hono<ApiEnv>().basePath("/api");

api.use(async (c, next) => {
  c.set("requestId", requestIdFor(c.req.raw));
  await next();
});

api.route("/health", health);

api.notFound((c) => c.json({ error: "Not found" }, 404));

api.onError((error, c) => {
  log("error", "api.unhandled", { requestId: c.get("requestId"), path: c.req.path, error });
  return c.json({ error: "Something went wrong. Please try again." }, 500);
});
