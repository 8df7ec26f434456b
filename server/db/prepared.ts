import type { Database } from "./index";

/**
 * A query prepared once per database instead of built on every call: `build` turns the query
 * into a prepared statement (drizzle's `.prepare(name)`, with `sql.placeholder` for its values),
 * and the first call on a database keeps it. Building a query's SQL costs more CPU than running
 * an indexed lookup, and on PostgreSQL a named statement is also parsed and planned once per
 * connection. For queries every signed-in call runs; a transaction gets its own copy.
 */
export function preparedPerDatabase<Prepared>(build: (db: Database) => Prepared): (db: Database) => Prepared {
  const prepared = new WeakMap<Database, Prepared>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
