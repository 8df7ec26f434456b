import type { Query, SQL } from "drizzle-orm";
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

type DrizzleInternals = {
  dialect: { sqlToQuery(query: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(values: Record<string, unknown>): Promise<unknown> };
  };
};

/**
 * A raw statement (`sql` with `sql.placeholder` for its values) as a named prepared statement,
 * for statements drizzle's builders cannot write (CTEs that insert and update). It goes through
 * drizzle's own session, as `.prepare(name)` does (the dialect and session are not in drizzle's
 * public typings, so they are reached here alone); `execute` answers the driver's result, whose
 * `rows` both drivers fill alike. Use it with `preparedPerDatabase`, one name per statement.
 */
export function preparedStatement<Row>(db: Database, name: string, query: SQL) {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return {
    async execute(values: Record<string, unknown>): Promise<Row[]> {
      return ((await prepared.execute(values)) as { rows: Row[] }).rows;
    },
  };
}
