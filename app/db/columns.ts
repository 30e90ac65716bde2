import { sql } from "drizzle-orm";

/** The default of every ISO-8601 text timestamp column (as the migrations write it). */
export const isoNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
