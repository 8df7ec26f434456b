import { sql } from "drizzle-orm";
import { oneTimeCodes, passwordResetTokens } from "../../db/schema";
import { countRows, deleteBatch, inBatches, type RetentionDeps } from "./retention-settings";
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
  return countRows(deps.db, TABLES[table], SPENT[table]);
}

/** By blocks (walkTableBlocks): nothing indexes the expiry, and a pruned table stays small. */
export async function pruneSpentCodes(deps: RetentionDeps, table: SpentTable, batchSize: number) {
  return walkTableBlocks(deps.db, table, (slice) =>
    inBatches(batchSize, async () => {
      const deleted = await deleteBatch(deps.db, {
        table: TABLES[table],
        key: sql`id`,
        where: sql`${slice} and ${SPENT[table]}`,
        batchSize,
      });
      return { found: deleted.length, changed: deleted.length };
    }),
  );
}
