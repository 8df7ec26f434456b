import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { rowsOf } from "./retention-settings";

/** Blocks of 8 kB one step covers: some hundreds of narrow rows. */
const BLOCKS_PER_STEP = 32;

/**
 * Visits a table a slice of its blocks at a time (`ctid` ranges, a TID range scan), calling
 * `step` with the condition that limits a query to the slice; returns the sum of what the steps
 * return. For tables whose rows the job finds by a column that a hot path rewrites
 * (`last_seen_at` at every refresh, `window_ends_at` at every counted attempt): an index on it
 * would cost that path on every write, while this costs one pass over the table per run and never
 * reads a row twice. Rows written after the walk started are young, so the blocks the table has
 * now are enough.
 */
export async function walkTableBlocks(
  db: Database,
  table: string,
  step: (slice: SQL) => Promise<number>,
): Promise<number> {
  const sized = await rowsOf<{ blocks: number }>(
    db,
    sql`select (pg_relation_size(${table}::regclass) / current_setting('block_size')::int)::int as blocks`,
  );
  const blocks = Number(sized[0]?.blocks ?? 0);
  let total = 0;
  for (let first = 0; first < blocks; first += BLOCKS_PER_STEP) {
    const slice = sql`ctid >= ${`(${first},0)`}::tid and ctid < ${`(${first + BLOCKS_PER_STEP},0)`}::tid`;
    total += await step(slice);
  }
  return total;
}
