import { sql } from "drizzle-orm";
import { oneTimeCodes, passwordResetTokens } from "../../db/schema";
import { inBatches, type RetentionDeps, rowsOf } from "./retention-settings";
import { walkTableBlocks } from "./walk-table-blocks";

/**
 * Mailed codes and reset links that can no longer be used: used (a new code marks the earlier
 * ones used too) or expired. A check only ever reads the live one, so deleting them changes no
 * answer. The verification mail's resend countdown reads the last code's creation, but only
 * while the address is unverified, when that code is unused, and it is no longer than a code
 * lives: an expired code holds nothing back either.
 */
const SPENT = {
  one_time_codes: sql`(consumed_at is not null or expires_at < now())`,
  password_reset_tokens: sql`(used_at is not null or expires_at < now())`,
};
const TABLES = { one_time_codes: oneTimeCodes, password_reset_tokens: passwordResetTokens };

type SpentTable = keyof typeof SPENT;

export async function countSpentCodes(deps: RetentionDeps, table: SpentTable): Promise<number> {
  const result = await rowsOf<{ rows: number }>(
    deps.db,
    sql`select count(*)::int as rows from ${TABLES[table]} where ${SPENT[table]}`,
  );
  return Number(result[0]?.rows ?? 0);
}

/** By blocks (walkTableBlocks): nothing indexes the expiry, and a pruned table stays small. */
export async function pruneSpentCodes(deps: RetentionDeps, table: SpentTable, batchSize: number) {
  return walkTableBlocks(deps.db, table, (slice) =>
    inBatches(batchSize, async () => {
      const deleted = await rowsOf<unknown>(
        deps.db,
        sql`
        delete from ${TABLES[table]} where id in (
          select id from ${TABLES[table]} where ${slice} and ${SPENT[table]}
          limit ${batchSize} for update skip locked
        ) returning 1`,
      );
      return { found: deleted.length, changed: deleted.length };
    }),
  );
}
