import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  fillPlaceholders,
  type ExtractTablesWithRelations,
  type Query,
} from "drizzle-orm";
import { DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

type RelationalSchema = NonNullable<ConstructorParameters<typeof DrizzleD1Database<typeof schema>>[3]>;

/**
 * The relational view of the whole schema (tables, names, relations): the
 * same for every request, so it is derived once per isolate, on the first
 * `getDb`, instead of on each call as `drizzle(binding, { schema })` does
 * (issue 34: up to seven derivations per signed-in page).
 */
let relational: RelationalSchema | undefined;
let dialect: SQLiteAsyncDialect | undefined;

function relationalSchema(): RelationalSchema {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = {
      fullSchema: schema,
      schema: tables.tables,
      tableNamesMap: tables.tableNamesMap,
    } as unknown as RelationalSchema;
  }
  return relational;
}

/** Each binding's drizzle instance: it holds nothing but the binding, so a request or the next one reuses it. */
const byBinding = new WeakMap<D1Database, Db>();

/**
 * The site's database on a D1 binding. Built as drizzle-orm/d1's
 * `drizzle(env.DB, { schema })` builds it, around the relational view derived
 * once, and kept for the binding: call it wherever it is needed. Nothing here
 * runs at module scope (workerd forbids I/O outside a request).
 */
export function getDb(env: Pick<Env, "DB">): Db {
  const known = byBinding.get(env.DB);
  if (known) return known;
  const schemaView = relationalSchema();
  dialect ??= new SQLiteAsyncDialect();
  const session = new SQLiteD1Session<typeof schema, ExtractTablesWithRelations<typeof schema>>(
    env.DB,
    dialect,
    schemaView,
    {},
  );
  const db = Object.assign(new DrizzleD1Database<typeof schema>("async", dialect, session, schemaView), {
    $client: env.DB,
  });
  byBinding.set(env.DB, db);
  return db;
}

/**
 * A statement on a request's hot path whose SQL is built once per isolate
 * (issue 34): written with drizzle's builder, the values it takes marked
 * `sql.placeholder(name)`, and sent on each request's binding with the values
 * bound (never inlined). Building the SQL of a large statement costs more
 * than running it.
 */
export function statementOnce(build: (db: Db) => { toSQL(): Query }) {
  let query: Query | undefined;
  return (db: Db, values: Record<string, unknown>): D1PreparedStatement => {
    query ??= build(db).toSQL();
    return db.$client.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
  };
}
