import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = DrizzleD1Database<typeof schema>;

/**
 * The site's database for one request or batch. Cheap: it wraps the binding,
 * so build it where it is needed rather than at module scope (workerd forbids
 * I/O outside a request).
 */
export function getDb(env: Pick<Env, "DB">): Db {
  return drizzle(env.DB, { schema });
}
