/**
 * An account's few rows of several tables in one statement (issue 56): each
 * statement costs a call to D1 and the decoding of its result in the
 * isolate, so a page that shows one person's short lists from ten tables
 * reads them as JSON arrays, columns of one row, instead of ten statements.
 * Only for lists that stay short (one account's own rows); a table that
 * grows with the edition is paged in SQL instead.
 *
 * Each list is `json_group_array` over its own ordered subquery: SQLite never
 * flattens an ordered subquery into an aggregate, so the array keeps the
 * subquery's order. Values are SQLite's own (text and numbers): a boolean or
 * timestamp column, which drizzle maps, is refused by the types.
 */
import { sql, type Column, type GetColumnData, type SQL, type SQLWrapper } from "drizzle-orm";

type JsonField = Column | SQL<unknown>;
export type JsonFields = Record<string, JsonField>;

/** A field's value as JSON returns it: a text or number column's own type; never for a mapped one. */
type JsonValue<F> = F extends Column
  ? F["_"]["data"] extends string | number
    ? GetColumnData<F>
    : never
  : F extends SQL<infer T>
    ? T
    : never;

export type JsonRow<F extends JsonFields> = { [K in keyof F]: JsonValue<F[K]> };

/** `json_object('key', value, …)` of the fields, keys inlined (they are ours, and D1 binds at most 100 values). */
function jsonObject(fields: JsonFields): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => {
    if (!/^\w+$/.test(key)) throw new Error(`json_object key ${key}: letters, digits and underscores only`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * A column holding the rows of `rows(row)` as an array of `fields` objects,
 * in the subquery's order (`[]` when there is none). `rows` builds the
 * subquery: `db.select({ row }).from(…).where(…).orderBy(…)`.
 */
export function jsonList<F extends JsonFields>(fields: F, rows: (row: SQL.Aliased<unknown>) => SQLWrapper) {
  const list = rows(jsonObject(fields).as("row"));
  return sql`(SELECT coalesce(json_group_array(json("row")), '[]') FROM ${list})`.mapWith(
    (text: string) => JSON.parse(text) as JsonRow<F>[],
  );
}
